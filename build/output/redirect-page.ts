// The page an old URL answers with (the config's redirects, build/model/redirects.ts): it sends
// the reader on at once, with the query and #anchor of the old URL (a #section of a renamed page
// lands on that section). The one script is the same on every such page, so the CSP allows it by
// one hash; without JavaScript the meta refresh does it (the #anchor is then lost), and the
// link is there for anyone the refresh does not move. Search engines take the canonical link as
// the page's address and do not index the old one. nginx answers the same URLs itself with a
// 301 (redirectsNginxInclude, included by deploy/nginx.conf), which browsers follow keeping the
// #anchor and crawlers take as the move; the pages serve any other static server.
import type { SiteConfig } from '../../src/config/schema.ts';
import { documentTitle } from '../../src/data/locale.ts';
import { htmlPathOf } from '../model/routes.ts';
import type { Redirect } from '../model/redirects.ts';
import { siteUrlOf } from '../model/site-url.ts';
import { decodedBy } from '../decoded-url.ts';
import { escapeHtml } from '../render/html-document.ts';

export const REDIRECT_SCRIPT = "(function(){var t=document.getElementById('redirect-target').getAttribute('href');location.replace(/[?#]/.test(t)?t:t+location.search+location.hash)})()";

/** The output file of one redirect and its HTML. */
export function redirectPage({ from, to }: Redirect, config: SiteConfig): { rel: string; html: string } {
  const target = to.startsWith('/') ? `${config.baseUrl.replace(/\/$/, '')}${to}` : to;
  const canonical = to.startsWith('/') ? `${siteUrlOf(config)}${to}` : to;
  const href = escapeHtml(target);
  const html = '<!doctype html>'
    + `<html lang="${config.i18n.defaultLocale}"><head><meta charset="utf-8">`
    + `<title>${escapeHtml(documentTitle('Страница перенесена', config.title))}</title>`
    + '<meta name="robots" content="noindex">'
    + `<link rel="canonical" href="${escapeHtml(canonical)}">`
    + `<meta http-equiv="refresh" content="0; url=${href}">`
    + `</head><body><p>Страница перенесена: <a id="redirect-target" href="${href}">${href}</a></p>`
    + `<script>${REDIRECT_SCRIPT}</script></body></html>\n`;
  return { rel: htmlPathOf(from), html };
}

export const REDIRECTS_NGINX_FILE = '_headers/redirects.nginx.conf';
/** The same rules for the preview server (build/serve/server.ts), which answers like nginx. */
export const REDIRECTS_JSON_FILE = '_headers/redirects.json';

/** What a server matches (the decoded path) and sends in Location (the encoded URL; the query is added when it has none). */
export interface RedirectRule {
  path: string;
  location: string;
}

/**
 * The path is decoded the way servers decode a request's path before matching it (every escape;
 * the preview server with decodeURIComponent); the target keeps its escaped `?`, `#` and `/`.
 */
export function redirectRules(redirects: Redirect[], config: SiteConfig): RedirectRule[] {
  const base = config.baseUrl.replace(/\/$/, '');
  return redirects.map(({ from, to }) => ({
    path: decodedBy(decodeURIComponent, `${base}${from}`),
    location: encodeURI(decodedBy(decodeURI, to.startsWith('/') ? `${base}${to}` : to)),
  }));
}

/**
 * One exact location per old URL answering 301 with the query kept (the target's own query, if
 * it has one, instead). Written into every build, empty when there are no redirects, because
 * deploy/nginx.conf always includes it. resolveRedirects has refused what nginx cannot quote.
 */
export function redirectsNginxInclude(rules: RedirectRule[]): string {
  const lines = rules.map(({ path, location }) => {
    const quoted = path.replace(/["\\]/g, '\\$&'); // the path is decoded: %22 is a quote
    return `location = "${quoted}" { return 301 "${location}${location.includes('?') ? '' : '$is_args$args'}"; }`;
  });
  return `# Written by the build (build/output/redirect-page.ts) from the site config's redirects; npm run deploy\n`
    + `# copies it beside csp.nginx.conf, and deploy/nginx.conf includes it.\n${lines.map((l) => `${l}\n`).join('')}`;
}
