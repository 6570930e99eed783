// sitemap.xml (listed pages only), robots.txt pointing at it, and the OpenSearch description. A page with a "last updated" date
// (its last commit, or front matter `last_update`: build/model/last-updated.ts) has it as
// `<lastmod>`, the day only, as Docusaurus's `lastmod: 'date'` writes it: search engines re-crawl
// what changed first.
import type { SiteConfig } from '../../src/config/schema.ts';
import type { PageData } from '../../src/data/types.ts';

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface SitemapEntry {
  route: string;
  /** YYYY-MM-DD. */
  lastmod?: string;
}

/** The pages the sitemap lists: neither unlisted nor the page-not-found page. */
export function sitemapEntries(pages: PageData[]): SitemapEntry[] {
  return pages.filter((p) => !p.unlisted && p.kind !== 'not-found')
    .map((p) => (p.lastUpdated ? { route: p.route, lastmod: p.lastUpdated.datetime.slice(0, 10) } : { route: p.route }));
}

export function renderSitemap(config: SiteConfig, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => `<url><loc>${xmlEscape(encodeURI(config.url + e.route))}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}

/** Where the OpenSearch description is: browsers offer the site's search from their address bar. */
export const OPENSEARCH_FILE = 'opensearch.xml';

/**
 * The OpenSearch description (https://github.com/dewitt/opensearch): a browser that finds it
 * through the pages' `<link rel="search">` lets the reader search the site from the address bar.
 * The search opens the site's own dialog: `/?q=…` (src/theme/Search/SearchButton.tsx).
 */
export function renderOpenSearch(config: SiteConfig): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">
<ShortName>${xmlEscape(config.title)}</ShortName>
<Description>${xmlEscape(`Поиск по документации ${config.title}`)}</Description>
<InputEncoding>UTF-8</InputEncoding>
<Image type="image/svg+xml">${xmlEscape(config.url + config.favicon)}</Image>
<Url type="text/html" method="get" template="${xmlEscape(config.url)}/?q={searchTerms}"/>
</OpenSearchDescription>
`;
}

export function renderRobots(config: SiteConfig): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${config.url}/sitemap.xml\n`;
}
