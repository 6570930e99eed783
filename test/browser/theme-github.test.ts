// The navbar's facts about the GitHub repository, from stubbed api.github.com answers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { GITHUB_UNREACHABLE_MESSAGE } from '../../src/client/github-api.ts';
import { GITHUB_OK, type GitHubStub } from '../helpers/browser.ts';
import { gotoHydrated, hydrated, unexpected, useHarness } from './theme-helpers.ts';

/** The page's console.info messages (where the site says GitHub is unreachable). */
function infos(page: Page): string[] {
  const out: string[] = [];
  page.on('console', (m) => m.type() === 'info' && out.push(m.text()));
  return out;
}

const h = useHarness();
const DOC = '/info/introduction';
const link = (page: Page) => page.locator('nav.navbar a.github-link');
const fact = (page: Page, id: 'tag' | 'stars' | 'forks') => page.locator(`nav.navbar [data-testid="github-${id}"]`);

async function visibleFacts(page: Page) {
  const out: Record<string, string | null> = {};
  for (const id of ['tag', 'stars', 'forks'] as const) {
    // What is on screen: the text without the words only screen readers get.
    out[id] = (await fact(page, id).isVisible())
      ? await fact(page, id).evaluate((el) => {
        const copy = el.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('.sr-only').forEach((n) => n.remove());
        return copy.textContent!.trim();
      })
      : null;
  }
  return out;
}

/** Waits until the page has had its chance to call GitHub and show the answers. */
async function settle(page: Page, githubCalls: string[], calls = 2) {
  await hydrated(page);
  for (let i = 0; i < 40 && githubCalls.length < calls; i++) await page.waitForTimeout(50);
  await page.waitForTimeout(300);
}

const fail500: GitHubStub['tags'] = { status: 500, body: JSON.stringify({ message: 'Server Error' }) };

describe('GitHub facts in the navbar', () => {
  it('shows the latest tag, the star count and the fork count from the two API calls', async () => {
    const { page, context, errors, githubCalls } = await h.open({
      github: { ...GITHUB_OK, repo: { status: 200, body: JSON.stringify({ stargazers_count: 1234, forks: 56, full_name: 'H-BF/sgroups' }) } },
    });
    await gotoHydrated(page, h.url(DOC));
    await fact(page, 'forks').waitFor();
    assert.deepEqual(await visibleFacts(page), { tag: 'v2.0.0', stars: '1.2k', forks: '56' });
    assert.deepEqual([...githubCalls].sort(), ['/repos/H-BF/sgroups', '/repos/H-BF/sgroups/tags']);
    assert.equal(await link(page).getAttribute('href'), 'https://github.com/H-BF/sgroups');
    const name = await link(page).evaluate((a) => a.textContent?.replace(/\s+/g, ' ').trim());
    assert.match(name ?? '', /GitHub H-BF\/sgroups.*v2\.0\.0.*1\.2k звёзд.*56 форков/, 'screen readers hear what is shown');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('hides the version and says so once, as information, when the tags call fails, keeping the counts', async () => {
    const { page, context, errors, githubCalls } = await h.open({ github: { ...GITHUB_OK, tags: fail500 } });
    const info = infos(page);
    await gotoHydrated(page, h.url(DOC));
    await settle(page, githubCalls);
    await fact(page, 'stars').waitFor();
    assert.deepEqual(await visibleFacts(page), { tag: null, stars: '1.2k', forks: '56' });
    assert.equal(info.filter((m) => m.includes(GITHUB_UNREACHABLE_MESSAGE)).length, 1, `logged: ${info.join(' | ')}`);
    assert.deepEqual(unexpected(errors, /status of 500/), [], 'no error of our own, only the browser\'s network message');
    await context.close();
  });

  it('offline or on an intranet: one console.info, then no call to GitHub for the rest of the session', async () => {
    const { page, context, errors, githubCalls } = await h.open({ github: { tags: 'unreachable', repo: 'unreachable' } });
    const info = infos(page);
    await gotoHydrated(page, h.url(DOC));
    await settle(page, githubCalls);
    await page.waitForFunction(() => sessionStorage.getItem('sg.github.unreachable') === '1');
    assert.equal(githubCalls.length, 2);
    for (const route of ['/tech-docs/components', DOC]) {
      await gotoHydrated(page, h.url(route)); // full loads, not client navigation
      await page.waitForTimeout(300);
    }
    assert.equal(githubCalls.length, 2, 'no new call after the failure');
    assert.equal(info.filter((m) => m.includes(GITHUB_UNREACHABLE_MESSAGE)).length, 1, `said once: ${info.join(' | ')}`);
    assert.deepEqual(unexpected(errors, /ERR_INTERNET_DISCONNECTED/), [], 'no error of our own, no stack trace');
    assert.deepEqual(await visibleFacts(page), { tag: null, stars: null, forks: null });
    await context.close();
  });

  it('hides the counts and logs nothing of its own when the repository call fails, keeping the version', async () => {
    const { page, context, errors, githubCalls } = await h.open({ github: { ...GITHUB_OK, repo: fail500 } });
    await gotoHydrated(page, h.url(DOC));
    await settle(page, githubCalls);
    await fact(page, 'tag').waitFor();
    assert.deepEqual(await visibleFacts(page), { tag: 'v2.0.0', stars: null, forks: null });
    assert.deepEqual(unexpected(errors, /status of 500/), [], 'only the browser\'s own network message');
    await context.close();
  });

  it('treats garbage answers as failures and shows nothing', async () => {
    for (const github of [
      { tags: { status: 200, body: 'not json at all {' }, repo: { status: 200, body: '<html>rate limited</html>' } },
      { tags: { status: 200, body: '[]' }, repo: { status: 200, body: JSON.stringify({ stargazers_count: 'lots', forks: null }) } },
      { tags: { status: 200, body: JSON.stringify({ name: 'v1' }) }, repo: { status: 200, body: 'null' } },
    ] satisfies GitHubStub[]) {
      const { page, context, errors, githubCalls } = await h.open({ github });
      await gotoHydrated(page, h.url(DOC));
      await settle(page, githubCalls);
      assert.deepEqual(await visibleFacts(page), { tag: null, stars: null, forks: null }, JSON.stringify(github));
      assert.deepEqual(errors, []);
      assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sg.github.')).length), 0, 'garbage is not cached');
      await context.close();
    }
  });

  it('shows nothing while the calls hang, gives up after a timeout, and nothing in the navbar moves either way', async () => {
    const box = async (page: Page) => page.getByRole('button', { name: 'Язык: Русский' }).boundingBox();
    const ok = await h.open();
    await gotoHydrated(ok.page, h.url(DOC));
    await fact(ok.page, 'forks').waitFor();
    const withFacts = await box(ok.page);
    await ok.context.close();

    const { page, context, errors } = await h.open({ github: { tags: 'hang', repo: 'hang' } });
    await page.goto(h.url(DOC), { waitUntil: 'domcontentloaded' });
    const beforeHydration = await box(page);
    await hydrated(page);
    await page.waitForTimeout(500);
    assert.deepEqual(await visibleFacts(page), { tag: null, stars: null, forks: null });
    assert.deepEqual(await box(page), withFacts, 'the same place with or without the facts');
    assert.deepEqual(beforeHydration, withFacts, 'and before the page was hydrated');
    // The calls count as failed after their timeout (8 s): said once, still nothing shown.
    await page.waitForEvent('console', { predicate: (m) => m.type() === 'info' && m.text().includes(GITHUB_UNREACHABLE_MESSAGE), timeout: 12_000 });
    assert.deepEqual(await visibleFacts(page), { tag: null, stars: null, forks: null });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('caches both answers for an hour: a reload makes no call, a reload after more than an hour calls again', async () => {
    const { page, context, errors, githubCalls } = await h.open();
    await gotoHydrated(page, h.url(DOC));
    await fact(page, 'forks').waitFor();
    assert.equal(githubCalls.length, 2);

    await page.goto(h.url('/tech-docs/components'));
    await settle(page, githubCalls, 3);
    await fact(page, 'forks').waitFor();
    assert.deepEqual(await visibleFacts(page), { tag: 'v2.0.0', stars: '1.2k', forks: '56' }, 'facts from the cache');
    assert.equal(githubCalls.length, 2, 'no new call within the hour');

    // 61 minutes later.
    await context.addInitScript({ content: 'const realNow = Date.now; Date.now = () => realNow() + 61 * 60 * 1000;' });
    await page.reload();
    await settle(page, githubCalls, 4);
    assert.equal(githubCalls.length, 4, 'both calls are made again');
    assert.deepEqual(await visibleFacts(page), { tag: 'v2.0.0', stars: '1.2k', forks: '56' });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
