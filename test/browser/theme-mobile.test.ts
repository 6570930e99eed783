// The narrow-screen menu (window width ≤ 996 px) in Chromium.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { gotoHydrated, markWindow, scrollSettled, useHarness, windowMarked } from './theme-helpers.ts';

const h = useHarness();
const DOC = '/tech-docs/to-nft/nftables/chains';
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Меню' });
const hamburger = (page: Page) => page.getByRole('button', { name: 'Открыть меню' });

/** Clicks where the button is on screen. (Playwright's click() first scrolls the sticky navbar's button "into view".) */
async function clickInPlace(page: Page) {
  const box = (await hamburger(page).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

describe('mobile menu', () => {
  it('appears at 996 px in place of the desktop navbar items and is gone at 997 px', async () => {
    const { page, context, errors } = await h.open({ width: 996 });
    await gotoHydrated(page, h.url(DOC));
    assert.ok(await hamburger(page).isVisible());
    assert.equal(await page.locator('nav.navbar').getByRole('link', { name: 'Информация', exact: true }).isVisible(), false);
    assert.equal(await page.locator('aside.doc-sidebar').isVisible(), false, 'no desktop sidebar');
    await page.setViewportSize({ width: 997, height: 800 });
    await hamburger(page).waitFor({ state: 'hidden' });
    assert.ok(await page.locator('nav.navbar').getByRole('link', { name: 'Информация', exact: true }).isVisible());
    assert.ok(await page.locator('aside.doc-sidebar').isVisible());
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('opens on a doc at 996 px with that doc\'s sidebar and a button back to the main menu', async () => {
    const { page, context, errors } = await h.open({ width: 996 });
    await gotoHydrated(page, h.url(DOC));
    await hamburger(page).click();
    const menu = dialog(page);
    await menu.waitFor();
    assert.equal(await hamburger(page).getAttribute('aria-expanded'), 'true');
    const back = menu.getByRole('button', { name: '← Назад к главному меню' });
    assert.ok(await back.isVisible());
    const current = menu.locator('a[aria-current="page"]');
    assert.equal(await current.getAttribute('href'), DOC, 'the secondary menu is the doc sidebar, current page marked');
    assert.ok(await current.isVisible());
    await back.click();
    const primary = menu.getByRole('navigation', { name: 'Главное меню' });
    assert.ok(await primary.getByRole('link', { name: 'Информация', exact: true }).isVisible());
    assert.ok(await primary.getByRole('link', { name: 'Техническая документация', exact: true }).isVisible());
    assert.ok(await primary.getByRole('button', { name: 'Язык: Русский' }).isVisible());
    assert.ok(await primary.getByRole('button', { name: 'Версия документации: Next' }).isVisible());
    assert.equal(await menu.getByRole('button', { name: '← Назад к главному меню' }).count(), 0);
    await menu.getByRole('button', { name: 'Закрыть меню' }).click();
    await menu.waitFor({ state: 'detached' });
    assert.ok(await hamburger(page).evaluate((el) => el === document.activeElement), 'focus returns to the menu button');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('stays on the main menu the reader went back to when the whole sidebar arrives; its closed categories open with their pages', async () => {
    const { page, context, errors } = await h.open({ width: 996 });
    // The sidebar's file (loaded once the page is idle) is held back until the reader is on the main menu.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let served = false;
    await page.route('**/_data/sidebars/**', async (route) => {
      await held;
      await route.continue();
      served = true;
    });
    await gotoHydrated(page, h.url(DOC));
    await hamburger(page).click();
    const menu = dialog(page);
    await menu.getByRole('button', { name: '← Назад к главному меню' }).click();
    const primary = menu.getByRole('navigation', { name: 'Главное меню' });
    await primary.waitFor();
    release();
    for (let i = 0; i < 50 && !served; i++) await page.waitForTimeout(50);
    assert.ok(served, 'the sidebar was asked for and served');
    await page.waitForTimeout(300);
    assert.ok(await primary.isVisible(), 'still on the main menu');
    assert.equal(await menu.getByRole('button', { name: '← Назад к главному меню' }).count(), 0);
    // Opened again, the menu is the doc's sidebar, and a category closed on this page opens with its pages.
    await menu.getByRole('button', { name: 'Закрыть меню' }).click();
    await menu.waitFor({ state: 'detached' });
    await clickInPlace(page);
    const api = menu.getByRole('button', { name: 'API', exact: true });
    await api.click();
    await menu.locator('a[href="/tech-docs/sgroups/api/v2/sync"]').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('locks the page scroll at 375 px while open and closes on Escape and on the backdrop', async () => {
    const { page, context, errors } = await h.open({ width: 375, height: 740 });
    await gotoHydrated(page, h.url('/'));
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() => window.scrollY >= 300);
    const y = await scrollSettled(page);
    await clickInPlace(page);
    const menu = dialog(page);
    await menu.waitFor();
    // On a page outside the docs there is only the main menu.
    assert.equal(await menu.getByRole('button', { name: '← Назад к главному меню' }).count(), 0);
    assert.ok(await menu.getByRole('link', { name: 'Информация', exact: true }).isVisible());
    const panel = (await menu.boundingBox())!;
    assert.ok(panel.width <= 340 && panel.x === 0, 'a panel from the left edge');
    await page.mouse.move(360, 600); // over the backdrop, right of the panel
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.scrollY), y, 'the page does not scroll under the open menu');

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => window.scrollY), y, 'closing leaves the reader where they were');
    await page.mouse.wheel(0, 300);
    await page.waitForFunction((from) => window.scrollY > from, y);

    await clickInPlace(page);
    await menu.waitFor();
    await page.mouse.click(360, 400);
    await menu.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('scroll-locked')), false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('closes when a menu link is followed, navigating without a reload', async () => {
    const { page, context, errors } = await h.open({ width: 375, height: 740 });
    await gotoHydrated(page, h.url('/'));
    await markWindow(page);
    await hamburger(page).click();
    await dialog(page).getByRole('link', { name: 'Техническая документация', exact: true }).click();
    await page.waitForURL('**/tech-docs/components');
    await dialog(page).waitFor({ state: 'detached' });
    await page.locator('article.doc-article h1').waitFor();
    assert.ok(await windowMarked(page));
    await page.waitForFunction(() => document.activeElement?.id === 'main');
    // Inside the docs the menu now opens on the docs sidebar, and following a link there closes it too.
    await hamburger(page).click();
    const next = dialog(page).locator('a[href="/tech-docs/installation-system-requirements"]');
    await next.click();
    await page.waitForURL('**/tech-docs/installation-system-requirements');
    await dialog(page).waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('scroll-locked')), false);
    assert.ok(await windowMarked(page));
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('closes by itself when the window grows to 1200 px', async () => {
    const { page, context, errors } = await h.open({ width: 800 });
    await gotoHydrated(page, h.url(DOC));
    await hamburger(page).click();
    await dialog(page).waitFor();
    assert.ok(await page.evaluate(() => document.documentElement.classList.contains('scroll-locked')));
    await page.setViewportSize({ width: 1200, height: 800 });
    await dialog(page).waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('scroll-locked')), false, 'scrolling works again');
    await page.setViewportSize({ width: 800, height: 800 });
    await page.waitForTimeout(200);
    assert.equal(await dialog(page).count(), 0, 'and stays closed when the window narrows again');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('keeps keyboard focus inside the open menu', async () => {
    const { page, context, errors } = await h.open({ width: 375, height: 740 });
    await gotoHydrated(page, h.url(DOC));
    await hamburger(page).focus();
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    assert.ok(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))), 'focus moves into the menu');
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press(i % 7 === 6 ? 'Shift+Tab' : 'Tab');
      assert.ok(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))), `focus left the menu after ${i + 1} presses`);
    }
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    assert.ok(await hamburger(page).evaluate((el) => el === document.activeElement));
    assert.deepEqual(errors, []);
    await context.close();
  });
});
