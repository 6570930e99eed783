// The site chrome in Chromium: navbar, dropdowns, skip link, announcement bar, footer, home and
// 404 pages, back-to-top, colour mode and themed images.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { gotoHydrated, hydrated, markWindow, scrollSettled, serveInTwoParts, unexpected, useHarness, windowMarked } from './theme-helpers.ts';

const DOC = '/tech-docs/sgroups/installation-server';
const h = useHarness();

/** Blocks the client bundle: what is on screen then comes from the HTML, CSS and the pre-paint script alone. */
async function blockScripts(page: Page) {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort('blockedbyclient'));
}

/**
 * Scrolls with the mouse wheel until the page is at y (or at its end), as a reader does: another
 * turn of the wheel when one stopped short. Each turn waits for the scrolling to settle first, so
 * that the next delta is measured from where the page really is. (With a single wheel event and
 * no settling, this test once waited 10 s in CI for a position the page never reached.)
 */
async function wheelTo(page: Page, y: number) {
  for (let turn = 0; turn < 5; turn++) {
    const at = await scrollSettled(page);
    const atEnd = await page.evaluate(() => window.scrollY + innerHeight >= document.documentElement.scrollHeight - 2);
    if (Math.abs(at - y) < 5 || (atEnd && y > at)) return;
    await page.mouse.wheel(0, y - at);
  }
  throw new Error(`the wheel did not bring the page to ${y}`);
}

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('chrome: navbar, dropdowns, skip link', () => {

  it('is never painted half-parsed: a page delivered in two parts cut inside the navbar does not move its items', async () => {
    // The right-hand items are laid out from the right edge: painted while only some of them were
    // parsed, they moved left as the others arrived (a layout shift on a slow phone or connection).
    const slow = await serveInTwoParts(DOC, (html) => {
      const right = html.indexOf('class="navbar__items navbar__items--right"');
      assert.ok(right > 0);
      return html.indexOf('</button>', right) + '</button>'.length; // after the first of the right-hand items (search)
    });
    // Only the navbar's shifts count here (what the content does while it loads is theme-long-pages').
    const { page, context } = await h.open({ width: 1440, height: 900, init: `
      window.__shift = 0;
      new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.sources.some((s) => s.node && s.node.closest && s.node.closest('nav.navbar'))) window.__shift += e.value; })
        .observe({ type: 'layout-shift', buffered: true });` });
    try {
      await page.goto(slow.url, { waitUntil: 'commit' });
      // The first part is in the document (asked without waiting for a frame: none may come yet).
      for (let i = 0; i < 100 && !(await page.evaluate(() => Boolean(document.querySelector('.navbar__items--right .search-button')))); i++) await page.waitForTimeout(20);
      assert.equal(await page.evaluate(() => document.querySelectorAll('.navbar__items--right > *').length), 1, 'one right-hand item so far');
      await page.waitForTimeout(400); // time for a frame, if one may be painted
      slow.sendRest();
      await hydrated(page);
      assert.equal(await page.evaluate(() => (window as unknown as { __shift: number }).__shift), 0, 'nothing in the navbar shifted');
    } finally {
      await context.close();
      slow.close();
    }
  });

  it('keeps the navbar fixed at the top after scrolling down and back up', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url(DOC));
    const navbar = page.locator('nav.navbar');
    await page.mouse.move(640, 500); // over the content
    for (const y of [1500, 4000, 2500]) {
      await wheelTo(page, y);
      assert.ok((await page.evaluate(() => window.scrollY)) > 1000, 'the page scrolled');
      const box = await navbar.boundingBox();
      assert.ok(box, 'navbar is rendered');
      assert.equal(Math.round(box.y), 0, `navbar top at scrollY ${y}`);
      // What the reader sees at the top of the window is the navbar, not content sliding under it.
      const topElementInNavbar = await page.evaluate(() => Boolean(document.elementFromPoint(200, 30)?.closest('nav.navbar')));
      assert.ok(topElementInNavbar, 'the navbar is on top of the content');
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows the logo, the title linking home and the two doc sections, active by path', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url('/info/terminology'));
    const brand = page.locator('nav.navbar a.navbar__brand');
    assert.equal(await brand.getAttribute('href'), '/');
    assert.equal((await brand.innerText()).trim(), 'SGroups');
    assert.equal(await brand.locator('img').getAttribute('alt'), 'Логотип SGroups');
    const info = page.locator('nav.navbar').getByRole('link', { name: 'Информация', exact: true });
    const tech = page.locator('nav.navbar').getByRole('link', { name: 'Техническая документация', exact: true });
    assert.equal(await info.getAttribute('href'), '/info/introduction');
    assert.equal(await tech.getAttribute('href'), '/tech-docs/components');
    assert.equal(await info.getAttribute('aria-current'), 'true');
    assert.equal(await tech.getAttribute('aria-current'), null);
    // Client navigation into the other section moves the highlight.
    await tech.click();
    await page.waitForURL('**/tech-docs/components');
    await page.waitForFunction(() => document.querySelector('nav.navbar a[href="/tech-docs/components"]')?.getAttribute('aria-current') === 'true');
    assert.equal(await info.getAttribute('aria-current'), null);
    assert.notEqual(await tech.evaluate((a) => getComputedStyle(a).color), await info.evaluate((a) => getComputedStyle(a).color), 'the active item looks different');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('opens the language dropdown with one locale linking to this page, and closes it on Escape and outside clicks', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url(DOC));
    const toggle = page.getByRole('button', { name: 'Язык: Русский' });
    const menu = page.locator('.dropdown', { has: toggle }).locator('.dropdown__menu');
    assert.equal(await menu.isVisible(), false);
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    const items = menu.getByRole('link');
    assert.equal(await items.count(), 1);
    assert.equal((await items.first().innerText()).trim(), 'Русский');
    // The default locale lives at the base path: the same page, no /ru/ prefix.
    assert.equal(await items.first().getAttribute('href'), DOC);
    assert.equal(await items.first().getAttribute('lang'), 'ru');
    await page.keyboard.press('Escape');
    assert.equal(await menu.isVisible(), false);
    assert.ok(await toggle.evaluate((el) => el === document.activeElement), 'focus goes back to the toggle');
    await toggle.click();
    assert.equal(await menu.isVisible(), true);
    await page.mouse.click(700, 500);
    assert.equal(await menu.isVisible(), false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('offers the version "Next" in the version dropdown and remembers it as the preferred version', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url(DOC));
    const toggle = page.getByRole('button', { name: 'Версия документации: Next' });
    assert.equal((await toggle.innerText()).trim(), 'Next');
    await toggle.click();
    const item = page.locator('.dropdown', { has: toggle }).getByRole('link', { name: 'Next' });
    assert.equal(await item.getAttribute('href'), '/info/introduction');
    assert.equal(await page.evaluate(() => localStorage.getItem('sg.docs.preferredVersion')), null);
    await item.click();
    await page.waitForURL('**/info/introduction');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: /./ }).first().waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('sg.docs.preferredVersion')), 'current');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('makes the skip link the first thing Tab reaches, shows it, and moves focus to the main content', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url(DOC));
    const dataRequests: string[] = [];
    page.on('request', (r) => r.url().includes('/_data/') && dataRequests.push(r.url()));
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({ text: document.activeElement?.textContent?.trim(), top: document.activeElement?.getBoundingClientRect().top ?? -1 }));
    assert.equal(focused.text, 'Перейти к основному содержимому');
    assert.ok(focused.top >= 0, 'the focused skip link is on screen');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'main');
    // The next Tab continues inside the content, past the navbar and the sidebar.
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => Boolean(document.activeElement?.closest('#main'))), 'Tab after the skip link stays in <main>');
    // Following the #main fragment is not a new page: the page on screen is not loaded again.
    assert.deepEqual(dataRequests.filter((u) => u.endsWith(`${DOC}.json`)), [], 'skipping to the content reloads nothing');
    assert.ok(page.url().endsWith(`${DOC}#main`));
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Установка HBF-сервера');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('chrome: announcement bar', () => {

  it('stays dismissed after a reload, without flashing before the scripts run', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url(DOC));
    const bar = page.locator('.announcement-bar');
    assert.ok(await bar.isVisible());
    assert.match(await bar.innerText(), /HTTP API v2/);
    await page.getByRole('button', { name: 'Закрыть объявление' }).click();
    await bar.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => localStorage.getItem('sg.announcement.id')), 'api-v2');
    assert.equal(await page.evaluate(() => localStorage.getItem('sg.announcement.dismissed')), 'true');
    await page.reload();
    await hydrated(page);
    assert.equal(await bar.count(), 0, 'no bar after reload');
    // Without any JavaScript bundle the server-rendered bar is in the HTML, yet hidden before paint.
    const raw = await context.newPage();
    await blockScripts(raw);
    await raw.goto(h.url('/info/toolset'));
    assert.equal(await raw.locator('.announcement-bar').count(), 1, 'the bar is in the HTML');
    assert.equal(await raw.locator('.announcement-bar').isVisible(), false, 'and hidden by the pre-paint script');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('comes back when the announcement id changes', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url(DOC));
    await page.getByRole('button', { name: 'Закрыть объявление' }).click();
    await page.locator('.announcement-bar').waitFor({ state: 'detached' });
    // The stored dismissal now belongs to another id, as after the config's id changed.
    await page.evaluate(() => localStorage.setItem('sg.announcement.id', 'an-older-announcement'));
    await page.reload();
    await hydrated(page);
    assert.ok(await page.locator('.announcement-bar').isVisible(), 'the bar shows again');
    assert.equal(await page.evaluate(() => localStorage.getItem('sg.announcement.id')), 'api-v2');
    assert.equal(await page.evaluate(() => localStorage.getItem('sg.announcement.dismissed')), null, 'the old dismissal is reset');
    await page.reload();
    await hydrated(page);
    assert.ok(await page.locator('.announcement-bar').isVisible(), 'and keeps showing until dismissed again');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('chrome: footer, home, 404, back to top', () => {

  it('shows the footer with both PDFs, the Telegram channel and the 2025 copyright on every kind of page', async () => {
    const { page, context, errors } = await h.open();
    for (const path of ['/', DOC, '/markdown-page', '/no/such/page']) {
      await page.goto(h.url(path));
      await hydrated(page);
      const footer = page.locator('footer.footer');
      const agreement = footer.getByRole('link', { name: 'Пользовательское соглашение' });
      const guide = footer.getByRole('link', { name: 'Руководство пользователя' });
      const telegram = footer.getByRole('link', { name: 'Telegram' });
      assert.match(await agreement.getAttribute('href') ?? '', /\.pdf$/, path);
      assert.match(await guide.getAttribute('href') ?? '', /\.pdf$/, path);
      assert.match(await telegram.getAttribute('href') ?? '', /^https:\/\/t\.me\//, path);
      assert.match(await footer.locator('.footer__copyright').innerText(), /© 2025 .*ООО/, path);
    }
    // The link that opens in a new tab says so, to the eye (an arrow after it) and to a screen reader.
    const footer = page.locator('footer.footer');
    await footer.getByRole('link', { name: 'Telegram (открывается в новой вкладке)', exact: true }).waitFor();
    const arrow = (name: string) => footer.getByRole('link', { name }).evaluate((a) => getComputedStyle(a, '::after').content.startsWith('"↗"'));
    assert.equal(await arrow('Telegram'), true, 'an arrow after the Telegram link');
    assert.equal(await arrow('Пользовательское соглашение'), false, 'none after a link that opens here');
    for (const name of ['Пользовательское соглашение', 'Руководство пользователя']) {
      const href = await page.locator('footer').getByRole('link', { name }).getAttribute('href');
      const res = await page.request.get(h.url(href!));
      assert.equal(res.status(), 200, `${href} is served`);
      assert.equal((await res.body()).subarray(0, 5).toString(), '%PDF-', `${href} is a PDF`);
    }
    assert.deepEqual(unexpected(errors, /status of 404/), []);
    await context.close();
  });

  it('keeps the footer the server rendered through client navigation (the browser has no code for it)', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url('/'));
    const before = await page.locator('footer.footer').evaluate((f) => f.outerHTML);
    await markWindow(page);
    await page.locator('.home__actions a', { hasText: 'Информация' }).click();
    await page.waitForURL('**/info/introduction');
    await page.getByRole('heading', { level: 1, name: 'Что такое SGroups' }).waitFor();
    assert.ok(await windowMarked(page), 'the page changed without a full load');
    assert.equal(await page.locator('footer.footer').evaluate((f) => f.outerHTML), before);
    assert.equal(await page.locator('footer.footer').getByRole('link', { name: 'Telegram' }).count(), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('draws the icons from the sprite, fetched once however many icons and pages', async () => {
    const { page, context, errors } = await h.open();
    const sprites: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/icons\.[0-9a-f]+\.svg$/.test(r.url())) sprites.push(r.url());
    });
    await gotoHydrated(page, h.url(DOC));
    // An icon whose symbol did not load has no box; each of these is on screen at this width.
    const sizes = async () => page.evaluate(() => ['github', 'search', 'globe', 'sun', 'copy', 'sidebar'].map((name) => {
      const use = document.querySelector<SVGUseElement>(`svg use[href$="#${name}"]`);
      const box = use?.getBBox();
      return [name, box ? Math.round(box.width) : -1];
    }));
    await page.waitForFunction(() => (document.querySelector<SVGUseElement>('nav.navbar svg use[href$="#github"]')?.getBBox().width ?? 0) > 0);
    for (const [name, width] of await sizes()) assert.ok(Number(width) > 0, `${name} is drawn (width ${width})`);
    await page.getByRole('link', { name: 'Информация', exact: true }).first().click();
    await page.waitForURL('**/info/introduction');
    await page.reload();
    await hydrated(page);
    for (const [name, width] of await sizes()) assert.ok(Number(width) > 0, `${name} is drawn after a reload (width ${width})`);
    assert.equal(new Set(sprites).size, 1, sprites.join(', '));
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows the home page: product name, pitch, three components linking to their docs, two buttons', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url('/'));
    assert.equal(await page.title(), 'SGroups');
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'SGroups');
    assert.match(await page.locator('.home__pitch').innerText(), /межсетевой экран/);
    const cards = page.locator('.home__cards .card');
    assert.equal(await cards.count(), 3);
    const hrefs = await cards.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.deepEqual(hrefs, ['/tech-docs/sgroups/installation-server', '/tech-docs/to-nft/installation-agent', '/tech-docs/terraform/provider-terraform']);
    for (const href of hrefs) assert.equal((await page.request.get(h.url(href!))).status(), 200, `${href} exists`);
    const actions = page.locator('.home__actions a');
    assert.deepEqual(await actions.evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')])),
      [['Информация', '/info/introduction'], ['Техническая документация', '/tech-docs/components']]);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('answers an unknown path with the 404 page asking to report the broken link', async () => {
    const { page, context, errors } = await h.open();
    const res = await page.goto(h.url('/tech-docs/no-such-page'));
    assert.equal(res?.status(), 404);
    await hydrated(page);
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Страница не найдена');
    assert.match(await page.locator('main').innerText(), /сообщите владельцу сайта/);
    assert.equal(await page.locator('main').getByRole('link', { name: 'На главную' }).getAttribute('href'), '/');
    // Indexers drop it for its status; it claims no canonical address of its own.
    assert.equal(await page.locator('link[rel="canonical"]').count(), 0);
    // The navbar works on the 404 page too.
    await page.locator('main').getByRole('link', { name: 'На главную' }).click();
    await page.waitForURL(h.url('/'));
    await page.locator('.home__hero').waitFor();
    assert.deepEqual(unexpected(errors, /status of 404/), []);
    await context.close();
  });

  it('shows a back-to-top button after scrolling, which eases back covering 0.85 of the distance per frame', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url(DOC));
    const button = page.getByRole('button', { name: 'Наверх' });
    assert.equal(await button.isVisible(), false);
    await page.mouse.wheel(0, 3000);
    await page.waitForFunction(() => window.scrollY > 2000);
    await button.waitFor({ state: 'visible' });
    await scrollSettled(page); // the wheel's own smooth scrolling finishes before recording
    await page.evaluate(() => {
      const w = window as unknown as { __ys: number[] };
      w.__ys = [window.scrollY];
      addEventListener('scroll', () => w.__ys.push(window.scrollY), { passive: true });
    });
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    const ys = await page.evaluate(() => (window as unknown as { __ys: number[] }).__ys);
    assert.ok(ys.length >= 3, `scrolled in several steps, not one jump: ${ys.join(', ')}`);
    const first = ys[1] / ys[0];
    assert.ok(first > 0.1 && first < 0.2, `the first step keeps ~15% of the distance: ${ys.slice(0, 4).join(' → ')}`);
    await button.waitFor({ state: 'hidden' });
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('chrome: colour mode and themed images', () => {

  it('is dark by default and ignores the system preference', async () => {
    const { page, context, errors } = await h.open();
    await page.emulateMedia({ colorScheme: 'light' });
    await gotoHydrated(page, h.url(DOC));
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
    assert.equal(await bodyBackground(page), 'rgb(27, 27, 29)');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('switches to light with the toggle, keeps it across reloads, and applies it before any script of the app runs', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url(DOC));
    const darkKeyword = await page.locator('.markdown .token.keyword, .markdown .token.function').first().evaluate((el) => getComputedStyle(el).color);
    await page.getByRole('button', { name: 'Включить светлую тему' }).click();
    assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
    assert.equal(await bodyBackground(page), 'rgb(255, 255, 255)');
    assert.equal(await page.evaluate(() => localStorage.getItem('sg.theme')), 'light');
    const lightKeyword = await page.locator('.markdown .token.keyword, .markdown .token.function').first().evaluate((el) => getComputedStyle(el).color);
    assert.notEqual(lightKeyword, darkKeyword, 'code is recoloured for the light background');
    assert.ok(await page.getByRole('button', { name: 'Включить тёмную тему' }).isVisible());

    await page.reload();
    await hydrated(page);
    assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
    // No flash: with the app's scripts blocked, the first paint is already light.
    const raw = await context.newPage();
    await blockScripts(raw);
    await raw.goto(h.url('/info/introduction'));
    assert.equal(await raw.getAttribute('html', 'data-theme'), 'light');
    assert.equal(await bodyBackground(raw), 'rgb(255, 255, 255)');
    await raw.close();

    await page.getByRole('button', { name: 'Включить тёмную тему' }).click();
    await page.reload();
    await hydrated(page);
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('opens a diagram of the content in full size: the variant on screen, as a file, with no page data asked for it', async () => {
    const { page, context, errors } = await h.open({ width: 390, height: 844 });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await gotoHydrated(page, h.url('/tech-docs/components'));
    const links = page.locator('.markdown figure a');
    assert.equal(await links.count(), 2, 'one link per variant');
    const shown = page.locator('.markdown figure a:visible');
    assert.equal(await shown.count(), 1, 'only the current theme\'s link shows');
    assert.equal(await shown.getAttribute('href'), '/img/overview/components-dark.svg');
    assert.equal(await shown.getAttribute('title'), 'Открыть изображение в полном размере');
    assert.match(await shown.locator('img').getAttribute('alt') ?? '', /^Схема компонентов SGroups/, 'the link is named by the image');
    // In view, content links are prefetched once the page is idle: a file's link must not be.
    await shown.scrollIntoViewIfNeeded();
    await page.waitForTimeout(1500);
    assert.deepEqual(requests.filter((r) => r.startsWith('/_data/img/')), []);
    await shown.click();
    await page.waitForURL(/\/img\/overview\/components-dark\.svg$/);
    assert.match(await page.evaluate(() => document.documentElement.outerHTML), /<svg/, 'the browser shows the file itself');
    await page.goBack();
    await hydrated(page);
    // The light theme (chosen in the mobile menu, kept in localStorage) shows the other link.
    await page.evaluate(() => localStorage.setItem('sg.theme', 'light'));
    await page.reload();
    await hydrated(page);
    assert.equal(await page.locator('.markdown figure a:visible').getAttribute('href'), '/img/overview/components-light.svg');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('puts both variants of a themed image in the HTML and renders only the current one after hydration', async () => {
    const { page, context, errors } = await h.open();
    const html = await (await page.request.get(h.url('/'))).text();
    assert.match(html, /components-light\.svg/);
    assert.match(html, /components-dark\.svg/);
    await gotoHydrated(page, h.url('/'));
    const images = page.locator('.home__hero img.themed-image');
    await page.waitForFunction(() => document.querySelectorAll('.home__hero img.themed-image').length === 1);
    assert.match(await images.getAttribute('src') ?? '', /components-dark\.svg$/);
    assert.ok(await images.isVisible());
    assert.equal(await images.getAttribute('alt'), 'Схема: сервер правил, агенты на хостах и провайдер Terraform');
    await page.getByRole('button', { name: 'Включить светлую тему' }).click();
    await page.waitForFunction(() => /components-light\.svg$/.test(document.querySelector('.home__hero img.themed-image')?.getAttribute('src') ?? ''));
    assert.equal(await images.count(), 1);
    assert.ok(await images.isVisible());
    assert.deepEqual(errors, []);
    await context.close();
  });
});
