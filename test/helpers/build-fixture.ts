// Builds a copy of the fixture site (or a variant of it) through the real CLI, as an author would.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fixtureSite, projectRoot } from './paths.ts';
import { tempDir } from './temp-dir.ts';
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { serveWithBrowser, type ServedSite } from './browser.ts';

export interface FixtureCopy {
  dir: string;
  docs: string;
  out: string;
  write(rel: string, content: string | Uint8Array): void;
  /** Rewrites a file of the copy (relative to its folder) with `change` of its text. */
  edit(rel: string, change: (text: string) => string): void;
  /** Node's arguments for a build of this copy through the CLI (to spawn it yourself). */
  buildArgs(extra?: string[], cacheDir?: string): string[];
  /** Builds through the CLI; without a cache unless `cacheDir` names one. */
  build(extra?: string[], cacheDir?: string): { status: number; stdout: string; stderr: string };
}

export function copyFixture(): FixtureCopy {
  const dir = tempDir('sg-fixture-');
  cpSync(fixtureSite, dir, { recursive: true });
  const out = path.join(dir, 'dist');
  return {
    dir,
    docs: path.join(dir, 'docs'),
    out,
    write(rel, content) {
      const file = path.join(dir, rel);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, content);
    },
    edit(rel, change) {
      this.write(rel, change(readFileSync(path.join(dir, rel), 'utf8')));
    },
    buildArgs(extra = [], cacheDir) {
      return ['--import', 'tsx', 'scripts/build.ts',
        '--docs', path.join(dir, 'docs'), '--pages', path.join(dir, 'pages'), '--static', path.join(dir, 'static'),
        '--config', path.join(dir, 'site.config.ts'), '--out', out, ...(cacheDir ? ['--cache-dir', cacheDir] : ['--no-cache']), ...extra];
    },
    build(extra = [], cacheDir) {
      const r = spawnSync(process.execPath, this.buildArgs(extra, cacheDir), { cwd: projectRoot, encoding: 'utf8' });
      return { status: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
    },
  };
}

/**
 * For a describe block: a copy of the fixture site, changed by `prepare`, built through the CLI
 * (with `buildArgs`) and served to a browser before its tests, both stopped after them. The
 * fields are read in the tests, once the before hook has set them.
 */
export function servedFixture(prepare: (fixture: FixtureCopy) => void, buildArgs: string[] = []): { readonly fixture: FixtureCopy; readonly site: ServedSite; readonly browser: Browser } {
  let served: { fixture: FixtureCopy; site: ServedSite; browser: Browser; close(): Promise<void> } | undefined;
  before(async () => {
    const fixture = copyFixture();
    prepare(fixture);
    const r = fixture.build(buildArgs);
    assert.equal(r.status, 0, r.stderr);
    served = { fixture, ...(await serveWithBrowser(fixture.out)) };
  });
  after(() => served?.close());
  const get = () => served ?? assert.fail('the fixture is served from the before hook on');
  return { get fixture() { return get().fixture; }, get site() { return get().site; }, get browser() { return get().browser; } };
}
