// A site for an intranet or offline mirror: `github.live: false` in the site config. The navbar
// shows the facts written at build time and the browser makes no request to GitHub at all, so
// nothing reaches the console (what Lighthouse's best-practices audit checks).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { servedFixture } from '../helpers/build-fixture.ts';
import { isolate } from '../helpers/browser.ts';

describe('github.live: false', () => {
  const served = servedFixture((fixture) => {
    const configFile = path.join(fixture.dir, 'site.config.ts');
    const config = readFileSync(configFile, 'utf8');
    const offline = config.replace("github: { owner: 'H-BF', repo: 'sgroups' },",
      "github: { owner: 'H-BF', repo: 'sgroups', live: false, facts: { tag: 'v2.1.0', stars: 1500, forks: 70 } },");
    assert.notEqual(offline, config, 'the fixture config names the repository as this test expects');
    fixture.write('site.config.ts', offline);
  }, ['--no-link-check']);

  it('shows the build-time facts, calls nothing and logs nothing', async () => {
    const context = await served.browser.newContext();
    const { githubCalls } = await isolate(context);
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
    for (const route of ['/guide/intro', '/guide/install']) {
      await page.goto(`${served.site.origin}${route}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await page.waitForTimeout(300);
    }
    const facts = await page.locator('nav.navbar .github-link__facts').evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.sr-only').forEach((n) => n.remove());
      return copy.textContent!.replace(/\s+/g, ' ').trim();
    });
    assert.equal(facts, 'v2.1.0 1.5k 70');
    assert.equal(await page.locator('nav.navbar [data-testid="github-tag"]').isVisible(), true);
    assert.deepEqual(githubCalls, [], 'no request to api.github.com');
    assert.deepEqual(messages, [], 'nothing in the console');
    // Without JavaScript the same facts are there: they are in the HTML.
    const html = await (await fetch(`${served.site.origin}/guide/intro`)).text();
    assert.match(html, /data-testid="github-tag">.*v2\.1\.0/s);
    await context.close();
  });
});
