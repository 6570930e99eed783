// Builds a copy of the fixture site (or a variant of it) through the real CLI, as an author would.
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fixtureSite, projectRoot } from './paths.ts';
import { tempDir } from './temp-dir.ts';

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
