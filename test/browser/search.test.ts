// Search in Chromium on the real site: opened by the button and the shortcuts, nothing of it
// loaded before; Russian word forms and technical names find the right page first; Enter opens
// the result at its section by client navigation; the dialog is accessible (axe, focus trap and
// restore); recent queries are remembered.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { isolate, launchBrowser, serveSite, watchErrors, type ServedSite } from '../helpers/browser.ts';
import { siteDist } from '../helpers/paths.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const DOC = '/info/introduction';
const isSearchAsset = (url: string) => /\/search\/|\/chunks\/SearchDialog\./.test(new URL(url).pathname);

describe('search', () => {
  let browser: Browser;
  let site: ServedSite;
  const contexts: BrowserContext[] = [];
  before(async () => {
    site = await serveSite(siteDist());
    browser = await launchBrowser();
  });
  after(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await site?.close();
  });

  /** A hydrated page in a fresh isolated context, with every request and console error recorded. */
  async function open(path = DOC): Promise<{ page: Page; errors: string[]; requests: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    await isolate(context);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`${site.origin}${path}`);
    await page.waitForSelector('html[data-hydrated]');
    return { page, errors, requests };
  }

  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Поиск по документации' });
  const input = (page: Page) => dialog(page).getByRole('combobox', { name: 'Поиск по документации' });
  const options = (page: Page) => dialog(page).getByRole('option');

  /** Types a query and waits for its own results (the list says which query it shows). */
  async function search(page: Page, query: string): Promise<void> {
    await input(page).fill(query);
    await page.locator(`[role=listbox][data-query="${query}"] [role=option]`).first().waitFor();
  }

  const firstHref = (page: Page) => options(page).first().getAttribute('href');
  const status = async (page: Page) => (await dialog(page).getByRole('status').textContent()) ?? '';

  it('loads nothing of the search before the dialog opens; the shortcut then loads the dialog and the index', async () => {
    const { page, errors, requests } = await open();
    await page.waitForLoadState('networkidle');
    await page.mouse.move(640, 60); // hovering the navbar prefetches nothing of the search either
    await page.waitForTimeout(300);
    assert.deepEqual(requests.filter(isSearchAsset), [], 'no search request before the first open');
    await page.keyboard.press('Control+k');
    await input(page).waitFor();
    assert.ok(await input(page).evaluate((el) => el === document.activeElement), 'the input has focus');
    await search(page, 'группа');
    const loaded = requests.filter(isSearchAsset).map((u) => new URL(u).pathname);
    assert.ok(loaded.some((p) => /\/chunks\/SearchDialog\./.test(p)), 'the dialog chunk');
    assert.ok(loaded.includes('/search/manifest.json'), 'the manifest');
    assert.ok(loaded.some((p) => /^\/assets\/search\/s\.[0-9a-f]+\.bin$/.test(p)), 'a shard');
    assert.deepEqual(errors, []);
  });

  it('opens with the button, with / and with ⌘K, and closes with Escape, giving focus back', async () => {
    const { page, errors } = await open();
    const button = page.locator('.navbar').getByRole('button', { name: 'Поиск' });
    await button.click();
    await input(page).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.classList.contains('search-button'));

    await page.locator('#main').focus();
    await page.keyboard.press('/');
    await input(page).waitFor();
    assert.equal(await input(page).inputValue(), '', '/ opens the dialog without typing itself');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.id === 'main', undefined, { timeout: 2000 });

    await page.keyboard.press('Meta+k');
    await input(page).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
  });

  it('finds a Russian word in another form, the right page first', async () => {
    const { page, errors } = await open();
    await page.keyboard.press('Control+k');
    await search(page, 'группами безопасности');
    assert.equal(await firstHref(page), '/tech-docs/rule-configuration/security-groups');
    const first = options(page).first();
    assert.match(await first.textContent() ?? '', /Группы безопасности/);
    assert.deepEqual(await first.locator('mark').allTextContents().then((m) => m.slice(0, 2)), ['Группы', 'безопасности'], 'matches are marked');
    await search(page, 'миграции базы данных');
    assert.equal(await firstHref(page), '/tech-docs/sgroups/goose');
    await search(page, 'правило приоритета');
    assert.match(await firstHref(page) ?? '', /^\/tech-docs\/to-nft\/nftables\/rules-priority/);
    assert.deepEqual(errors, []);
  });

  it('opens with the query of the address (/?q=…, a search from the browser\'s address bar) and takes it off the address', async () => {
    const { page, errors } = await open('/?q=%D1%81%D0%B5%D1%80%D1%82%D0%B8%D1%84%D0%B8%D0%BA%D0%B0%D1%82');
    await page.locator('[role=listbox][data-query="сертификат"] [role=option]').first().waitFor();
    assert.equal(await input(page).inputValue(), 'сертификат');
    assert.match(await firstHref(page) ?? '', /tls-configuration/);
    assert.equal(new URL(page.url()).search, '', 'the query is taken off the address');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await page.reload();
    await page.waitForSelector('html[data-hydrated]');
    await page.waitForTimeout(300);
    assert.equal(await dialog(page).count(), 0, 'a reload does not search again');
    assert.deepEqual(errors, []);
  });

  it('forgives a typo: the page with the word meant comes first, that word marked', async () => {
    const { page, errors } = await open();
    await page.keyboard.press('Control+k');
    await search(page, 'сертификт агента');
    assert.match(await firstHref(page) ?? '', /^\/tech-docs\/to-nft\/tls-configuration-agent/);
    assert.match(await status(page), /^Найдено/, 'every word found, none left out');
    assert.ok((await options(page).first().locator('mark').allTextContents()).some((m) => /^сертификат/i.test(m)), 'the word as the page writes it is marked');
    await search(page, 'миграцыя базы');
    assert.equal(await firstHref(page), '/tech-docs/sgroups/goose');
    assert.deepEqual(errors, []);
  });

  it('finds technical names as typed: the API page that documents them first', async () => {
    const { page, errors } = await open();
    await page.keyboard.press('Control+k');
    await search(page, '/v2/sync');
    assert.equal(await firstHref(page), '/tech-docs/sgroups/api/v2/sync');
    await search(page, 'ie-sg-sg-rules');
    assert.equal(await firstHref(page), '/tech-docs/sgroups/api/v2/ie-sg-sg-rules');
    await search(page, 'sgroups_groups');
    assert.match(await firstHref(page) ?? '', /^\/tech-docs\/terraform\/spec-terraform#/);
    await search(page, '203.0.113.0/24');
    assert.match(await options(page).first().locator('mark').first().textContent() ?? '', /203\.0\.113\.0\/24/);
    assert.deepEqual(errors, []);
  });

  it('moves with the arrow keys and opens the result at its section with Enter, without a reload', async () => {
    const { page, errors, requests } = await open();
    await page.evaluate(() => ((window as unknown as Record<string, unknown>).__notReloaded = true));
    await page.keyboard.press('Control+k');
    await search(page, 'порядок создания и удаления');
    assert.equal(await options(page).first().getAttribute('aria-selected'), 'true');
    await page.keyboard.press('ArrowDown');
    assert.equal(await options(page).nth(1).getAttribute('aria-selected'), 'true');
    assert.equal(await input(page).getAttribute('aria-activedescendant'), await options(page).nth(1).getAttribute('id'));
    await page.keyboard.press('ArrowUp');
    const href = (await firstHref(page))!;
    // The sync page and the Terraform spec both have a section on the order of creation.
    assert.match(decodeURIComponent(href), /^\/tech-docs\/[^#]+#порядок-создания/, 'a section on the order of creation');
    const htmlBefore = requests.filter((u) => new URL(u).pathname === new URL(href, site.origin).pathname).length;
    await page.keyboard.press('Enter');
    await dialog(page).waitFor({ state: 'detached' });
    await page.waitForURL((u) => u.pathname === new URL(href, site.origin).pathname && decodeURIComponent(u.hash) === decodeURIComponent(new URL(href, site.origin).hash));
    assert.equal(await page.evaluate(() => (window as unknown as Record<string, unknown>).__notReloaded), true, 'client navigation');
    assert.equal(requests.filter((u) => new URL(u).pathname === new URL(href, site.origin).pathname).length, htmlBefore, 'the page HTML was not fetched');
    const anchor = decodeURIComponent(new URL(href, site.origin).hash.slice(1));
    await page.waitForFunction((id) => {
      const r = document.getElementById(id)?.getBoundingClientRect();
      return Boolean(r && r.top >= 0 && r.top < innerHeight);
    }, anchor);
    assert.deepEqual(errors, []);
  });

  it('keeps focus inside the dialog and has no serious or critical axe violations', async () => {
    const { page, errors } = await open();
    await page.keyboard.press('Control+k');
    await search(page, 'агент');
    assert.equal(await page.locator('#root').getAttribute('inert'), '', 'the page behind is inert');
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      assert.ok(await page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]'))), `focus left the dialog after ${key}`);
    }
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    assert.deepEqual(violations, []);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    assert.equal(await page.locator('#root').getAttribute('inert'), null);
    assert.deepEqual(errors, []);
  });

  it('remembers recent queries and runs one again from the list', async () => {
    const { page, errors } = await open();
    await page.keyboard.press('Control+k');
    await search(page, 'мониторинг');
    await page.keyboard.press('Enter');
    await dialog(page).waitFor({ state: 'detached' });
    await page.keyboard.press('Control+k');
    const recent = dialog(page).getByRole('listbox', { name: 'Недавние запросы' });
    await recent.waitFor();
    assert.deepEqual(await recent.getByRole('option').allTextContents(), ['мониторинг']);
    assert.match(await page.evaluate(() => localStorage.getItem('sg.search.recent') ?? ''), /мониторинг/);
    await page.keyboard.press('Enter');
    assert.equal(await input(page).inputValue(), 'мониторинг');
    await options(page).first().waitFor();
    await input(page).fill('');
    await dialog(page).getByRole('button', { name: 'Очистить' }).click();
    await recent.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
  });
  it('after a deploy of another index format, says so and offers to reload the page', async () => {
    const { page, errors } = await open();
    await page.route('**/search/manifest.json', async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...(await res.json()), v: 999 } });
    });
    await page.keyboard.press('/');
    await input(page).fill('правила');
    const reload = dialog(page).getByRole('button', { name: 'Перезагрузить страницу' });
    await reload.waitFor();
    assert.match(await dialog(page).getByRole('status').textContent() ?? '', /^Документация обновилась\. Перезагрузите страницу/);
    assert.equal(await dialog(page).getByRole('button', { name: 'Повторить' }).count(), 0, 'retrying cannot help');
    await Promise.all([page.waitForEvent('load'), reload.click()]);
    assert.equal(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type), 'reload');
    assert.deepEqual(errors, []);
  });
});
