// The config's redirects, checked against the site's routes: an old URL that a page still has
// would hide that page, and a target that is no page would send readers to a 404. Every problem
// is reported at once, with the config's line and the nearest route for a mistyped target.
import type { SiteConfig } from '../../src/config/schema.ts';
import { BuildError, throwIfAny } from '../errors.ts';
import { nearestName } from '../nearest.ts';
import type { ConfigLocation } from './sidebars.ts';

export interface Redirect {
  from: string;
  /** A route of the site (maybe with #anchor) or a full URL, as written. */
  to: string;
}

const isUrl = (to: string) => /^https?:\/\//.test(to);

export function resolveRedirects(config: SiteConfig, routes: ReadonlySet<string>, where: ConfigLocation): Redirect[] {
  const redirects: Redirect[] = [];
  const errors: BuildError[] = [];
  const taken = new Set<string>();
  const fail = (needle: string, message: string, fix: string) => errors.push(new BuildError(`redirects: ${message}`, where.file, where.lineOf(needle), fix));
  for (const { from, to } of config.redirects) {
    const route = to.split('#')[0];
    // Written into nginx's config as quoted strings (build/output/redirect-page.ts), where these cannot be escaped.
    for (const url of [to, ...(Array.isArray(from) ? from : [from])]) {
      if (/["\\$]/.test(url)) fail(url, `"${url}" has a character nginx cannot take in its config (", \\ or $)`, 'percent-encode it (%22, %5C, %24)');
    }
    if (!isUrl(to) && !routes.has(route)) {
      const known = [...routes];
      fail(to, `"${to}" is not a page of this site`, known.length ? `did you mean "${nearestName(route, known)}"? (a route, maybe with #anchor, or a full https:// URL)` : 'give a route of this site or a full https:// URL');
    }
    for (const old of Array.isArray(from) ? from : [from]) {
      if (routes.has(old)) fail(old, `"${old}" is the URL of a page`, 'a redirect would hide that page: remove the redirect, or move the page');
      else if (taken.has(old)) fail(old, `"${old}" is redirected twice`, 'keep one redirect from it');
      else if (old === route) fail(old, `"${old}" redirects to itself`, 'point it at the page that replaced it');
      taken.add(old);
      redirects.push({ from: old, to });
    }
  }
  throwIfAny(errors);
  return redirects.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}
