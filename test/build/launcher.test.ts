// scripts/launch.mjs runs the engine as bundled JavaScript (no TypeScript loader): it must build
// exactly what the engine run under tsx builds, and a build with nothing to do must not load the
// pipeline at all.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { projectRoot } from '../helpers/paths.ts';
import { treeOf } from '../helpers/output-tree.ts';

describe('the launcher', { timeout: 180_000 }, () => {
  let site: FixtureCopy;
  before(() => {
    site = copyFixture();
  });
  after(() => site && rmSync(site.dir, { recursive: true, force: true }));

  it('builds byte for byte what the engine under tsx builds, and skips an up-to-date build without loading the pipeline', () => {
    const viaTsx = site.build(); // node --import tsx scripts/build.ts, --no-cache
    assert.equal(viaTsx.status, 0, viaTsx.stderr);
    const expected = treeOf(site.out);
    rmSync(site.out, { recursive: true, force: true });
    const cache = path.join(site.dir, '.cache');
    // A module hook lists every module the process and its worker threads load.
    const hooks = path.join(site.dir, 'hooks.mjs');
    writeFileSync(hooks, "export async function load(url, context, next) { if (url.startsWith('file:')) process.stderr.write('LOADED ' + url + '\\n'); return next(url, context); }\n");
    const register = path.join(site.dir, 'register.mjs');
    writeFileSync(register, `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
    // Markdown workers and the search index's reading thread even for this small site
    // (SG_WORKER_THRESHOLD, SG_SEARCH_READER_AFTER), to see where they start from and that the
    // output is the same.
    const first = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, 'scripts/launch.mjs', ...site.buildArgs([], cache).slice(2)],
      { cwd: projectRoot, encoding: 'utf8', env: { ...process.env, SG_WORKER_THRESHOLD: '0', SG_SEARCH_READER_AFTER: '0' } });
    assert.equal(first.status, 0, first.stderr);
    const actual = treeOf(site.out);
    assert.deepEqual([...actual.keys()], [...expected.keys()]);
    for (const [rel, bytes] of expected) assert.ok(bytes.equals(actual.get(rel)!), `${rel} differs`);
    // The worker threads start from the launcher's bundle: esbuild made no worker file for this build.
    const started = first.stderr.split('\n').filter((l) => /worker\.mjs$/.test(l));
    for (const worker of ['markdown/worker', 'output/compress-worker', 'search/read-worker']) {
      assert.ok(started.some((l) => l.includes('/.cache/launch/') && l.endsWith(`/workers/${worker}.mjs`)), `${worker} from the launcher's bundle: ${started.join(', ')}`);
    }
    assert.deepEqual(started.filter((l) => l.includes('/.cache/workers/')), [], 'no worker bundled by the build itself');
    // The bundled tree walker does without its per-node debug names (scripts/launch.mjs), and the
    // output above is the same for it: a version of unist-util-visit-parents whose lines the patch
    // no longer finds fails here, not silently in the benchmark.
    const bundleDir = path.dirname(path.dirname(path.dirname(started[0].slice('LOADED file://'.length))));
    const bundled = readdirSync(bundleDir).filter((f) => f.endsWith('.mjs')).map((f) => readFileSync(path.join(bundleDir, f), 'utf8')).join('\n');
    assert.match(bundled, /node_modules\/unist-util-visit-parents\/lib\/index\.js/, 'the walker is bundled');
    assert.doesNotMatch(bundled, /defineProperty\(visit\d*, "name"/, 'the walker names no visitor');
    // Up to date: the pipeline's chunk (and with it unified, React, esbuild's work) is never loaded.
    const again = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, 'scripts/launch.mjs', ...site.buildArgs([], cache).slice(2)], { cwd: projectRoot, encoding: 'utf8' });
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /Up to date/);
    const loaded = again.stderr.split('\n').filter((l) => l.startsWith('LOADED '));
    assert.ok(loaded.some((l) => /\/entry\.mjs$/.test(l)), 'the launcher ran its bundle');
    assert.ok(!loaded.some((l) => /pipeline-|node_modules\/(?:unified|react-dom|micromark)/.test(l)), loaded.filter((l) => /pipeline|node_modules/.test(l)).join('\n'));
  });

  it('keeps the bundles of older sources from piling up: the newest few and the recently used stay', () => {
    const launchDir = path.join(projectRoot, '.cache', 'launch');
    const fake = (name: string, hoursAgo: number) => {
      mkdirSync(path.join(launchDir, name), { recursive: true });
      const t = new Date(Date.now() - hoursAgo * 3_600_000);
      utimesSync(path.join(launchDir, name), t, t);
    };
    // Older than any real one (two days or more), and two used a minute ago: with the one in use,
    // those are the three newest, whatever else the folder holds.
    for (let i = 0; i < 6; i++) fake(`build-ts.0ld${i}`, 48 * (i + 1));
    fake('build-ts.0ldbutused', 0.02);
    fake('build-ts.0ldbutused2', 0.03);
    fake('dev-ts.0ld', 480);
    const r = spawnSync(process.execPath, ['scripts/launch.mjs', 'scripts/build.ts', '--prepare-only'], { cwd: projectRoot, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const left = readdirSync(launchDir);
    assert.deepEqual(left.filter((n) => n.startsWith('build-ts.0ld')).sort(), ['build-ts.0ldbutused', 'build-ts.0ldbutused2'], 'the old bundles beyond the newest three went');
    assert.ok(left.includes('dev-ts.0ld'), "another entry's bundles are its own launches' to tidy");
    for (const n of ['build-ts.0ldbutused', 'build-ts.0ldbutused2']) rmSync(path.join(launchDir, n), { recursive: true, force: true });
    rmSync(path.join(launchDir, 'dev-ts.0ld'), { recursive: true, force: true });
  });
});
