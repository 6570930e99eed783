// Printing a page (src/theme/styles/print.css) in Chromium: the print media type the browser lays
// the page out with when it prints, at about an A4 sheet's printable width.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { allLaidOut, gotoHydrated, useHarness } from './theme-helpers.ts';

const h = useHarness();
const PAPER = { width: 700, height: 1000 };
const NETWORKS = '/tech-docs/rule-configuration/networks';

const visible = (page: Page, selector: string) => page.locator(selector).first().isVisible();
const colours = (page: Page) => page.evaluate(() => {
  const body = getComputedStyle(document.body);
  return { text: body.color, page: getComputedStyle(document.documentElement).getPropertyValue('--c-bg').trim() };
});

describe('print', () => {
  it('prints the article alone, in the light colours, though the screen shows the dark theme', async () => {
    const { page, context, errors } = await h.open(PAPER);
    await gotoHydrated(page, h.url(NETWORKS));
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    assert.deepEqual(await colours(page), { text: 'rgb(227, 227, 227)', page: '#1b1b1d' }, 'the screen is dark');
    await page.emulateMedia({ media: 'print' });
    assert.deepEqual(await colours(page), { text: 'rgb(28, 30, 33)', page: '#ffffff' }, 'paper is light');
    for (const chrome of ['.announcement-bar', 'nav.navbar', '.doc-sidebar', '.toc-collapsible', '.pagination-nav', '.doc-footer__actions', 'footer.footer', '.hash-link']) {
      assert.equal(await visible(page, chrome), false, `${chrome} is not printed`);
    }
    for (const kept of ['.breadcrumbs', 'h1.doc-title', '.markdown', '.doc-footer__updated']) {
      assert.ok(await visible(page, kept), `${kept} is printed`);
    }
    const article = (await page.locator('.doc-article').boundingBox())!;
    assert.ok(article.x < 10 && article.width > PAPER.width - 40, `the article takes the sheet's width (${article.x}, ${article.width})`);
    await page.emulateMedia({ media: 'screen' });
    assert.ok(await visible(page, 'nav.navbar'), 'back on screen the navbar returns');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('wraps code lines that scroll on screen, and prints every tab under its label', async () => {
    const { page, context } = await h.open(PAPER);
    await gotoHydrated(page, h.url(NETWORKS));
    await allLaidOut(page);
    const overflowing = () => page.$$eval('.code-block pre', (pres) => pres.filter((p) => p.scrollWidth > p.clientWidth + 1).length);
    const panels = () => page.$$eval('.tabs__panel', (ps) => ps.filter((p) => p.getBoundingClientRect().height > 0)
      .map((p) => getComputedStyle(p, '::before').content));
    assert.ok(await overflowing() > 0, 'some code scrolls sideways on a screen this wide');
    const onScreen = await panels();
    assert.ok(await visible(page, '.tabs__list'));

    await page.emulateMedia({ media: 'print' });
    assert.equal(await overflowing(), 0, 'no code line is cut off on paper');
    const onPaper = await panels();
    assert.ok(onPaper.length > onScreen.length, `every panel prints (${onScreen.length} on screen, ${onPaper.length} on paper)`);
    assert.ok(onPaper.includes('"Terraform"') && onPaper.includes('"nftables"'), `each panel is headed by its tab's label: ${onPaper.join(', ')}`);
    assert.equal(await visible(page, '.tabs__list'), false, 'the tab buttons are not printed');
    await context.close();
  });

  it('writes an external link\'s address after its text, and leaves links inside the site as they are', async () => {
    const { page, context } = await h.open(PAPER);
    await gotoHydrated(page, h.url('/info/introduction'));
    await page.emulateMedia({ media: 'print' });
    const after = (selector: string) => page.locator(selector).first().evaluate((a) => getComputedStyle(a, '::after').content);
    assert.equal(await after('.markdown a[href="https://github.com/H-BF/sgroups"]'), '" (https://github.com/H-BF/sgroups)"');
    assert.equal(await after('.markdown a[href^="/"]'), 'none');
    await context.close();
  });

  it('keeps a dark figure readable on white paper', async () => {
    const { page, context } = await h.open(PAPER);
    await gotoHydrated(page, h.url(NETWORKS));
    await page.emulateMedia({ media: 'print' });
    const figure = page.locator('.themed-image--dark').first();
    assert.ok(await figure.isVisible(), 'the variant the screen showed is the one printed');
    assert.equal(await figure.evaluate((img) => getComputedStyle(img).backgroundColor), 'rgb(27, 27, 29)');
    await context.close();
  });
});
