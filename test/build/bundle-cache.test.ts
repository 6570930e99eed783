// Cached builds take the browser bundle and the page renderer from the cache when the theme, the
// React pages, the config and the lock file are those of a kept build; any change to them makes
// the bundles again, and either way the output is a cold build's, byte for byte.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build, type BuildResult } from '../../build/index.ts';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { copyProject } from '../dev/harness.ts';
import { assertSameTree } from '../helpers/output-tree.ts';

describe('bundles from the cache', () => {
  let site: FixtureCopy;
  let project: ReturnType<typeof copyProject>;
  let cacheDir: string;
  const options = (outDir: string, cache: string | null) => ({
    projectRoot: project.root, docsDir: site.docs, pagesDir: path.join(site.dir, 'pages'), staticDir: path.join(site.dir, 'static'),
    configPath: path.join(site.dir, 'site.config.ts'), outDir, cacheDir: cache, userGuide: false,
  });
  /** A build with the cache, then a cold one of the same sources; their outputs must be equal. */
  async function buildAndCompare(step: string): Promise<BuildResult> {
    const cached = await build(options(site.out, cacheDir));
    const coldOut = path.join(site.dir, 'cold-dist');
    rmSync(coldOut, { recursive: true, force: true });
    await build(options(coldOut, null));
    assertSameTree(site.out, coldOut, step);
    return cached;
  }
  const editDoc = () => {
    const file = path.join(site.docs, 'guide/intro.md');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nЕщё один абзац.\n`);
  };

  before(async () => {
    site = copyFixture();
    project = copyProject();
    cacheDir = path.join(site.dir, '.cache');
    const first = await build(options(site.out, cacheDir));
    assert.equal(first.bundlesFromCache, false);
  });
  after(() => {
    project?.remove();
    if (site) rmSync(site.dir, { recursive: true, force: true });
  });

  it('a text edit takes the bundles from the cache, and writes what a cold build writes', async () => {
    editDoc();
    const r = await buildAndCompare('text edit');
    assert.equal(r.bundlesFromCache, true);
  });

  it('a theme edit bundles again: the new stylesheet is in the pages', async () => {
    const tokens = path.join(project.root, 'src/theme/styles/tokens.css');
    writeFileSync(tokens, `${readFileSync(tokens, 'utf8')}\n:root { --sg-test-marker: 1px; }\n`);
    editDoc();
    const r = await buildAndCompare('theme edit');
    assert.equal(r.bundlesFromCache, false);
    assert.match(readFileSync(path.join(site.out, 'guide/intro/index.html'), 'utf8'), /--sg-test-marker/);
  });

  it('a damaged cache entry is made again, not trusted', async () => {
    const entries = readdirSync(path.join(cacheDir, 'bundles'));
    for (const e of entries) rmSync(path.join(cacheDir, 'bundles', e, 'out', 'assets'), { recursive: true, force: true });
    editDoc();
    const r = await buildAndCompare('damaged cache');
    assert.equal(r.bundlesFromCache, false);
    editDoc();
    assert.equal((await buildAndCompare('after the damage')).bundlesFromCache, true);
  });

  it("the kept page renderer is one file with React's production server code in it, and loads no package", () => {
    // What every build that renders a page pays for: React's files loaded from node_modules were
    // compiled again by each build; bundled, the launcher runs them from a code cache. The
    // browser renderer and the development builds stay out of it.
    const entry = readdirSync(path.join(cacheDir, 'bundles')).find((e) => !e.endsWith('.tmp'))!;
    const code = path.join(cacheDir, 'bundles', entry, 'render.cjs');
    const text = readFileSync(code, 'utf8');
    assert.doesNotMatch(text, /react-dom\/client|react-dom-client/, 'the renderer never asks for the browser renderer, not even on a path it rarely takes');
    assert.match(text, /renderToString/, "React's server renderer is in the file");
    assert.doesNotMatch(text, /React does not recognize|Each child in a list should have a unique/, "no development build of React (their warnings are not in it)");
    const script = `const { loadRenderer } = await import(${JSON.stringify(path.resolve('build/render/bundle.ts'))});
      const { readFileSync } = await import('node:fs');
      const { createRequire } = await import('node:module');
      const r = await loadRenderer(readFileSync(${JSON.stringify(code)}, 'utf8'), ${JSON.stringify(project.root)});
      if (typeof r.render !== 'function') throw new Error('no renderer');
      // The dev server's renderer, made again on every theme edit, is not kept once let go.
      const dev = await loadRenderer(readFileSync(${JSON.stringify(code)}, 'utf8') + '\\n// another theme', ${JSON.stringify(project.root)}, { reloadable: true });
      if (typeof dev.render !== 'function') throw new Error('no dev renderer');
      if (createRequire(import.meta.url).cache[dev.file]) throw new Error('the dev renderer stayed in the module cache');
      if (!createRequire(import.meta.url).cache[r.file]) throw new Error('the build renderer is loaded once');
      console.log(JSON.stringify(Object.keys(createRequire(import.meta.url).cache)));`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
    assert.equal(child.status, 0, child.stderr);
    const loaded = (JSON.parse(child.stdout.trim().split('\n').at(-1)!) as string[]).filter((f) => f.includes(`${path.sep}node_modules${path.sep}`));
    assert.deepEqual(loaded.filter((f) => /[\\/]node_modules[\\/](react|react-dom|scheduler|@orama)[\\/]/.test(f)), [], 'React and the stemmer come from the file, not from node_modules');
  });
});
