// The site's public address, which canonical links, Open Graph, sitemaps, the pages for machines
// and redirects all start from. A module of its own so that what only needs the address (the
// preview server's redirects among them) does not load the Markdown pipeline with it.

/** The site's address without a trailing slash: config url + baseUrl. */
export function siteUrlOf(config: { url: string; baseUrl: string }): string {
  return `${config.url.replace(/\/+$/, '')}${config.baseUrl.replace(/\/+$/, '')}`;
}
