// Behaviours that need content or config the real site does not have, on copies of the fixture
// site built through the CLI: an unlisted page, a narrowed table of contents, two tab groups on
// one page, and a new announcement id after a redeploy (two builds served at one origin).
import assert from 'node:assert/strict';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator } from 'playwright-core';
import { REDIRECTS_JSON_FILE } from '../../build/output/redirect-page.ts';
import { createPreviewServer, listen, stopServer } from '../../build/serve/server.ts';
import { isolate, launchBrowser, watchErrors } from '../helpers/browser.ts';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { gotoHydrated, hydrated } from './theme-helpers.ts';

const TABS_PAGE = `---
title: Вкладки и оглавление
---

Две группы вкладок с одним именем группы переключаются вместе.

## Установка

::::tabs{group="os"}
:::tab{label="Ubuntu"}
\`\`\`bash
apt-get install -y hbf-agent
\`\`\`
:::
:::tab{label="Debian"}
\`\`\`bash
apt install hbf-agent
\`\`\`
:::
::::

${'Абзац, чтобы группы были далеко друг от друга.\n\n'.repeat(12)}

### Проверка

#### Подробности четвёртого уровня

Текст.

## Удаление

::::tabs{group="os"}
:::tab{label="Ubuntu"}
\`\`\`bash
apt-get remove -y hbf-agent
\`\`\`
:::
:::tab{label="Debian"}
\`\`\`bash
apt remove hbf-agent
\`\`\`

#### Ключ репозитория {#debian-key}

Удалите и ключ репозитория.
:::
::::

Об этом — [ключ репозитория](#debian-key).

${'Ещё абзац.\n\n'.repeat(20)}
`;

const NARROW_TOC_PAGE = `---
title: Только второй уровень
toc_max_heading_level: 2
---

## Раздел

### Подраздел

Текст.

## Второй раздел

Текст.
`;

const DETAILS_PAGE = `---
title: Свёрнутые блоки
---

Перед блоком.

<details>
<summary>Как проверить правило на хосте</summary>

Выполните \`nft list ruleset\` и найдите цепочку группы.

### Цепочка группы {#chain}

Её имя начинается с имени группы.

</details>

После блока: [цепочка группы](#chain). Подробнее — в [вики nftables](https://wiki.nftables.org/).

\`\`\`bash showLineNumbers=9
apt-get update
apt-get install -y hbf-agent
\`\`\`
`;

function buildCopy(mutate?: (copy: FixtureCopy) => void): FixtureCopy {
  const copy = copyFixture();
  copy.write('docs/reference/tabs.md', TABS_PAGE);
  copy.write('docs/reference/narrow-toc.md', NARROW_TOC_PAGE);
  copy.write('docs/reference/details.md', DETAILS_PAGE);
  // A link to another site in the navbar and in the sidebar.
  const config = readFileSync(path.join(copy.dir, 'site.config.ts'), 'utf8')
    .replace("{ type: 'github', position: 'right' },", "{ type: 'link', label: 'Блог', href: 'https://blog.example.com/', position: 'left' },\n      $&")
    .replace("{ type: 'doc', id: 'guide/install', label: 'Установка' },", "$&\n      { type: 'link', label: 'Исходный код', href: 'https://github.com/H-BF/sgroups' },");
  copy.write('site.config.ts', config);
  mutate?.(copy);
  const r = copy.build(['--no-link-check']);
  assert.equal(r.status, 0, `fixture build failed:\n${r.stdout}\n${r.stderr}`);
  return copy;
}

describe('fixture site', () => {
  let browser: Browser;
  let origin: string;
  let front: http.Server;
  let serving: http.Server;
  let first: http.Server;
  let second: http.Server;
  let filesOnly: http.Server;
  const copies: FixtureCopy[] = [];

  before(async () => {
    const a = buildCopy();
    copies.push(a);
    // The same site redeployed with a new announcement in the config.
    const b = buildCopy((copy) => {
      const file = `${copy.dir}/site.config.ts`;
      copy.write('site.config.ts', readFileSync(file, 'utf8').replace("id: 'fixture-1', text: 'Тестовое объявление.'", "id: 'fixture-2', text: 'Новое объявление.'"));
    });
    copies.push(b);
    first = createPreviewServer(a.out);
    second = createPreviewServer(b.out);
    // A host that serves files only (no 301s of its own): the same output without the redirects for servers.
    const files = `${a.dir}/files-only`;
    cpSync(a.out, files, { recursive: true });
    rmSync(path.join(files, REDIRECTS_JSON_FILE));
    filesOnly = createPreviewServer(files);
    serving = first;
    // One origin (so one localStorage) in front of whichever build is deployed.
    front = http.createServer((req, res) => serving.emit('request', req, res));
    origin = `http://127.0.0.1:${await listen(front, 0)}`;
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    if (front) await stopServer(front);
    for (const c of copies) rmSync(c.dir, { recursive: true, force: true });
  });

  async function open() {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await isolate(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return { context, page, errors: watchErrors(page) };
  }

  it('marks an unlisted page with a notice and a robots noindex, and leaves it out of the sidebar', async () => {
    const { context, page, errors } = await open();
    await gotoHydrated(page, `${origin}/hidden`);
    const notice = page.locator('.unlisted-notice');
    assert.ok(await notice.isVisible());
    assert.match(await notice.innerText(), /поисковые системы не будут её индексировать/);
    assert.equal(await page.getAttribute('meta[name="robots"]', 'content'), 'noindex, nofollow');
    assert.equal(await page.locator('aside.doc-sidebar a[href="/hidden"]').count(), 0);
    const sitemap = await (await page.request.get(`${origin}/sitemap.xml`)).text();
    assert.ok(!sitemap.includes('/hidden<'), 'not in the sitemap');
    // A listed page has neither.
    await gotoHydrated(page, `${origin}/guide/install`);
    assert.equal(await page.locator('.unlisted-notice').count(), 0);
    assert.equal(await page.locator('meta[name="robots"]').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('keeps h4 out of the table of contents and honours toc_max_heading_level from the front matter', async () => {
    const { context, page, errors } = await open();
    await gotoHydrated(page, `${origin}/reference/tabs`);
    const toc = page.locator('.doc-toc nav.toc');
    assert.deepEqual(await toc.locator('a').allInnerTexts(), ['Установка', 'Проверка', 'Удаление']);
    await gotoHydrated(page, `${origin}/reference/narrow-toc`);
    assert.deepEqual(await toc.locator('a').allInnerTexts(), ['Раздел', 'Второй раздел']);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('switches tab groups that share a group id together, keeping the clicked tab in place', async () => {
    const { context, page, errors } = await open();
    await gotoHydrated(page, `${origin}/reference/tabs`);
    const groups = page.locator('.tabs[data-group="os"]');
    assert.equal(await groups.count(), 2);
    const second = groups.nth(1).getByRole('tab', { name: 'Debian' });
    await second.scrollIntoViewIfNeeded();
    const before = (await second.boundingBox())!.y;
    await second.click();
    for (let i = 0; i < 2; i++) {
      assert.equal(await groups.nth(i).getByRole('tab', { name: 'Debian' }).getAttribute('aria-selected'), 'true', `group ${i + 1}`);
      assert.match(await groups.nth(i).locator('[role="tabpanel"]:not([hidden])').innerText(), /apt (install|remove) hbf-agent/);
    }
    assert.ok(Math.abs((await second.boundingBox())!.y - before) < 2, 'the clicked tab did not jump');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('opens links to other sites in a new tab: from the navbar and the sidebar with an arrow and words for screen readers, from the text with the words', async () => {
    serving = first;
    const { context, page, errors } = await open();
    await gotoHydrated(page, `${origin}/guide/install`);
    const marked = async (link: Locator) => ({
      target: await link.getAttribute('target'),
      rel: await link.getAttribute('rel'),
      arrow: await link.evaluate((a) => getComputedStyle(a, '::after').content.startsWith('"↗"')),
    });
    const newTab = { target: '_blank', rel: 'noopener noreferrer', arrow: true };
    const navbar = page.locator('.navbar');
    const sidebar = page.locator('aside.doc-sidebar');
    assert.deepEqual(await marked(navbar.getByRole('link', { name: 'Блог (открывается в новой вкладке)', exact: true })), newTab);
    assert.deepEqual(await marked(sidebar.getByRole('link', { name: 'Исходный код (открывается в новой вкладке)', exact: true })), newTab);
    assert.deepEqual(await marked(sidebar.getByRole('link', { name: 'Установка', exact: true })), { target: null, rel: null, arrow: false });
    // In the text: a new tab and the words, no arrow (as in Docusaurus and VitePress).
    await gotoHydrated(page, `${origin}/reference/details`);
    const text = page.locator('.markdown');
    assert.deepEqual(await marked(text.getByRole('link', { name: 'вики nftables (открывается в новой вкладке)', exact: true })), { ...newTab, arrow: false });
    assert.deepEqual(await marked(text.getByRole('link', { name: 'цепочка группы', exact: true })), { target: null, rel: null, arrow: false });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows what a link points to in a tab that is not selected or a closed <details>, over the remembered tab', async () => {
    serving = first;
    const { context, page, errors } = await open();
    const inView = (id: string) => page.evaluate((i) => {
      const r = document.getElementById(i)!.getBoundingClientRect();
      return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;
    }, id);
    const removal = page.locator('.tabs[data-group="os"]').nth(1);
    const key = page.locator('#debian-key');
    // The reader chose Ubuntu (remembered), then opens a link to a heading under Debian.
    await gotoHydrated(page, `${origin}/reference/tabs`);
    await removal.getByRole('tab', { name: 'Ubuntu' }).click();
    assert.equal(await key.isVisible(), false);
    await page.goto('about:blank'); // a new load, not a move within the page
    await gotoHydrated(page, `${origin}/reference/tabs#debian-key`);
    await page.waitForFunction(() => document.getElementById('debian-key')!.getBoundingClientRect().height > 0);
    assert.equal(await removal.getByRole('tab', { name: 'Debian' }).getAttribute('aria-selected'), 'true');
    assert.ok(await inView('debian-key'), 'scrolled to');
    // Only that group follows the link: the first group keeps the remembered choice, and so does the next visit.
    assert.equal(await page.locator('.tabs[data-group="os"]').nth(0).getByRole('tab', { name: 'Ubuntu' }).getAttribute('aria-selected'), 'true');
    await gotoHydrated(page, `${origin}/reference/tabs`);
    assert.equal(await key.isVisible(), false, 'the remembered choice still applies without the link');
    // A link on the page, and the address bar.
    await page.locator('.markdown p').getByRole('link', { name: 'ключ репозитория' }).click();
    await key.waitFor({ state: 'visible' });
    assert.ok(await inView('debian-key'), 'scrolled to from a link on the page');
    await removal.getByRole('tab', { name: 'Ubuntu' }).click();
    await page.evaluate(() => { location.hash = ''; });
    await page.evaluate(() => { location.hash = '#debian-key'; });
    await key.waitFor({ state: 'visible' });
    // A closed <details>, from a link in the page (client navigation scrolls by script, not the browser).
    await gotoHydrated(page, `${origin}/reference/details`);
    const chain = page.locator('#chain');
    assert.equal(await chain.isVisible(), false, 'closed at first');
    await page.locator('.markdown p').getByRole('link', { name: 'цепочка группы' }).click();
    await chain.waitFor({ state: 'visible' });
    assert.ok(await inView('chain'), 'scrolled to inside the opened block');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows a text that a link to a text (#:~:text=) finds in a tab that is not selected, before the code runs and over the remembered tab after; a find after start selects the tab too', async () => {
    serving = first;
    const { context, page, errors } = await open();
    const groups = page.locator('.tabs[data-group="os"]');
    const removal = groups.nth(1);
    const text = removal.getByText('Удалите и ключ репозитория.');
    const textLink = `${origin}/reference/tabs#:~:text=${encodeURIComponent('Удалите и ключ')}`;
    // The reader chose Ubuntu (remembered), then follows a link to a text under Debian, as a search engine gives.
    await gotoHydrated(page, `${origin}/reference/tabs`);
    await removal.getByRole('tab', { name: 'Ubuntu' }).click();
    assert.equal(await text.isVisible(), false);
    await page.goto('about:blank');
    // Before the site's code runs (its script held back here), the found panel is the one shown.
    await page.route(/\/assets\/entry\./, (r) => r.fulfill({ contentType: 'text/javascript', body: '' }));
    await page.goto(textLink);
    await text.waitFor({ state: 'visible' });
    assert.equal(await removal.getByText('apt-get remove -y hbf-agent').isVisible(), false, 'before the code runs, only the found panel shows');
    await page.unroute(/\/assets\/entry\./);
    await page.goto('about:blank');
    await gotoHydrated(page, textLink);
    assert.ok(await text.isVisible(), 'the found text shows');
    assert.ok(await text.evaluate((t) => { const r = t.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }), 'and is on screen');
    assert.equal(await removal.getByRole('tab', { name: 'Debian' }).getAttribute('aria-selected'), 'true', 'its tab is selected');
    assert.equal(await removal.getByText('apt-get remove -y hbf-agent').isVisible(), false, 'the other panel of that group is hidden');
    assert.equal(await groups.nth(0).getByRole('tab', { name: 'Ubuntu' }).getAttribute('aria-selected'), 'true', 'the other group keeps the remembered choice');
    // On a page that has started (the remembered choice applied), the link within the page, as
    // find in page: the site's own code selects the tab.
    await gotoHydrated(page, `${origin}/reference/tabs`);
    assert.equal(await text.isVisible(), false);
    await page.evaluate(() => { (window as unknown as { sameDocument: boolean }).sameDocument = true; });
    await page.goto(textLink);
    await text.waitFor({ state: 'visible' });
    assert.equal(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true, 'not loaded again');
    assert.equal(await removal.getByRole('tab', { name: 'Debian' }).getAttribute('aria-selected'), 'true');
    assert.equal(await removal.getByText('apt-get remove -y hbf-agent').isVisible(), false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows a <details> block as a box that opens on its summary, and prints it open', async () => {
    serving = first;
    const { context, page, errors } = await open();
    await gotoHydrated(page, `${origin}/reference/details`);
    const details = page.locator('.markdown details');
    const body = details.getByText('Выполните');
    assert.equal(await details.evaluate((d) => getComputedStyle(d).borderTopStyle), 'solid', 'a box around it');
    assert.equal(await body.isVisible(), false, 'closed at first');
    // Recorded by a listener that runs after the page's own, while the browser prints.
    await page.evaluate(() => window.addEventListener('beforeprint', () => {
      (window as unknown as { closedWhilePrinting: number }).closedWhilePrinting = document.querySelectorAll('details:not([open])').length;
    }));
    await page.pdf();
    assert.equal(await page.evaluate(() => (window as unknown as { closedWhilePrinting?: number }).closedWhilePrinting), 0, 'open on paper');
    assert.equal(await body.isVisible(), false, 'closed again after printing');
    await page.getByText('Как проверить правило на хосте').click();
    assert.ok(await body.isVisible(), 'the summary opens it');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('numbers the lines of a block with showLineNumbers, and neither copying nor selecting takes the numbers', async () => {
    serving = first;
    const { context, page, errors } = await open();
    await gotoHydrated(page, `${origin}/reference/details`);
    const lines = page.locator('.code-block pre .code-line');
    const numbers = await lines.evaluateAll((ls) => ls.map((l) => getComputedStyle(l, '::before').content));
    assert.deepEqual(numbers, ['"9"', '"10"']);
    // The first character stands to the right of the number, which the line's own box starts with.
    const [lineLeft, textLeft] = await lines.first().evaluate((l) => {
      const first = document.createTreeWalker(l, NodeFilter.SHOW_TEXT).nextNode()!;
      const r = document.createRange();
      r.setStart(first, 0);
      r.setEnd(first, 1);
      return [l.getBoundingClientRect().left, r.getBoundingClientRect().left];
    });
    assert.ok(textLeft - lineLeft > 30, `a gutter before the text (line at ${lineLeft}, text at ${textLeft})`);
    assert.equal(await page.locator('.code-block pre code').evaluate((c) => c.textContent), 'apt-get update\napt-get install -y hbf-agent\n');
    await page.locator('.code-block pre').selectText();
    assert.equal(await page.evaluate(() => String(getSelection())).then((t) => t.trim()), 'apt-get update\napt-get install -y hbf-agent');
    assert.equal(await lines.first().evaluate((l) => getComputedStyle(l, '::before').userSelect), 'none');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('sends a reader from a redirected URL to the page, with the section asked for, under the site\'s CSP; without JavaScript too', async () => {
    for (const server of [first, filesOnly]) {
      serving = server;
      const answer = await fetch(`${origin}/old-intro`, { redirect: 'manual' });
      assert.equal(answer.status, server === first ? 301 : 200, 'a 301, or the redirect\'s page');
      await followsRedirect();
    }
  });

  /** /old-intro leads to /guide/intro: by the server's 301, or by the redirect's own page on a host that serves files only. */
  async function followsRedirect() {
    const { context, page, errors } = await open();
    await page.goto(`${origin}/old-intro?from=mail#настройка`);
    await page.waitForURL(`${origin}/guide/intro?from=mail#%D0%BD%D0%B0%D1%81%D1%82%D1%80%D0%BE%D0%B9%D0%BA%D0%B0`);
    await hydrated(page);
    assert.equal(await page.locator('h1.doc-title').innerText(), 'Введение в фикстуру');
    assert.ok(await page.locator('#настройка').evaluate((h) => h.getBoundingClientRect().top < window.innerHeight), 'the section is on screen');
    assert.deepEqual(errors, [], 'no CSP violation');
    await context.close();

    const noJs = await browser.newContext({ javaScriptEnabled: false });
    await isolate(noJs);
    const plain = await noJs.newPage();
    await plain.goto(`${origin}/old-intro`);
    await plain.waitForURL(`${origin}/guide/intro`);
    await noJs.close();
  }

  it('shows the announcement again after a deploy with a new announcement id', async () => {
    serving = first;
    const { context, page, errors } = await open();
    await gotoHydrated(page, `${origin}/guide/intro`);
    const bar = page.locator('.announcement-bar');
    assert.equal((await bar.innerText()).trim(), 'Тестовое объявление.');
    await page.getByRole('button', { name: 'Закрыть объявление' }).click();
    await bar.waitFor({ state: 'detached' });
    await page.reload();
    await hydrated(page);
    assert.equal(await bar.count(), 0, 'dismissed');

    serving = second; // the new deploy
    await page.reload();
    await hydrated(page);
    assert.ok(await bar.isVisible(), 'the new announcement shows');
    assert.equal((await bar.innerText()).trim(), 'Новое объявление.');
    await page.getByRole('button', { name: 'Закрыть объявление' }).click();
    await page.reload();
    await hydrated(page);
    assert.equal(await bar.count(), 0, 'and can be dismissed in turn');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
