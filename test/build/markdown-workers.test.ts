// Large sites compile their Markdown in worker threads (build/markdown/compile-stage.ts), which
// take the pages from one queue and send them back chunk by chunk. The threshold is lowered here
// so that the fixture takes that path: the output must be byte for byte the one compiled in the
// build's own thread, and a bad page must still fail the build with its file and line.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, renameSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { projectRoot } from '../helpers/paths.ts';

function build(args: string[], workers: boolean) {
  const env = { ...process.env, SG_WORKER_THRESHOLD: workers ? '0' : '1000000000', SG_WORKERS: '2' };
  return spawnSync(process.execPath, args, { cwd: projectRoot, encoding: 'utf8', env });
}

function files(dir: string): Map<string, Buffer> {
  return new Map(readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      return [path.relative(dir, file), readFileSync(file)] as const;
    }));
}

/**
 * Builds the fixture in the build's own thread, then in two workers (with the cache given, or
 * none), and compares the two outputs file by file. Returns the fixture for further builds.
 */
function sameInWorkers(cacheOf?: (site: FixtureCopy) => string): FixtureCopy {
  const site = copyFixture();
  const inThread = build(site.buildArgs(['--quiet']), false);
  assert.equal(inThread.status, 0, inThread.stderr);
  const threadOut = `${site.out}-thread`;
  renameSync(site.out, threadOut);
  const inWorkers = build(site.buildArgs([], cacheOf?.(site)), true);
  assert.equal(inWorkers.status, 0, inWorkers.stderr);
  assert.match(inWorkers.stdout, /, 2 worker threads;/, 'the pages went through two workers');
  const expected = files(threadOut);
  const actual = files(site.out);
  actual.delete(path.join('_headers', 'build.json')); // the up-to-date stamp only cached builds write
  assert.deepEqual([...actual.keys()].sort(), [...expected.keys()].sort());
  for (const [rel, bytes] of expected) assert.ok(actual.get(rel)!.equals(bytes), `${rel} differs`);
  return site;
}

describe('Markdown compiled in worker threads', () => {
  it('gives the same output as the build\'s own thread, file by file', () => {
    sameInWorkers();
  });

  it('with a cache, the workers store the pages\' text themselves: same output, and the next build compiles nothing', () => {
    const cacheOf = (site: FixtureCopy) => path.join(site.dir, '.cache');
    const site = sameInWorkers(cacheOf);
    site.write('static/img/extra.txt', 'новый файл\n'); // something changed, so the build is not skipped
    const again = build(site.buildArgs(['--stats-json', path.join(site.dir, 'stats.json')], cacheOf(site)), true);
    assert.equal(again.status, 0, again.stderr);
    assert.equal(JSON.parse(readFileSync(path.join(site.dir, 'stats.json'), 'utf8')).compiled, 0, 'the stored pages were not found');
  });

  it('on a cold build with a cache, starts its workers before the compile and hands them the pages: same output', () => {
    const cacheOf = (site: FixtureCopy) => path.join(site.dir, '.cache');
    const site = sameInWorkers(cacheOf);
    // Cold again: a new cache folder, so the workers start beside the discovery of the pages.
    const stats = path.join(site.dir, 'stats.json');
    site.write('static/img/extra.txt', 'новый файл\n');
    const cold = build(site.buildArgs(['--quiet', '--stats-json', stats], path.join(site.dir, '.cache-cold')), true);
    assert.equal(cold.status, 0, cold.stderr);
    const { workers, workersStartedEarly, compiled } = JSON.parse(readFileSync(stats, 'utf8'));
    assert.equal(workers, 2);
    assert.equal(workersStartedEarly, 2, 'the workers were not started before the compile');
    assert.ok(compiled > 0, 'nothing was compiled');
    // Warm: nothing to compile, so no worker is started at all.
    site.write('static/img/extra.txt', 'другой файл\n');
    const warm = build(site.buildArgs(['--quiet', '--stats-json', stats], path.join(site.dir, '.cache-cold')), true);
    assert.equal(warm.status, 0, warm.stderr);
    const again = JSON.parse(readFileSync(stats, 'utf8'));
    assert.deepEqual([again.workers, again.workersStartedEarly], [0, 0]);
  });

  it('a cold build that fails before its compile, its workers started, lets its process end with the error', () => {
    const site = copyFixture();
    site.write('docs/guide/twin.md', '---\ntitle: Двойник\nslug: /guide/intro\n---\n\nТекст.\n');
    // build() itself, not the CLI (which exits on an error): workers left running would keep this process alive.
    const script = path.join(site.dir, 'build-once.ts');
    site.write('build-once.ts', `import { build } from ${JSON.stringify(pathToFileURL(path.join(projectRoot, 'build', 'index.ts')).href)};
      build(${JSON.stringify({ projectRoot, docsDir: site.docs, pagesDir: path.join(site.dir, 'pages'), staticDir: path.join(site.dir, 'static'), configPath: path.join(site.dir, 'site.config.ts'), outDir: site.out, cacheDir: path.join(site.dir, '.cache'), userGuide: false })})
        .then(() => console.log('built'), (e) => { console.error(e.message); process.exitCode = 3; });\n`);
    const r = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: projectRoot, encoding: 'utf8', timeout: 60_000, env: { ...process.env, SG_WORKER_THRESHOLD: '0', SG_WORKERS: '2' },
    });
    assert.equal(r.signal, null, 'the process did not end after the failed build (killed by the test\'s timeout)');
    assert.equal(r.status, 3, r.stderr);
    assert.match(r.stderr, /route \/guide\/intro is claimed by two files/);
  });

  it('with a worker on every core, scavenges without helper threads during the compile and puts V8\'s default back after it', () => {
    const site = copyFixture();
    // As many workers as the compile runs at most on this machine (src: build/markdown/worker-pool.ts).
    const workers = Math.min(availableParallelism(), 4);
    const script = path.join(site.dir, 'build-flags.ts');
    site.write('build-flags.ts', `import { build } from ${JSON.stringify(pathToFileURL(path.join(projectRoot, 'build', 'index.ts')).href)};
      import { engineFlag } from ${JSON.stringify(pathToFileURL(path.join(projectRoot, 'build', 'v8-flags.ts')).href)};
      build(${JSON.stringify({ projectRoot, docsDir: site.docs, pagesDir: path.join(site.dir, 'pages'), staticDir: path.join(site.dir, 'static'), configPath: path.join(site.dir, 'site.config.ts'), outDir: site.out, cacheDir: null, userGuide: false })})
        .then((r) => console.log(JSON.stringify({ workers: r.workers, flag: engineFlag('parallel-scavenge') ?? null })));\n`);
    const r = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: projectRoot, encoding: 'utf8', timeout: 120_000, env: { ...process.env, SG_WORKER_THRESHOLD: '0', SG_WORKERS: String(workers) },
    });
    assert.equal(r.status, 0, r.stderr);
    const { workers: used, flag } = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { workers: number; flag: string | null };
    assert.equal(used, workers);
    // Turned off and back on leaves `--parallel-scavenge` recorded; never turned off, nothing.
    assert.equal(flag, workers >= availableParallelism() ? '--parallel-scavenge' : null);
  });

  it('checks links with the checker it loaded while the workers compiled: a missing file fails the build with its page and line', () => {
    const site = copyFixture();
    site.write('docs/guide/missing-file.md', '---\ntitle: Ссылка на файл\n---\n\nТекст.\n\n[Схема](/img/no-such-diagram.svg)\n');
    const r = build(site.buildArgs(['--quiet']), true);
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /docs\/guide\/missing-file\.md:7: broken link on \/guide\/missing-file: \/img\/no-such-diagram\.svg points at a page or file that does not exist/);
  });

  it('fails on a bad page with its file and line', () => {
    const site = copyFixture();
    site.write('docs/guide/bad-import.md', '---\ntitle: Плохая страница\n---\n\nТекст.\n\nimport Tabs from \'@theme/Tabs\';\n');
    const r = build(site.buildArgs(['--quiet']), true);
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /docs\/guide\/bad-import\.md:7: "import Tabs from '@theme\/Tabs';" is an MDX import\/export/);
  });

  it('with two bad pages, names the first in the site\'s order, whichever worker met it', () => {
    const site = copyFixture();
    const bad = '---\ntitle: Плохая страница\n---\n\nТекст.\n\nimport Tabs from \'@theme/Tabs\';\n';
    site.write('docs/guide/a-bad.md', bad);
    site.write('docs/guide/z-bad.md', bad);
    const r = build(site.buildArgs(['--quiet']), true);
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /docs\/guide\/a-bad\.md:7: /);
    assert.doesNotMatch(r.stderr, /z-bad\.md/);
  });
});
