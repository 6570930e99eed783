// The HTML document around the server-rendered app: head metadata, the pre-paint script, the inline CSS,
// the inline hydration data and the script that loads the bundle after the first paint.
import type { SiteConfig } from '../../src/config/schema.ts';
import type { InitialData, PageData } from '../../src/data/types.ts';
import { documentTitle } from '../../src/data/locale.ts';
import { bootScript } from './boot-script.ts';
import { siteUrlOf } from '../model/site-url.ts';
import { OPENSEARCH_FILE } from '../output/sitemap.ts';
import type { ClientAssets } from './bundle.ts';

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script> must not be able to close the tag. */
const safeJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * A doc's breadcrumbs as schema.org data, which search engines show in place of the URL (as
 * Docusaurus sites have them): Главная, the categories above the page (a category without a page
 * of its own has no URL), the page. Data, not a script: the CSP does not apply to it.
 */
function breadcrumbList(page: PageData, config: SiteConfig): string {
  if (page.kind !== 'doc' || page.breadcrumbs.length === 0) return '';
  const site = siteUrlOf(config);
  const crumbs = [{ name: 'Главная', url: `${site}/` }, ...page.breadcrumbs.map((b) => ({ name: b.label, url: b.href ? `${site}${b.href}` : '' })), { name: page.title, url: `${site}${page.route}` }];
  const data = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, ...(c.url ? { item: c.url } : {}) })),
  };
  return `<script type="application/ld+json">${safeJson(data)}</script>`;
}

export interface DocumentInput {
  config: SiteConfig;
  page: PageData;
  /** The server render, whole or in pieces (frame and sidebar list). */
  appHtml: string | string[];
  data: InitialData;
  assets: ClientAssets;
  prepaint: string;
}

/**
 * The document in pieces: everything before the app, the app's pieces, everything after it. A page
 * of Russian text is a two-byte string, and a whole document of 64 K characters or more is an
 * object V8 puts in its large-object space: one fresh mapping of memory per string, which cost
 * about 1 ms a page here (page faults on a virtual machine), more than rendering it. Each piece
 * stays below that size; they are written and scanned one after the other, never joined.
 */
export function renderDocumentParts({ config, page, appHtml, data, assets, prepaint }: DocumentInput): string[] {
  const title = documentTitle(page.title, config.title);
  const description = page.description ?? config.tagline;
  const canonical = `${config.url}${page.route === '/' ? '/' : page.route}`;
  // The 404 page is kept out of search indexes by its status code; a robots tag there would
  // only make its own audit fail.
  const noindex = page.unlisted && page.kind !== 'not-found';
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    noindex ? '<meta name="robots" content="noindex, nofollow">' : '',
    page.kind === 'not-found' ? '' : `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta property="og:type" content="${page.kind === 'doc' ? 'article' : 'website'}">`,
    `<meta property="og:site_name" content="${escapeHtml(config.title)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:locale" content="${config.i18n.defaultLocale === 'ru' ? 'ru_RU' : config.i18n.defaultLocale}">`,
    breadcrumbList(page, config),
    // Front matter `image`: the picture a shared link shows, large where the network can.
    page.image ? `<meta property="og:image" content="${escapeHtml(page.image)}"><meta name="twitter:card" content="summary_large_image">` : '',
    `<meta name="theme-color" content="#1b1b1d">`,
    `<link rel="icon" href="${config.favicon}" type="image/svg+xml">`,
    `<link rel="search" type="application/opensearchdescription+xml" title="${escapeHtml(config.title)}" href="/${OPENSEARCH_FILE}">`,
    `<script>${prepaint}</script>`,
    `<style>${assets.inlineCss}</style>`,
    // No frame before <main> is in the document, that is before the navbar is whole: its
    // right-hand items are laid out from the right edge, and painted while only some of them had
    // arrived they moved left as the others did (a layout shift on a slow phone or connection).
    // Browsers without rel=expect paint as before.
    `<link rel="expect" href="#main" blocking="render">`,
  ].filter(Boolean).join('');
  return [
    `<!doctype html><html lang="${config.i18n.defaultLocale}" data-theme="${config.colorMode.defaultMode}"><head>${head}</head><body><div id="root">`,
    ...(typeof appHtml === 'string' ? [appHtml] : appHtml),
    '</div><div id="route-announcer" class="sr-only" aria-live="assertive" aria-atomic="true"></div>'
    + `<script id="__SG_DATA__" type="application/json">${safeJson(data)}</script>`
    + `<script>${bootScript(assets.js)}</script>`
    + '</body></html>',
  ];
}
