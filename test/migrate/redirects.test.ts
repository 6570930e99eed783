// The redirects a migration suggests (build/migrate/redirects.ts): from each old Docusaurus URL
// that differs from the page's route here, and from the client-redirects plugin's literal list.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { suggestRedirects } from '../../build/migrate/redirects.ts';

const plugin = (options: string) => `module.exports = { plugins: [['@docusaurus/plugin-client-redirects', ${options}]] };`;

describe('migrate: suggested redirects', () => {
  it('takes baseUrl into the old URLs, leaves out drafts and URLs that did not change', () => {
    const s = suggestRedirects([
      { oldUrl: '/site/docs/basics/first', route: '/basics/first' },
      { oldUrl: '/site/', route: '/' },
      { oldUrl: '/site/draft', route: null },
      { oldUrl: '/same', route: '/same' },
    ], '', '/site/');
    assert.equal(s.snippet, 'redirects: [\n  { from: "/site", to: "/" },\n  { from: "/site/docs/basics/first", to: "/basics/first" },\n],');
    assert.deepEqual(s.notes, []);
  });

  it('never redirects a path that is a page here, and nothing at all when no URL changed', () => {
    const s = suggestRedirects([{ oldUrl: '/docs/a', route: '/a' }, { oldUrl: '/a', route: '/docs/a' }], '', '/');
    assert.equal(s.snippet, undefined);
    assert.equal(suggestRedirects([{ oldUrl: '/a', route: '/a' }], '', '/').snippet, undefined);
  });

  it('carries the plugin\'s list over with baseUrl and our routes, and says what it cannot', () => {
    const pages = [{ oldUrl: '/site/docs/intro', route: '/intro' }];
    const s = suggestRedirects(pages, plugin("{ redirects: [{ from: '/old', to: '/docs/intro#why' }, { from: '/x', to: '/blog/post' }, { from: '/y', to: 'https://example.com/z' }] }"), '/site/');
    assert.equal(s.snippet, [
      'redirects: [',
      '  { from: "/site/docs/intro", to: "/intro" },',
      '  { from: "/site/old", to: "/intro#why" },',
      '  { from: "/site/y", to: "https://example.com/z" },',
      '],',
    ].join('\n'));
    assert.deepEqual(s.notes, ['client redirects: "/blog/post" is no doc of the migrated site; its redirect is left out']);
    assert.deepEqual(suggestRedirects(pages, plugin('{ createRedirects(p) { return undefined; } }'), '/site/').notes,
      ['client redirects: createRedirects is a function, which is not run: add its redirects by hand']);
    for (const computed of ['{ redirects: makeRedirects() }', '{ redirects: [...base, { from: "/a", to: "/docs/intro" }] }']) {
      assert.deepEqual(suggestRedirects(pages, plugin(computed), '/site/').notes, ['client redirects: its redirects list is computed, not a literal: add its entries by hand'], computed);
    }
  });
});
