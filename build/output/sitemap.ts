// sitemap.xml (listed pages only) and robots.txt pointing at it.
import type { SiteConfig } from '../../src/config/schema.ts';

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function renderSitemap(config: SiteConfig, routes: string[]): string {
  const urls = routes.map((r) => `<url><loc>${xmlEscape(encodeURI(config.url + r))}</loc></url>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}

export function renderRobots(config: SiteConfig): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${config.url}/sitemap.xml\n`;
}
