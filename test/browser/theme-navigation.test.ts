// Client navigation in Chromium: page swaps without reloads, the progress bar, load errors and
// Retry, full reloads when a deploy removed the files, scrolling, prefetch and the error boundary.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { gotoHydrated, hydrated, markWindow, scrollSettled, unexpected, useHarness, windowMarked } from './theme-helpers.ts';

const h = useHarness();
const FROM = '/tech-docs/sgroups/installation-server';
const TO = '/tech-docs/sgroups/goose';
const TO_DATA = `/_data${encodeURI(TO)}.json`;
const sidebarLink = (page: Page, href: string) => page.locator(`aside.doc-sidebar a[href="${href}"]`);

/** Page-data requests (not the sidebar files, which a page loads once it has hydrated). */
function pageDataRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/_data/') && !u.pathname.startsWith('/_data/sidebars/')) urls.push(decodeURI(u.pathname));
  });
  return urls;
}

function documentLoads(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => r.resourceType() === 'document' && urls.push(r.url()));
  return urls;
}

describe('client navigation', () => {
  it('swaps the page without a reload and updates the title, focus and the screen-reader announcement', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url(FROM));
    await markWindow(page);
    const docs = documentLoads(page);
    await sidebarLink(page, TO).click();
    await page.waitForURL(h.url(TO));
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent !== 'Установка HBF-сервера');
    const title = await page.locator('main h1').innerText();
    assert.ok(await windowMarked(page), 'the window survived: no reload');
    assert.deepEqual(docs, [], 'no document request');
    assert.equal(await page.title(), `${title} | SGroups`);
    await page.waitForFunction(() => document.activeElement?.id === 'main');
    await page.waitForFunction((t) => document.getElementById('route-announcer')?.textContent === t, title);
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows a thin progress bar only when loading takes longer than 200 ms', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url(FROM));
    await page.evaluate(() => {
      const w = window as unknown as { __bar: number[]; __click: number };
      w.__bar = [];
      addEventListener('click', () => (w.__click = performance.now()), true);
      new MutationObserver(() => {
        if (document.querySelector('.progress-bar') && w.__bar.length % 2 === 0) w.__bar.push(performance.now());
        if (!document.querySelector('.progress-bar') && w.__bar.length % 2 === 1) w.__bar.push(performance.now());
      }).observe(document.body, { childList: true, subtree: true });
    });
    // A fast navigation (the data already prefetched on hover): no bar at all.
    await sidebarLink(page, '/tech-docs/sgroups/monitoring').hover();
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/_data/tech-docs/sgroups/monitoring.json')));
    await sidebarLink(page, '/tech-docs/sgroups/monitoring').click();
    await page.waitForURL('**/tech-docs/sgroups/monitoring');
    await page.waitForTimeout(400);
    assert.deepEqual(await page.evaluate(() => (window as unknown as { __bar: number[] }).__bar), [], 'no bar for a fast load');

    await page.route(`**${TO_DATA}`, async (route: Route) => {
      await new Promise((r) => setTimeout(r, 1000));
      await route.fallback();
    });
    await sidebarLink(page, TO).click();
    const bar = page.getByRole('progressbar', { name: 'Загрузка страницы' });
    await bar.waitFor();
    assert.ok(page.url().endsWith('/tech-docs/sgroups/monitoring'), 'the old page stays while the new one loads');
    assert.ok(await bar.evaluate((el) => el.getBoundingClientRect().height <= 4 && el.getBoundingClientRect().top === 0), 'a thin bar at the very top');
    assert.equal(await page.locator('.spinner, [class*="spinner"]').count(), 0, 'no spinner');
    await page.waitForURL(h.url(TO));
    await bar.waitFor({ state: 'detached' });
    const { bar: times, click } = await page.evaluate(() => ({ bar: (window as unknown as { __bar: number[] }).__bar, click: (window as unknown as { __click: number }).__click }));
    assert.equal(times.length, 2, 'the bar appeared once and went away');
    const delay = times[0] - click;
    assert.ok(delay >= 190 && delay < 950, `the bar started ${Math.round(delay)} ms after the click`);
    assert.ok(times[1] - click >= 900, 'and stayed until the page arrived');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows the error with a "Повторить" button when the page cannot be loaded, and Retry loads it', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url(FROM));
    await markWindow(page);
    let fail = true;
    await page.route(`**${TO_DATA}`, (route) => (fail ? route.fulfill({ status: 500, body: 'oops' }) : route.fallback()));
    await sidebarLink(page, TO).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.innerText(), /Не удалось загрузить страницу/);
    assert.match(await alert.innerText(), /500/);
    const retry = alert.getByRole('button', { name: 'Повторить' });
    assert.ok(await retry.isVisible());
    assert.ok(page.url().endsWith(FROM), 'the address does not change to a page that is not shown');
    await retry.click();
    await alert.getByRole('button', { name: 'Повторить' }).waitFor(); // still failing: the error stays
    fail = false;
    await retry.click();
    await page.waitForURL(h.url(TO));
    await alert.waitFor({ state: 'detached' });
    assert.notEqual(await page.locator('main h1').innerText(), 'Установка HBF-сервера');
    assert.ok(await windowMarked(page));
    assert.deepEqual(unexpected(errors, /status of 500/), []);
    await context.close();
  });

  it('falls back to a full page load when the next page\'s code is gone (a new deploy)', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url(FROM));
    await markWindow(page);
    const aborted: string[] = [];
    // Chunks the open page loads lazily (the GitHub client) arrive first; then the only script
    // left to fetch is the home page's own chunk, requested when it is opened.
    await page.waitForLoadState('networkidle');
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      if (aborted.length === 0) {
        aborted.push(route.request().url());
        return route.abort('failed');
      }
      return route.fallback();
    });
    const docs = documentLoads(page);
    await page.locator('nav.navbar a.navbar__brand').click();
    await page.waitForURL(h.url('/'));
    await page.locator('.home__hero').waitFor();
    await hydrated(page);
    assert.equal(aborted.length, 1, 'the chunk was requested and failed');
    assert.equal(await windowMarked(page), false, 'the browser loaded the page afresh');
    assert.deepEqual(docs.map((u) => new URL(u).pathname), ['/']);
    assert.deepEqual(unexpected(errors, /Failed to fetch dynamically imported module|ERR_FAILED/), []);
    await context.close();
  });

  it('scrolls to the anchor of a link to another page', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url('/tech-docs/rule-configuration/s2c-ie'));
    await markWindow(page);
    const link = page.locator('.markdown a[href*="#"]').filter({ hasNot: page.locator('.hash-link') });
    const href = await link.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href).find((u) => new URL(u).pathname !== location.pathname && !u.includes('/#')));
    assert.ok(href, 'the page links to a section of another page');
    const target = new URL(href);
    const id = decodeURIComponent(target.hash.slice(1));
    await page.locator(`.markdown a[href="${target.pathname}${target.hash}"], .markdown a[href="${decodeURI(target.pathname + target.hash)}"]`).first().click();
    await page.waitForURL((u) => u.pathname === target.pathname && u.hash === target.hash);
    await page.waitForFunction((i) => {
      const el = document.getElementById(i);
      if (!el) return false;
      const top = el.getBoundingClientRect().top;
      return top > 40 && top < 140;
    }, id);
    assert.ok((await page.evaluate(() => window.scrollY)) > 200, 'scrolled down to the section');
    assert.ok(await windowMarked(page));
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('scrolls to the top on a new page and restores the position on back and forward', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url(FROM));
    await markWindow(page);
    await page.mouse.move(640, 500);
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY >= 1400);
    const yFrom = await scrollSettled(page);
    await page.waitForTimeout(200); // the position is saved to the history entry shortly after scrolling stops
    await sidebarLink(page, TO).click();
    await page.waitForURL(h.url(TO));
    await page.waitForFunction(() => window.scrollY === 0 && document.querySelector('main h1')?.textContent !== 'Установка HBF-сервера');
    await page.mouse.move(640, 500); // over the content, not the sidebar the click left the pointer on
    await page.mouse.wheel(0, 700);
    await page.waitForFunction(() => window.scrollY >= 600);
    const yTo = await scrollSettled(page);
    await page.waitForTimeout(200);

    await page.goBack();
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Установка HBF-сервера');
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 3, yFrom);
    await page.goForward();
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent !== 'Установка HBF-сервера');
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 3, yTo);
    assert.ok(await windowMarked(page), 'back and forward stayed in the page');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('prefetch', () => {
  it('loads a page\'s data when its link is hovered, before the click', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url(FROM));
    const requests = pageDataRequests(page);
    await sidebarLink(page, '/tech-docs/sgroups/database').hover();
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/_data/tech-docs/sgroups/database.json')));
    assert.ok(requests.includes('/_data/tech-docs/sgroups/database.json'));
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const [name, connection] of [['Save-Data is on', { saveData: true, effectiveType: '4g' }], ['the connection is 2G', { saveData: false, effectiveType: '2g' }]] as const) {
    it(`prefetches nothing when ${name}, and navigation still works`, async () => {
      const { page, context, errors } = await h.open({
        init: `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => (${JSON.stringify(connection)}) });`,
      });
      await gotoHydrated(page, h.url(FROM));
      assert.deepEqual(await page.evaluate(() => (navigator as unknown as { connection: object }).connection), connection);
      const requests = pageDataRequests(page);
      for (const href of ['/tech-docs/sgroups/database', '/tech-docs/sgroups/monitoring', TO]) await sidebarLink(page, href).hover();
      await page.mouse.wheel(0, 2500); // content links scroll into view
      await page.waitForTimeout(1000);
      assert.deepEqual(requests, [], 'no page data fetched ahead');
      await sidebarLink(page, TO).click();
      await page.waitForURL(h.url(TO));
      assert.deepEqual(requests, [TO_DATA], 'only the page that was opened');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

describe('error boundary', () => {
  it('shows "На странице произошёл сбой" with the error when the page fails to render, and "Попробовать снова" renders it again', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url(FROM));
    await markWindow(page);
    let broken = true;
    // Page data that makes the doc page throw while rendering (a table of contents that is not a list).
    await page.route(`**${TO_DATA}`, async (route) => {
      if (!broken) return route.fallback();
      const res = await route.fetch();
      const data = await res.json();
      return route.fulfill({ response: res, json: { ...data, toc: null } });
    });
    await sidebarLink(page, TO).click();
    const alert = page.getByRole('alert');
    await alert.getByRole('heading', { name: 'На странице произошёл сбой' }).waitFor();
    assert.match(await alert.locator('.error-panel__message').innerText(), /null/);
    // The chrome around the page still works.
    assert.ok(await page.locator('nav.navbar').isVisible());
    assert.ok(await page.locator('footer.footer').isVisible());
    broken = false;
    await alert.getByRole('button', { name: 'Попробовать снова' }).click();
    await alert.waitFor({ state: 'detached' });
    await page.locator('article.doc-article h1').waitFor();
    assert.notEqual(await page.locator('main h1').innerText(), 'Установка HBF-сервера');
    assert.ok(await windowMarked(page));
    assert.ok(errors.some((e) => e.includes('Ошибка отрисовки страницы')), 'the failure is logged');
    assert.deepEqual(unexpected(errors, /Ошибка отрисовки страницы|Cannot read properties of null|The above error occurred/), []);
    await context.close();
  });
});
