// Images from other sites: the build allows exactly the sites the pages show images from in the
// Content-Security-Policy's img-src (build/render/csp.ts), so that they load in the reader's
// browser, Markdown images and raw <img> alike, and nothing else is allowed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { servedFixture } from '../helpers/build-fixture.ts';
import { isolate, watchErrors } from '../helpers/browser.ts';

// A 1×1 PNG.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201f7a4d6a70000000049454e44ae426082', 'hex');

describe('images from other sites', () => {
  const served = servedFixture((fixture) => fixture.edit('docs/guide/install.md', (text) => `${text}\n![Схема сети](https://images.example.org/net.png)\n\n<img src="https://cdn.example.net:8443/logo.png" alt="Логотип партнёра">\n`));

  it('allows the sites the pages show images from, and only those', () => {
    const csp = readFileSync(path.join(served.fixture.out, '_headers/csp.txt'), 'utf8').trim();
    assert.ok(csp.split('; ').includes("img-src 'self' data: https://cdn.example.net:8443 https://images.example.org"), csp);
  });

  it('shows them in the reader\'s browser, without a refused request', async () => {
    const context = await served.browser.newContext();
    await isolate(context);
    const asked: string[] = [];
    await context.route(/^https:\/\/(images\.example\.org|cdn\.example\.net:8443)\//, (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${served.site.origin}/guide/install`);
    const images = page.locator('.markdown img[src^="https://"]');
    await images.first().scrollIntoViewIfNeeded();
    await images.last().scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('img[src^="https://"]')].every((img) => img.complete && img.naturalWidth > 0), undefined, { timeout: 5000 });
    assert.deepEqual(asked.sort(), ['https://cdn.example.net:8443/logo.png', 'https://images.example.org/net.png']);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
