// `npm run dev` end to end: the CLI over a temporary copy of the fixture site (and of src/, so
// theme edits never touch the real one), driven by headless Chromium.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { isolate, launchBrowser, watchErrors } from '../helpers/browser.ts';
import { siteDist } from '../helpers/paths.ts';
import { copyProject, devArgs, startDev, until, type DevProcess } from './harness.ts';

describe('dev server (npm run dev)', () => {
  let site: FixtureCopy;
  let project: ReturnType<typeof copyProject>;
  let dev: DevProcess;
  let browser: Browser;
  let context: BrowserContext;
  const introPath = () => path.join(site.docs, 'guide', 'intro.md');
  /** The editor the overlay's file links open: a script that writes down what it was asked to open. */
  const editorLog = () => path.join(site.dir, 'editor.log');

  before(async () => {
    site = copyFixture();
    project = copyProject();
    const editor = path.join(site.dir, 'editor.sh');
    writeFileSync(editor, `#!/bin/sh\necho "$@" >> '${editorLog()}'\n`);
    chmodSync(editor, 0o755);
    // The test's five saves take microseconds, but on a loaded CI machine this process can be
    // paused between two of them for longer than the default 20 ms quiet time; 300 ms keeps
    // "one burst of saves" meaning the same there.
    [dev, browser] = await Promise.all([
      startDev([...devArgs(site), '--root', project.root], undefined, undefined, { SG_DEV_QUIET_MS: '300', LAUNCH_EDITOR: path.join(site.dir, 'editor.sh') }),
      launchBrowser(),
    ]);
    context = await browser.newContext({ viewport: { width: 1280, height: 600 } });
    await isolate(context);
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await dev?.stop();
    project?.remove();
    if (site) rmSync(site.dir, { recursive: true, force: true });
  });

  /** Opens a page and waits until the live-reload hook is attached (after hydration). */
  async function open(route: string): Promise<{ page: Page; errors: string[] }> {
    const page = await context.newPage();
    const errors = watchErrors(page);
    const res = await page.goto(dev.origin + route);
    assert.equal(res?.status(), 200);
    await page.waitForFunction(() => document.documentElement.dataset.sgDevLive === 'true');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    return { page, errors };
  }
  const marker = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker);
  const mainText = (page: Page) => page.locator('#main').innerText();

  it('serves the site with production routing, outside dist/, with the live-reload client in each page', async () => {
    const res = await fetch(`${dev.origin}/guide/intro`);
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /<script type="module" src="\/__dev\/client\.js"><\/script><\/body>/);
    assert.ok(res.headers.get('content-security-policy'), 'the production CSP is sent');
    const missing = await fetch(`${dev.origin}/no/such/page`);
    assert.equal(missing.status, 404);
    assert.match(await missing.text(), /Страница не найдена/);
    const slash = await fetch(`${dev.origin}/guide/intro/`, { redirect: 'manual' });
    assert.equal(slash.status, 301);
    assert.equal(slash.headers.get('location'), '/guide/intro');
    // The files on disk are the build's own: the script tag is added when serving.
    const onDisk = readFileSync(path.join(site.dir, '.dev', 'guide', 'intro', 'index.html'), 'utf8');
    assert.doesNotMatch(onDisk, /__dev/);
    assert.equal(existsSync(site.out), false, 'dist/ is never written');
  });

  it('swaps an edited page in place, without a reload, keeping the scroll position', async () => {
    const { page, errors } = await open('/guide/intro');
    await page.evaluate(() => window.scrollTo(0, 400));
    await until(() => page.evaluate(() => window.scrollY === 400), 'the scroll');
    const before = readFileSync(introPath(), 'utf8');
    const from = dev.output().length;
    writeFileSync(introPath(), before.replace('## Установка агента', 'Новый абзац, сохранённый только что.\n\n## Установка агента'));
    await page.waitForFunction(() => document.querySelector('#main')?.textContent?.includes('Новый абзац, сохранённый только что.'));
    assert.equal(await marker(page), 42, 'the page was not reloaded');
    assert.equal(await page.evaluate(() => window.scrollY), 400, 'the scroll position is kept');
    // One short line in the terminal: what changed, how long it took.
    const line = await dev.waitForOutput(/docs\/guide\/intro\.md: 1 page updated in \d+ ms/, from);
    assert.ok(line);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a title edit changes the tab\'s title too, and so does restoring it', async () => {
    const { page, errors } = await open('/guide/intro');
    assert.equal(await page.title(), 'Введение в фикстуру | Fixture');
    const text = readFileSync(introPath(), 'utf8');
    writeFileSync(introPath(), text.replace('title: Введение в фикстуру', 'title: Новое название'));
    await page.waitForFunction(() => document.title === 'Новое название | Fixture');
    assert.equal(await page.locator('h1').innerText(), 'Новое название');
    writeFileSync(introPath(), text);
    await page.waitForFunction(() => document.title === 'Введение в фикстуру | Fixture');
    assert.equal(await marker(page), 42, 'swapped in place, not reloaded');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('coalesces several quick saves into one rebuild', async () => {
    const { page } = await open('/guide/intro');
    const from = dev.output().length;
    const text = readFileSync(introPath(), 'utf8');
    for (let i = 1; i <= 5; i++) writeFileSync(introPath(), text.replace('Новый абзац', `Правка ${i}. Новый абзац`));
    await page.waitForFunction(() => document.querySelector('#main')?.textContent?.includes('Правка 5.'));
    // Longer than the quiet time: a second batch would have started and logged by now.
    await new Promise((r) => setTimeout(r, 600));
    const rebuilds = dev.output().slice(from).match(/intro\.md: 1 page updated/g) ?? [];
    assert.equal(rebuilds.length, 1, dev.output().slice(from));
    assert.equal(await marker(page), 42);
    await page.close();
  });

  it('serves a new page and adds it to the sidebar of the open pages', async () => {
    const { page, errors } = await open('/reference/api');
    site.write('docs/reference/zz-new.md', '---\ntitle: Новая страница\nsidebar_label: Свежая\n---\n\nТолько что написана.\n');
    await page.locator('nav.menu a[href="/reference/zz-new"]', { hasText: 'Свежая' }).waitFor();
    assert.equal(await marker(page), 42, 'the open page took the new sidebar in place');
    const res = await fetch(`${dev.origin}/reference/zz-new`);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /Только что написана/);
    // Its neighbour's "next" link now points at it.
    const api = JSON.parse(await (await fetch(`${dev.origin}/_data/reference/api.json`)).text());
    assert.equal(api.next?.href, '/reference/zz-new');
    // Renamed, it moves; deleted, it is gone, and the terminal says so.
    const beforeDelete = dev.output().length;
    unlinkSync(path.join(site.docs, 'reference', 'zz-new.md'));
    await until(async () => (await fetch(`${dev.origin}/reference/zz-new`)).status === 404, 'the deleted page to 404');
    await page.locator('nav.menu a[href="/reference/zz-new"]').waitFor({ state: 'detached' });
    assert.ok(await dev.waitForOutput(/zz-new\.md: .*page \/reference\/zz-new removed in \d+ ms/, beforeDelete));
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('shows a front-matter error in an overlay with file:line, keeps serving, and hides it once fixed', async () => {
    const { page } = await open('/guide/intro');
    const good = readFileSync(introPath(), 'utf8');
    const from = dev.output().length;
    writeFileSync(introPath(), good.replace('sidebar_label: Введение', 'sidebar_label: [Введение'));
    const overlay = page.locator('#sg-dev-overlay');
    await overlay.waitFor();
    assert.match(await overlay.innerText(), /guide\/intro\.md:\d+: invalid YAML in front matter/);
    // Its file:line opens the file at that line in the author's editor ($LAUNCH_EDITOR here).
    const location = overlay.getByRole('button', { name: /guide\/intro\.md:\d+$/ });
    const line = Number(/:(\d+)$/.exec(await location.innerText())![1]);
    await location.click();
    await until(() => existsSync(editorLog()) && readFileSync(editorLog(), 'utf8').trim() === `${introPath()} ${line} 1`, 'the editor to be started with the file and line');
    // No one else has a file opened: not a page of another site (no header), not a file outside the site's sources.
    const ask = (file: string, headers: Record<string, string>) => fetch(`${dev.origin}/__dev/open?file=${encodeURIComponent(file)}&line=1`, { method: 'POST', headers }).then((r) => r.status);
    assert.equal(await ask(introPath(), {}), 403);
    assert.equal(await ask('/etc/passwd', { 'X-SG-Open-In-Editor': '1' }), 404);
    assert.equal((await fetch(`${dev.origin}/__dev/open?file=${encodeURIComponent(introPath())}&line=1`, { headers: { 'X-SG-Open-In-Editor': '1' } })).status, 403, 'a GET (an <img> of another page) opens nothing');
    assert.equal(readFileSync(editorLog(), 'utf8').trim().split('\n').length, 1);
    // The terminal says the same, with the file and line.
    await dev.waitForOutput(/error: .*guide\/intro\.md:\d+: invalid YAML in front matter/, from);
    // The server still answers, with the last good version of the page.
    const res = await fetch(`${dev.origin}/guide/intro`);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /Новый абзац/);
    // A page opened now shows the overlay at once.
    const other = await open('/guide/install');
    await other.page.locator('#sg-dev-overlay').waitFor();
    writeFileSync(introPath(), good.replace('Новый абзац', 'Исправленный абзац'));
    await overlay.waitFor({ state: 'detached' });
    await other.page.locator('#sg-dev-overlay').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelector('#main')?.textContent?.includes('Исправленный абзац'));
    assert.equal(await marker(page), 42);
    await other.page.close();
    await page.close();
  });

  it('reloads the page on a site config change, and shows a config error until it is fixed', async () => {
    const { page } = await open('/guide/install');
    const configFile = path.join(site.dir, 'site.config.ts');
    const good = readFileSync(configFile, 'utf8');
    writeFileSync(configFile, good.replace("tagline: 'Тестовый сайт генератора',", "tagline: 'Тестовый сайт генератора',\n  colour: 'blue',"));
    const overlay = page.locator('#sg-dev-overlay');
    await overlay.waitFor();
    assert.match(await overlay.innerText(), /site\.config\.ts:\d+: invalid site config/);
    assert.equal((await fetch(`${dev.origin}/guide/install`)).status, 200);
    writeFileSync(configFile, good.replace("text: 'Тестовое объявление.'", "text: 'Объявление после правки конфигурации.'"));
    await page.getByText('Объявление после правки конфигурации.').waitFor();
    assert.equal(await marker(page), undefined, 'a config change reloads the page');
    assert.equal(await overlay.count(), 0);
    await page.close();
  });

  it('reloads the page with the change after a theme component edit; a syntax error shows in the overlay', async () => {
    const footer = path.join(project.root, 'src', 'theme', 'Footer', 'Footer.tsx');
    const good = readFileSync(footer, 'utf8');
    assert.match(good, /<div className="footer__inner"/, 'the Footer component renders its inner block');
    const { page, errors } = await open('/guide/intro');
    await page.evaluate(() => window.scrollTo(0, 300));
    await until(() => page.evaluate(() => window.scrollY === 300), 'the scroll');
    writeFileSync(footer, good.replace('<div className="footer__inner"', '<div className="footer__inner" data-live-edit="1"'));
    await page.locator('footer [data-live-edit="1"]').waitFor();
    assert.equal(await marker(page), undefined, 'a theme edit reloads the page');
    await until(() => page.evaluate(() => window.scrollY === 300), 'the scroll position back after the reload');
    // A syntax error: the overlay names the file and line, the server keeps serving the last good theme.
    writeFileSync(footer, good.replace('<div className="footer__inner"', '<div className="footer__inner" data-live-edit="1" {'));
    const overlay = page.locator('#sg-dev-overlay');
    await overlay.waitFor();
    assert.match(await overlay.innerText(), /src\/theme\/Footer\/Footer\.tsx:\d+: cannot bundle the theme/);
    assert.equal((await fetch(`${dev.origin}/guide/install`)).status, 200);
    writeFileSync(footer, good);
    await overlay.waitFor({ state: 'detached' });
    await page.locator('footer [data-live-edit]').waitFor({ state: 'detached' });
    assert.deepEqual(errors.filter((e) => !/ERR_CONNECTION|Failed to load resource/.test(e)), []);
    await page.close();
  });

  it('draws an edited icon after the reload: a new sprite under a new name', async () => {
    const shapes = path.join(project.root, 'src', 'theme', 'Icons', 'icon-shapes.ts');
    const good = readFileSync(shapes, 'utf8');
    const { page, errors } = await open('/guide/intro');
    const spriteUrl = () => page.locator('nav.navbar svg use[href$="#github"]').getAttribute('href');
    const before = await spriteUrl();
    assert.match(before ?? '', /^\/assets\/icons\.[0-9a-f]+\.svg#github$/);
    const drawing = 'M3 6h18M3 12h18M3 18h18';
    assert.ok(good.includes(drawing), 'the menu icon has the expected drawing');
    try {
      writeFileSync(shapes, good.replace(drawing, 'M4 6h16M4 12h16M4 18h16'));
      await until(async () => (await spriteUrl()) !== before, 'the page with the new sprite');
      const sprite = await (await fetch(`${dev.origin}${(await spriteUrl())!.split('#')[0]}`)).text();
      assert.match(sprite, /<symbol id="menu"[^>]*><path d="M4 6h16M4 12h16M4 18h16"\/>/);
      assert.deepEqual(errors.filter((e) => !/ERR_CONNECTION|Failed to load resource/.test(e)), []);
    } finally {
      writeFileSync(shapes, good);
      await page.close();
    }
    await until(async () => (await fetch(`${dev.origin}${before!.split('#')[0]}`)).status === 200, 'the first sprite back');
  });

  it('copies a new static file', async () => {
    site.write('static/files/notes.txt', 'заметки');
    await until(async () => (await fetch(`${dev.origin}/files/notes.txt`)).status === 200, 'the static file');
  });

  it('never puts the live-reload code into the production bundle', () => {
    const assets = path.join(siteDist(), 'assets');
    const js = readdirSync(assets, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    assert.ok(js.length > 0);
    for (const f of js) assert.doesNotMatch(readFileSync(path.join(assets, f), 'utf8'), /sg:dev-update|__dev\/events/, f);
  });

  it('stops cleanly on Ctrl+C', async () => {
    const code = await dev.stop();
    assert.equal(code, 0);
    assert.match(dev.output(), /Dev server stopped\./);
  });
});
