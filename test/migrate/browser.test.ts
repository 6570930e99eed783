// The converted Docusaurus fixture, built and served, in real headless Chromium: the converted
// tabs switch (and the group is shared across pages), the partials' text is on the pages, and a
// link to a `{#id}` heading on another page lands on that heading.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { isolate, serveWithBrowser, watchErrors } from '../helpers/browser.ts';
import { gotoHydrated, scrollSettled } from '../browser/theme-helpers.ts';
import { buildConverted, convertFixture, type Converted } from './helpers.ts';

describe('migrate: the converted fixture in a browser', { timeout: 240_000 }, () => {
  let converted: Converted;
  let served: Awaited<ReturnType<typeof serveWithBrowser>>;

  before(async () => {
    converted = convertFixture();
    assert.equal(converted.status, 0, converted.stderr);
    const built = buildConverted(converted);
    assert.equal(built.status, 0, `${built.stdout}\n${built.stderr}`);
    served = await serveWithBrowser(built.out);
  });
  after(async () => {
    await served?.close();
    if (converted) rmSync(converted.dir, { recursive: true, force: true });
  });

  async function open(height = 800): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
    const context = await served.browser.newContext({ viewport: { width: 1280, height } });
    await isolate(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return { page, errors: watchErrors(page), close: () => context.close() };
  }

  it('switches the converted tabs, default first, and remembers the group on the next page', async () => {
    const { page, errors, close } = await open();
    await gotoHydrated(page, `${served.site.origin}/guide/install`);
    const tabs = page.locator('.tabs[data-group="os"]');
    assert.deepEqual(await tabs.getByRole('tab').allInnerTexts(), ['Debian и Ubuntu', 'RHEL и CentOS']);
    assert.match(await tabs.locator('[role="tabpanel"]:not([hidden])').innerText(), /apt-get install -y hbf-agent/);
    await tabs.getByRole('tab', { name: 'RHEL и CentOS' }).click();
    assert.equal(await tabs.getByRole('tab', { name: 'RHEL и CentOS' }).getAttribute('aria-selected'), 'true');
    assert.match(await tabs.locator('[role="tabpanel"]:not([hidden])').innerText(), /dnf install -y hbf-agent/);
    assert.ok(!(await tabs.locator('[role="tabpanel"]:not([hidden])').innerText()).includes('apt-get'));
    // The same groupId on another page: the choice carries over, as it did in Docusaurus.
    await gotoHydrated(page, `${served.site.origin}/guide/configure`);
    const other = page.locator('.tabs[data-group="os"]');
    assert.equal(await other.getByRole('tab', { name: 'RHEL и CentOS' }).getAttribute('aria-selected'), 'true');
    assert.match(await other.locator('[role="tabpanel"]:not([hidden])').innerText(), /hbf-agent\.service/);
    assert.deepEqual(errors, []);
    await close();
  });

  it('shows the text of the partials on the pages that included them', async () => {
    const { page, errors, close } = await open();
    for (const route of ['/guide/install', '/reference/api-reference']) {
      await gotoHydrated(page, `${served.site.origin}${route}`);
      const tip = page.locator('aside.admonition--tip', { hasText: 'Проверка связи' });
      assert.ok(await tip.isVisible(), `${route}: the partial's admonition`);
      assert.match(await tip.innerText(), /nc -vz sgroups\.local 9000/);
    }
    assert.match(await page.locator('.markdown').innerText(), /Одно правило связывает не больше 1000 групп/, 'a page included as a partial');
    await gotoHydrated(page, `${served.site.origin}/intro`);
    assert.ok(await page.getByRole('link', { name: 'обсуждениях на GitHub' }).isVisible(), 'the partial from src/partials');
    assert.deepEqual(errors, []);
    await close();
  });

  it('follows a link to a {#id} heading on another page and lands on the heading', async () => {
    const { page, errors, close } = await open(400);
    await gotoHydrated(page, `${served.site.origin}/guide/configure`);
    const link = page.getByRole('link', { name: 'разделе об установке' });
    assert.equal(await link.getAttribute('href'), '/guide/install#agent-setup');
    await link.click();
    await page.waitForURL(/\/guide\/install#agent-setup$/);
    const heading = page.locator('h2#agent-setup');
    await heading.waitFor();
    assert.match(await heading.innerText(), /^Настройка агента/);
    assert.ok((await scrollSettled(page)) > 0, 'the page scrolled');
    const box = (await heading.boundingBox())!;
    assert.ok(box.y >= 0 && box.y < 200, `the heading is at the top of the window (y = ${box.y})`);
    assert.deepEqual(errors, []);
    await close();
  });
});
