// The dev server answers the first page while the rest of the site is still being built: the
// page asked for is compiled and rendered on its own, the other pages' titles are read from
// their front matter or first `# ` line until they are compiled.
import assert from 'node:assert/strict';
import fs, { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { isolate, launchBrowser, watchErrors } from '../helpers/browser.ts';
import { devArgs, freePort, sessionOf, startDev, until, type DevProcess } from './harness.ts';
import { treeOf } from '../helpers/output-tree.ts';
import { RACY_MS } from '../../build/cache/input-stamps.ts';

/** Pages enough that compiling them all takes seconds, far longer than one page alone. */
function addBulkPages(site: FixtureCopy, count = 400) {
  const section = (i: number, j: number) => `## Раздел ${j}\n\nАбзац ${i}.${j} с \`кодом\`, **выделением** и [ссылкой](/guide/intro).\n\n\`\`\`bash\nsgroups --config /etc/sgroups/config.yaml # ${i}.${j}\n\`\`\`\n`;
  for (let i = 0; i < count; i++) {
    site.write(`docs/bulk/p${String(i).padStart(3, '0')}.md`, `# Страница ${i}\n\n${Array.from({ length: 8 }, (_, j) => section(i, j)).join('\n')}`);
  }
}

/** A doc whose title the quick read cannot see: a setext heading. */
const SETEXT_TITLE = 'Подчёркнутый заголовок';
const addSetextDoc = (site: FixtureCopy) => site.write('docs/reference/setext.md', `${SETEXT_TITLE}\n${'='.repeat(22)}\n\nТекст.\n`);

/** A dev server over the fixture and the bulk pages (a first build of seconds), on a port of its own. */
async function startBulkDev(more?: (site: FixtureCopy) => void): Promise<{ site: FixtureCopy; dev: DevProcess }> {
  const site = copyFixture();
  addBulkPages(site);
  more?.(site);
  const port = await freePort();
  return { site, dev: await startDev(devArgs(site).map((a) => (a === '0' ? String(port) : a)), 60_000, port) };
}

const withoutDevClient = (html: string) => html.replace(/<script type="module" src="\/__dev\/client\.js(\?early)?"><\/script>/, '');

describe('dev server: the first page while the site builds', () => {
  it('renders the page asked for before the first build is done, with the bytes that build writes', async () => {
    const site = copyFixture();
    addBulkPages(site);
    const { session, out } = sessionOf(site);
    try {
      let built = false;
      const starting = session.start().then((r) => ((built = true), r));
      const early = await session.renderEarly('/guide/intro');
      assert.equal(built, false, 'the whole site was built before the first page');
      assert.ok(early?.includes('<h1'), 'no page came back');
      const result = await starting;
      assert.deepEqual(result.errors, []);
      assert.deepEqual(result.provisional, [], 'the early page differs from the built one');
      assert.equal(early, readFileSync(path.join(out, 'guide/intro/index.html'), 'utf8'));
      // Once built, pages come from the output folder.
      assert.equal(await session.renderEarly('/guide/intro'), undefined);
    } finally {
      await session.close();
      rmSync(site.dir, { recursive: true, force: true });
    }
  });

  it('waits for the build for a route no page has', async () => {
    const site = copyFixture();
    const { session } = sessionOf(site);
    try {
      const starting = session.start();
      assert.equal(await session.renderEarly('/no/such/page'), undefined);
      await starting;
    } finally {
      await session.close();
      rmSync(site.dir, { recursive: true, force: true });
    }
  });

  describe('in the browser', () => {
    let site: FixtureCopy;
    let dev: DevProcess;
    let browser: Browser;

    before(async () => {
      [{ site, dev }, browser] = await Promise.all([startBulkDev(addSetextDoc), launchBrowser()]);
    });
    after(async () => {
      await browser?.close();
      await dev?.stop();
      if (site) rmSync(site.dir, { recursive: true, force: true });
    });

    it('answers before the build ends; a label it guessed wrong is corrected by reloading the tab', async () => {
      const res = await fetch(`${dev.origin}/reference/api`);
      assert.equal(res.status, 200);
      const early = await res.text();
      assert.doesNotMatch(dev.output(), /Dev server at/, 'the first page waited for the whole build');
      assert.match(dev.output(), /\/reference\/api served in/);
      // The setext title is not a `# ` line: the early sidebar names the page after its file.
      assert.match(early, />Setext</);
      assert.match(early, /\/__dev\/client\.js\?early/);

      const context = await browser.newContext();
      await isolate(context);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${dev.origin}/reference/api`);
      const link = page.locator('.doc-sidebar a[href="/reference/setext"]');
      // The build finishes, finds the label differs, and the tab loads the built page.
      await page.waitForFunction((title) => document.querySelector('.doc-sidebar a[href="/reference/setext"]')?.textContent === title, SETEXT_TITLE, { timeout: 60_000 });
      assert.equal(await link.textContent(), SETEXT_TITLE);
      await dev.waitForOutput(/Dev server at/);
      const built = readFileSync(path.join(site.dir, '.dev', 'reference/api/index.html'), 'utf8');
      assert.equal(withoutDevClient(await page.evaluate(() => fetch(location.href).then((r) => r.text()))), built);
      assert.deepEqual(errors, []);
      await context.close();
    });
  });

  it('keeps an edit saved while the first build runs, before the file watcher has started', async () => {
    const { site, dev } = await startBulkDev();
    try {
      assert.equal((await fetch(`${dev.origin}/guide/intro`)).status, 200);
      // Every source has been read by now; the watcher starts only after this first page.
      assert.doesNotMatch(dev.output(), /Dev server at/, 'the first build was already over');
      const intro = path.join(site.dir, 'docs', 'guide', 'intro.md');
      writeFileSync(intro, `${readFileSync(intro, 'utf8')}\nПравка во время первой сборки.\n`);
      await dev.waitForOutput(/Dev server at/);
      await until(async () => (await (await fetch(`${dev.origin}/guide/intro`)).text()).includes('Правка во время первой сборки.'), 'the edit in the page', 30_000);
    } finally {
      await dev.stop();
      rmSync(site.dir, { recursive: true, force: true });
    }
  });

  it('stops at Ctrl+C while the first build runs: a word on the terminal, exit code 0, nothing from esbuild', async () => {
    const { site, dev } = await startBulkDev();
    try {
      // Listening, the first build under way (esbuild bundles the theme at its start).
      const code = await dev.stop();
      assert.doesNotMatch(dev.output(), /Dev server at/, 'the build was over before the Ctrl+C');
      assert.equal(code, 0, dev.output());
      assert.match(dev.output(), /Dev server stopped before the site was built\./);
      assert.doesNotMatch(dev.output(), /fatal error|deadlock|goroutine/i);
    } finally {
      rmSync(site.dir, { recursive: true, force: true });
    }
  });
});

/**
 * Records which files under `dir` the process reads with readFileSync from now until stop() (the
 * engine's modules see the spy: syncBuiltinESMExports updates their `node:fs` bindings).
 */
function spyOnReads(dir: string): { stop(): string[] } {
  const original = fs.readFileSync;
  const read: string[] = [];
  fs.readFileSync = ((file: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
    if (typeof file === 'string' && file.startsWith(dir + path.sep)) read.push(path.relative(dir, file));
    return (original as (...a: unknown[]) => unknown)(file, ...rest);
  }) as typeof fs.readFileSync;
  syncBuiltinESMExports();
  return {
    stop() {
      fs.readFileSync = original;
      syncBuiltinESMExports();
      return read;
    },
  };
}

/** Files written this close to a look are read again by the next one (build/cache/input-stamps.ts). */
const pastRacyWindow = () => new Promise((resolve) => setTimeout(resolve, RACY_MS + 200));

describe('dev server: started again over the same cache', () => {
  it('reads no unchanged page but the one asked for before answering it, and builds what the first start built', async () => {
    const site = copyFixture();
    addBulkPages(site, 40);
    // Beside the page asked for in its sidebar, titled by its first line only.
    site.write('docs/reference/first-line.md', '\n# Заголовок из первой строки\n\nТекст.\n');
    const cacheDir = path.join(site.dir, '.cache');
    const coldOut = path.join(site.dir, 'cold-dev');
    try {
      await pastRacyWindow();
      const first = sessionOf(site, { cacheDir });
      assert.deepEqual((await first.session.start()).errors, []);
      await first.session.close();
      cpSync(first.out, coldOut, { recursive: true });

      const again = sessionOf(site, { cacheDir });
      const reads = spyOnReads(site.docs);
      let early: string | undefined;
      let readBeforeAnswer: string[];
      try {
        const starting = again.session.start();
        early = await again.session.renderEarly('/reference/api');
        readBeforeAnswer = reads.stop().filter((f) => f.endsWith('.md'));
        const result = await starting;
        assert.deepEqual(result.errors, []);
        assert.deepEqual(result.provisional, [], 'the early page differs from the built one');
      } finally {
        reads.stop();
        await again.session.close();
      }
      // Its own file only: the other pages' front matter and first lines came from the cache.
      assert.deepEqual(readBeforeAnswer, [path.join('reference', 'api.md')]);
      assert.ok(early?.includes('>Заголовок из первой строки<'), 'a page titled by its first line is not named so in the sidebar');
      assert.equal(early, readFileSync(path.join(again.out, 'reference/api/index.html'), 'utf8'));
      const [built, cold] = [treeOf(again.out), treeOf(coldOut)];
      assert.deepEqual([...built.keys()], [...cold.keys()]);
      for (const [rel, bytes] of cold) assert.ok(bytes.equals(built.get(rel)!), `${rel} differs from the first start's`);
    } finally {
      rmSync(site.dir, { recursive: true, force: true });
    }
  });

  it('keeps its cache in the folder --cache-dir names, as the build does', async () => {
    const site = copyFixture();
    const cacheDir = path.join(site.dir, 'elsewhere', 'cache');
    try {
      await pastRacyWindow();
      const dev = await startDev(devArgs(site, ['--cache-dir', cacheDir]));
      assert.equal(await dev.stop(), 0, dev.output());
      // The config as loaded and the pages' stamps, for the next start.
      const kept = readdirSync(cacheDir);
      assert.ok(kept.includes('site-config.v8') && kept.includes('input-stamps.v8'), `the cache folder has ${kept.join(', ')}`);
    } finally {
      rmSync(site.dir, { recursive: true, force: true });
    }
  });

  it('compiles a page saved after it was known by the cache as it is when the watcher reports it, with no error meanwhile', async () => {
    const site = copyFixture();
    addBulkPages(site, 40);
    const cacheDir = path.join(site.dir, '.cache');
    try {
      await pastRacyWindow();
      const first = sessionOf(site, { cacheDir });
      await first.session.start();
      await first.session.close();

      const again = sessionOf(site, { cacheDir });
      try {
        const starting = again.session.start();
        // The first page is answered once every source has been looked at: then the bulk page is saved.
        assert.ok(await again.session.renderEarly('/guide/intro'));
        site.edit('docs/bulk/p017.md', (text) => `${text}\nПравка после старта.\n`);
        const result = await starting;
        assert.deepEqual(result.errors, []);
        // What the watcher would report; the page is read and compiled as it is now.
        const changed = await again.change('docs/bulk/p017.md');
        assert.deepEqual(changed.errors, []);
        assert.match(readFileSync(path.join(again.out, 'bulk/p017/index.html'), 'utf8'), /Правка после старта\./);
      } finally {
        await again.session.close();
      }
    } finally {
      rmSync(site.dir, { recursive: true, force: true });
    }
  });
});
