// The built site opens in a real browser, hydrates without errors and shows highlighted code.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { isolate, launchBrowser, serveSite, watchErrors, type ServedSite } from '../helpers/browser.ts';
import { siteDist } from '../helpers/paths.ts';

describe('built site in Chromium', () => {
  let browser: Browser;
  let site: ServedSite;
  before(async () => {
    site = await serveSite(siteDist());
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  it('renders a doc page, hydrates without console errors and highlights code', async () => {
    const context = await browser.newContext();
    await isolate(context);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const res = await page.goto(`${site.origin}/tech-docs/sgroups/installation-server`);
    assert.equal(res?.status(), 200);
    assert.equal(await page.getAttribute('html', 'lang'), 'ru');
    assert.match(await page.title(), /\| SGroups$/);
    assert.ok((await page.locator('pre code .token').count()) > 10, 'Prism tokens are in the page');
    // Hydration attaches React: the announcement bar's close button starts working.
    await page.waitForFunction(() => Boolean((document.getElementById('root') as HTMLElement & Record<string, unknown>)?.['_reactRootContainer'] !== undefined || Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer'))));
    await page.getByRole('button', { name: 'Закрыть объявление' }).click();
    await page.locator('.announcement-bar').waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('serves the 404 page with status 404 for an unknown path', async () => {
    const context = await browser.newContext();
    await isolate(context);
    const page = await context.newPage();
    const res = await page.goto(`${site.origin}/no/such/page`);
    assert.equal(res?.status(), 404);
    await page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
    await context.close();
  });
});
