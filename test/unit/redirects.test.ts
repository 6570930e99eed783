// The config's redirects: checked against the routes, then written for servers (nginx's include
// and the preview server's rules) and as pages for hosts that serve files only.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BuildError, BuildErrors } from '../../build/errors.ts';
import { resolveRedirects } from '../../build/model/redirects.ts';
import { redirectPage, redirectRules, redirectsNginxInclude } from '../../build/output/redirect-page.ts';
import siteConfig from '../../src/site.config.ts';
import { siteConfigSchema, type SiteConfig } from '../../src/config/schema.ts';

const routes = new Set(['/', '/info/introduction', '/tech-docs/components', '/новая']);
const where = { file: 'src/site.config.ts', lineOf: (needle: string) => ({ '/old': 10, '/tech-docs/componets': 11, '/info/introduction': 12 } as Record<string, number>)[needle] };
const withRedirects = (redirects: SiteConfig['redirects']): SiteConfig => ({ ...siteConfigSchema.parse(siteConfig), redirects });

describe('redirects', () => {
  it('lists every old URL with its target, in order', () => {
    const config = withRedirects([{ from: ['/b', '/a'], to: '/info/introduction#установка' }, { from: '/c', to: 'https://example.org/x' }]);
    assert.deepEqual(resolveRedirects(config, routes, where), [
      { from: '/a', to: '/info/introduction#установка' }, { from: '/b', to: '/info/introduction#установка' }, { from: '/c', to: 'https://example.org/x' },
    ]);
  });

  it('reports every bad one at once, with the config line, the nearest route for a typo and the fix', () => {
    const config = withRedirects([{ from: '/old', to: '/tech-docs/componets' }, { from: '/info/introduction', to: '/' }, { from: '/old', to: '/' }]);
    assert.throws(() => resolveRedirects(config, routes, where), (e: unknown) => {
      assert.ok(e instanceof BuildErrors);
      const found = e.errors.map((x: BuildError) => [x.line, x.message, x.fix]);
      assert.deepEqual(found, [
        [11, 'redirects: "/tech-docs/componets" is not a page of this site', 'did you mean "/tech-docs/components"? (a route, maybe with #anchor, or a full https:// URL)'],
        [12, 'redirects: "/info/introduction" is the URL of a page', 'a redirect would hide that page: remove the redirect, or move the page'],
        [10, 'redirects: "/old" is redirected twice', 'keep one redirect from it'],
      ]);
      return true;
    });
  });

  it('writes nginx exact locations with the path decoded and quoted, the target encoded, the query kept', () => {
    const rules = redirectRules([{ from: '/%D1%81%D1%82%D0%B0%D1%80%D0%B0%D1%8F', to: '/новая' }, { from: '/a%22b', to: '/info/introduction?tab=hcl' }], withRedirects([]));
    assert.deepEqual(rules, [
      { path: '/старая', location: '/%D0%BD%D0%BE%D0%B2%D0%B0%D1%8F' },
      { path: '/a"b', location: '/info/introduction?tab=hcl' },
    ]);
    const include = redirectsNginxInclude(rules).split('\n').filter((l) => l.startsWith('location'));
    assert.deepEqual(include, [
      'location = "/старая" { return 301 "/%D0%BD%D0%BE%D0%B2%D0%B0%D1%8F$is_args$args"; }',
      'location = "/a\\"b" { return 301 "/info/introduction?tab=hcl"; }',
    ]);
  });

  it('gives a host that serves files only a page at the old URL that leads on', () => {
    const { rel, html } = redirectPage({ from: '/old/page', to: '/info/introduction' }, withRedirects([]));
    assert.equal(rel, 'old/page/index.html');
    assert.match(html, /<meta http-equiv="refresh" content="0; url=\/info\/introduction">/);
    assert.match(html, /<link rel="canonical" href="https:\/\/[^"]+\/info\/introduction">/);
    assert.match(html, /<a id="redirect-target" href="\/info\/introduction">/);
  });
});
