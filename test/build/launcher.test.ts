// scripts/launch.mjs runs the engine as bundled JavaScript (no TypeScript loader) with V8's code
// cache (scripts/run-cached.mjs): it must build exactly what the engine run under tsx builds, a
// build with nothing to do must not start the pipeline at all, and a code cache V8 refuses costs
// only its speed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { projectRoot } from '../helpers/paths.ts';
import { treeOf } from '../helpers/output-tree.ts';

/** A path as a regular expression that matches it literally. */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
    const launch = () => spawnSync(process.execPath, ['--import', pathToFileURL(register).href, 'scripts/launch.mjs', ...site.buildArgs([], cache).slice(2)],
      { cwd: projectRoot, encoding: 'utf8', env: { ...process.env, SG_WORKER_THRESHOLD: '0', SG_SEARCH_READER_AFTER: '0', SG_LAUNCH_REPORT: '1' } });
    const first = launch();
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
    const bundled = readdirSync(bundleDir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.[cm]js$/.test(f))
      .map((f) => readFileSync(path.join(bundleDir, f), 'utf8')).join('\n');
    // (The bundle has no comments naming its modules: the patch's own mark, `void color`, shows the walker is in it.)
    assert.match(bundled, /"string"\?value\d*\.name:void 0;void color\}/, 'the walker is bundled, patched');
    assert.doesNotMatch(bundled, /defineProperty\(visit\d*,\s*"name"/, 'the walker names no visitor');
    // pdfkit (and the font code it loads, ~0.1 s) is the guide worker's alone: a file of the
    // build's thread that imports it makes every build pay for it at start, with the guide or not.
    const loadsPdfkit = readdirSync(bundleDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.[cm]js$/.test(f) && /require\("pdfkit"\)|from\s*"pdfkit"/.test(readFileSync(path.join(bundleDir, f), 'utf8')));
    assert.deepEqual(loadsPdfkit, [path.join('workers', 'pdf', 'worker.mjs')]);
    // Up to date: the pipeline's chunk is never loaded (nor any package it imports, nor a worker),
    // and what is loaded comes from the code caches the first build left.
    const again = launch();
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /Up to date/);
    const caches = again.stderr.split('\n').filter((l) => l.startsWith('launch: '));
    assert.ok(caches.some((l) => /\/entry\.cjs code cache accepted$/.test(l)), caches.join('\n'));
    assert.deepEqual(caches.filter((l) => !/ code cache accepted$/.test(l)), [], 'every file the up-to-date build ran came from its code cache');
    assert.ok(!caches.some((l) => l.includes('pipeline-')), caches.join('\n'));
    const loaded = again.stderr.split('\n').filter((l) => l.startsWith('LOADED '));
    assert.deepEqual(loaded.filter((l) => /node_modules|\/workers\//.test(l)), [], 'the up-to-date build loads no package and starts no worker');
  });

  it('runs the engine from the code cache of the last build, and a cache V8 refuses is made again', () => {
    const cache = path.join(site.dir, '.cache-code');
    const build = () => spawnSync(process.execPath, ['scripts/launch.mjs', ...site.buildArgs(['--no-link-check'], cache).slice(2)],
      { cwd: projectRoot, encoding: 'utf8', env: { ...process.env, SG_LAUNCH_REPORT: '1' } });
    site.edit('docs/guide/intro.md', (t) => `${t}\nПервая правка.\n`);
    const warm = build();
    assert.equal(warm.status, 0, warm.stderr);
    // The launcher names each file it runs (SG_LAUNCH_REPORT): the pipeline's chunk is the one to damage below.
    const pipeline = warm.stderr.match(/^launch: (\S+\/pipeline-\w+\.cjs) code cache \w+$/m)?.[1];
    assert.ok(pipeline, warm.stderr);
    const cacheFile = `${pipeline}.v8-code`;
    assert.ok(statSync(cacheFile).size > 100_000, 'a build leaves a code cache of the pipeline it ran');
    // Damaged (a disk error, a copy cut short): refused, the build is the same, and the cache is written again.
    writeFileSync(cacheFile, Buffer.alloc(4096, 7));
    site.edit('docs/guide/intro.md', (t) => `${t}\nВторая правка.\n`);
    const damaged = build();
    assert.equal(damaged.status, 0, damaged.stderr);
    assert.match(damaged.stderr, new RegExp(`^launch: ${escape(pipeline)} code cache rejected$`, 'm'));
    assert.match(damaged.stderr, new RegExp(`^launch: ${escape(pipeline)} code cache written \\(\\d+ bytes\\)$`, 'm'));
    assert.match(damaged.stdout, /pages: \d+ rendered/, damaged.stdout);
    site.edit('docs/guide/intro.md', (t) => `${t}\nТретья правка.\n`);
    const next = build();
    assert.equal(next.status, 0, next.stderr);
    assert.match(next.stderr, new RegExp(`^launch: ${escape(pipeline)} code cache accepted$`, 'm'));
    assert.doesNotMatch(next.stderr, /code cache written/, 'a cache V8 took is kept');
    // The page renderer, a file the build writes (build/render/bundle.ts), runs from a code cache too.
    assert.match(next.stderr, /^launch: \S+\/\.cache\/ssr\/render\.[0-9a-f]{16}\.cjs code cache accepted$/m, next.stderr);
  });

  it("puts back V8's defaults of exactly the flags the engine changes before the code cache is written", async () => {
    // A code cache made under other flags than the next start's is refused every time: the
    // defaults the launcher restores must be this V8's, and the engine must change no other flag.
    const { ENGINE_FLAG_DEFAULTS } = await import(pathToFileURL(path.join(projectRoot, 'scripts', 'run-cached.mjs')).href) as { ENGINE_FLAG_DEFAULTS: Record<string, number | boolean> };
    const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    for (const [name, value] of Object.entries(ENGINE_FLAG_DEFAULTS)) {
      // A boolean's default reads `--name` or `--no-name`, any other `--name=value`.
      const written = typeof value === 'boolean' ? `--${value ? '' : 'no-'}${name}` : `--${name}=${value}`;
      assert.match(options, new RegExp(`default: ${written}(?![\\w-])`), `${written} is the default in this V8`);
    }
    // Every flag goes through build/v8-flags.ts, which tells the launcher.
    const set = new Set<string>();
    const buildDir = path.join(projectRoot, 'build');
    for (const rel of readdirSync(buildDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(path.join(buildDir, rel), 'utf8');
      if (rel !== 'v8-flags.ts') assert.doesNotMatch(text, /setFlagsFromString/, `${rel} sets V8 flags through build/v8-flags.ts`);
      for (const call of text.matchAll(/setEngineFlags\(([^;]*)\);/g)) for (const flag of call[1].matchAll(/--(?:no-)?([a-z][a-z-]*[a-z])(?=[=\s'`])/g)) set.add(flag[1]);
    }
    assert.deepEqual([...set].sort(), Object.keys(ENGINE_FLAG_DEFAULTS).sort());
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
