// The built site opens in a real browser, hydrates without errors and shows highlighted code.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { isolate, launchBrowser, serveSite, watchErrors, type ServedSite } from '../helpers/browser.ts';
import { siteDist } from '../helpers/paths.ts';
import { hydrated } from './theme-helpers.ts';

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
    // Hydration attaches React: the announcement bar's close button starts working. (React marks
    // its root before it has hydrated it; the app marks <html> once it has.)
    await hydrated(page);
    await page.getByRole('button', { name: 'Закрыть объявление' }).click();
    await page.locator('.announcement-bar').waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('hydrates every kind of page (home, doc, Markdown page, 404) without a console error or warning', async () => {
    const context = await browser.newContext();
    await isolate(context);
    for (const route of ['/', '/info/introduction', '/tech-docs/sgroups/api/v2/sync', '/markdown-page', '/no/such/page']) {
      const page = await context.newPage();
      const messages: string[] = [];
      // React reports a hydration mismatch as a console error (a recoverable error) and some
      // misuses as warnings: either would mean the server render and the browser disagree.
      page.on('console', (m) => {
        // The 404 page's own status is logged by Chromium as a failed resource: that one is expected.
        if (route === '/no/such/page' && m.location().url === `${site.origin}${route}` && /status of 404/.test(m.text())) return;
        if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
      await page.goto(`${site.origin}${route}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      // Hydration commits as a transition: give it a moment to report anything late.
      await page.waitForTimeout(200);
      assert.deepEqual(messages, [], `${route} hydrated with messages`);
      await page.close();
    }
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
