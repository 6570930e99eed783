// The dev session's site-wide files (build/dev/session.ts): sitemap.xml, robots.txt, opensearch.xml, the
// redirects' pages and the Content-Security-Policy file. Each is written again only when what it
// is made of changed since the last rebuild, as the rest of a rebuild redoes only what a change touches.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../../src/config/schema.ts';
import type { PageData } from '../../src/data/types.ts';
import type { Redirect } from '../model/redirects.ts';
import { htmlPathOf } from '../model/routes.ts';
import { writeOut } from '../output/files.ts';
import { redirectPage } from '../output/redirect-page.ts';
import { OPENSEARCH_FILE, renderOpenSearch, renderRobots, renderSitemap, sitemapEntries } from '../output/sitemap.ts';
import { CSP_FILE } from '../render/csp.ts';

export class DevSiteFiles {
  /** What each file was last written from. */
  private sitemapKey = '';
  private redirectsKey = '';
  private cspWritten = '';
  /** The redirect pages in the output, as written by the last rebuild whose redirects changed. */
  private redirectFiles = new Set<string>();

  constructor(private readonly outDir: string) {}

  write(config: SiteConfig, pages: PageData[], redirects: Redirect[], csp: string): void {
    const { outDir } = this;
    const listed = sitemapEntries(pages);
    const sitemapKey = JSON.stringify([config.url, config.title, config.favicon, listed]);
    if (sitemapKey !== this.sitemapKey) {
      writeOut(outDir, 'sitemap.xml', renderSitemap(config, listed));
      writeOut(outDir, 'robots.txt', renderRobots(config));
      writeOut(outDir, OPENSEARCH_FILE, renderOpenSearch(config));
      this.sitemapKey = sitemapKey;
    }
    const redirectsKey = JSON.stringify([config.url, config.baseUrl, config.title, redirects]);
    if (redirectsKey !== this.redirectsKey) {
      const written = new Set<string>();
      for (const r of redirects) {
        const { rel, html } = redirectPage(r, config);
        writeOut(outDir, rel, html);
        written.add(rel);
      }
      // A redirect taken out of the config (or given another `from`) leaves no page behind that
      // would still forward; a page now at that path wrote its own file and keeps it.
      const pageFiles = new Set(pages.map((p) => htmlPathOf(p.route)));
      for (const rel of this.redirectFiles) if (!written.has(rel) && !pageFiles.has(rel)) rmSync(path.join(outDir, rel), { force: true });
      this.redirectFiles = written;
      this.redirectsKey = redirectsKey;
    }
    if (csp !== this.cspWritten) {
      writeOut(outDir, CSP_FILE, `${csp}\n`);
      this.cspWritten = csp;
    }
  }
}
