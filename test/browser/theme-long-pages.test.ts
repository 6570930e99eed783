// Long pages in Chromium. While a page loads, the browser lays out only the parts near the
// screen (h2 sections, tables and code blocks have content-visibility: auto); once it is idle the
// rest is laid out bit by bit (src/client/deferred-layout.ts). The reader must see the same page
// as if everything had been laid out at once: same positions, nothing moving, anchors and
// restored scroll positions landing on the right text, and every part printed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { allLaidOut, gotoHydrated, hydrated, markWindow, scrollSettled, serveInTwoParts, useHarness, windowMarked } from './theme-helpers.ts';

const h = useHarness();
const SYNC = '/tech-docs/sgroups/api/v2/sync';
const PHONE = { width: 412, height: 823 };


/** Top of every block of the content, relative to the content's own top, and its height. */
const contentGeometry = (page: Page) => page.evaluate(() => {
  const md = document.querySelector('.markdown')!;
  const top = md.getBoundingClientRect().top;
  return {
    height: Math.round(md.getBoundingClientRect().height),
    tops: [...md.querySelectorAll('h2, h3, h4, p, pre, table, li')].map((e) => Math.round(e.getBoundingClientRect().top - top)),
  };
});

describe('long pages', () => {
  it('skip the parts far below the first screen while loading, then lay out all of it', async () => {
    const { page, context, errors } = await h.open(PHONE);
    await page.goto(h.url(SYNC), { waitUntil: 'domcontentloaded' });
    const rendered = () => page.evaluate(() => [...document.querySelectorAll('.doc-section')].map((s) => s.checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions)
      && (s.querySelector('h2') ?? s).checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions)));
    const before = await rendered();
    assert.ok(before.length > 8, 'the page has many sections');
    assert.equal(before[0], true, 'the first screen is rendered');
    assert.equal(before.at(-1), false, 'the last section is not laid out while the page loads');
    await hydrated(page);
    await allLaidOut(page);
    assert.equal(await page.evaluate(() => [...document.querySelectorAll('.markdown :is(.doc-section, table, pre)')]
      .every((e) => getComputedStyle(e).contentVisibility === 'visible')), true, 'every part is laid out once the browser is idle');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('end up exactly where the blocks of a page without sections would be, and nothing on screen moves meanwhile', async () => {
    for (const width of [PHONE.width, 1440]) {
      const { page, context, errors } = await h.open({ width, init: `
        window.__shift = 0;
        new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__shift += e.value; }).observe({ type: 'layout-shift', buffered: true });` });
      await gotoHydrated(page, h.url(SYNC));
      await allLaidOut(page);
      await page.waitForTimeout(300);
      const sectioned = await contentGeometry(page);
      // The same content with the sections taken away: plain blocks, one after another.
      await page.evaluate(() => document.querySelectorAll('.doc-section').forEach((s) => s.replaceWith(...s.childNodes)));
      const plain = await contentGeometry(page);
      assert.equal(sectioned.tops.length, plain.tops.length);
      assert.deepEqual(sectioned, plain, `at ${width} px every block is where it would be without sections`);
      assert.equal(await page.evaluate(() => (window as unknown as { __shift: number }).__shift), 0, `no layout shift at ${width} px`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  it('open at a section far down the page and keep it in place while the rest is laid out', async () => {
    const { page, context, errors } = await h.open(PHONE);
    await gotoHydrated(page, h.url(`${SYNC}#ответ`));
    await allLaidOut(page);
    await page.waitForTimeout(300);
    const top = await page.evaluate(() => document.getElementById('ответ')!.getBoundingClientRect().top);
    assert.ok(top > 40 && top < 140, `the heading is at the top of the screen, below the navbar (${top})`);
    assert.ok(await page.evaluate(() => window.scrollY > 5000), 'the page scrolled far down');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('bring back the same text, not just the same offset, on back and forward', async () => {
    const { page, context, errors } = await h.open(PHONE);
    await gotoHydrated(page, h.url('/tech-docs/sgroups/database'));
    await markWindow(page);
    // Reach the long page by client navigation: its content is inserted with every part deferred.
    await page.locator(`.markdown a[href="${SYNC}"]`).first().click();
    await page.waitForURL(h.url(SYNC));
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent?.startsWith('POST /v2/sync'));
    await allLaidOut(page);
    // Far down the page, the reader follows a link in the text.
    const link = page.locator('.doc-section:has(#ответ) a[href="/tech-docs/sgroups/api/v2/status"]').first();
    await link.scrollIntoViewIfNeeded();
    const y = await scrollSettled(page);
    const linkTop = (await link.boundingBox())!.y;
    assert.ok(y > 5000, `scrolled far down (${y})`);
    await page.waitForTimeout(300); // the position is saved to the history entry shortly after scrolling stops
    await link.click();
    await page.waitForFunction(() => !document.querySelector('main h1')?.textContent?.startsWith('POST /v2/sync'));

    await page.goBack();
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent?.startsWith('POST /v2/sync'));
    await page.waitForFunction((want) => Math.abs(window.scrollY - want) < 3, y);
    const back = (await link.boundingBox())!.y;
    assert.ok(Math.abs(back - linkTop) < 3, `the link is where it was on screen (${linkTop} → ${back})`);
    assert.ok(await windowMarked(page), 'all of it without a reload');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('render each part when the reader scrolls to it, without JavaScript too', async () => {
    const { page, context } = await h.open({ ...PHONE, javaScriptEnabled: false });
    await page.goto(h.url(SYNC));
    const last = page.locator('.doc-section').last().locator('h2');
    assert.equal(await last.evaluate((e) => e.checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions)), false);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // Polled by hand: waitForFunction runs its own script in the page, which JavaScript being off stops.
    const shown = () => last.evaluate((e) => e.checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions));
    for (let i = 0; i < 50 && !(await shown()); i++) await page.waitForTimeout(100);
    assert.equal(await shown(), true, 'the last section is rendered once scrolled to');
    assert.match(await last.innerText(), /См\. также/);
    await context.close();
  });

  it('print every part', async () => {
    const { page, context } = await h.open({ ...PHONE, javaScriptEnabled: false });
    await page.goto(h.url(SYNC));
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.evaluate(() => [...document.querySelectorAll('.markdown :is(.doc-section, table, pre)')]
      .every((e) => getComputedStyle(e).contentVisibility === 'visible')), true);
    await context.close();
  });

  it('keep the article where it is while a slow connection delivers the rest of the page', async () => {
    // The page's HTML in two parts: up to the third section, then, once the test has seen the
    // first part painted, the rest (with the table of contents, which comes after the article).
    const slow = await serveInTwoParts(SYNC, (html) => html.split('<section class="doc-section">', 3).join('<section class="doc-section">').length);
    const { page, context } = await h.open({ width: 1440, height: 900, init: `
      window.__shift = 0;
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__shift += e.value; }).observe({ type: 'layout-shift', buffered: true });` });
    const article = () => page.evaluate(() => {
      const r = document.querySelector('.doc-article')!.getBoundingClientRect();
      return [Math.round(r.x), Math.round(r.width)];
    });
    try {
      await page.goto(slow.url, { waitUntil: 'commit' });
      await page.waitForSelector('.doc-section');
      assert.equal(await page.locator('.doc-toc').count(), 0, 'the table of contents has not arrived yet');
      await page.evaluate(() => new Promise(requestAnimationFrame)); // painted
      const early = await article();
      slow.sendRest();
      await page.waitForSelector('.doc-toc');
      await hydrated(page);
      assert.deepEqual(await article(), early, 'the article keeps its place and width');
      assert.equal(await page.evaluate(() => (window as unknown as { __shift: number }).__shift), 0, 'nothing shifted');
    } finally {
      await context.close();
      slow.close();
    }
  });
});
