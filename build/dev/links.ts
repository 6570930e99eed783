// Broken links in dev are warnings, found without a crawl: the links in the content of the
// pages a rebuild touched are looked up in the route table, in the output folder (static files,
// images) and, for #anchors, in the target page's ids. The production build keeps its full
// check (build/links.ts, build/anchors.ts), which fails the build.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PageData } from '../../src/data/types.ts';
import type { Warning } from '../errors.ts';

const HREF = /\shref="([^"]*)"/g;
const ID = /\sid="([^"]+)"/g;
const EXTERNAL = /^[a-z][a-z0-9+.-]*:|^\/\//i;
const decodeEntities = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

export function linkWarnings(checked: Iterable<PageData>, pages: Map<string, PageData>, outDir: string, sourceOf: (route: string) => string | undefined): Warning[] {
  const warnings: Warning[] = [];
  const ids = new Map<string, Set<string>>();
  const idsOf = (route: string) => {
    let set = ids.get(route);
    if (!set) {
      set = new Set([...(pages.get(route)?.html ?? '').matchAll(ID)].map((m) => decodeEntities(m[1])));
      ids.set(route, set);
    }
    return set;
  };
  for (const page of checked) {
    for (const m of page.html.matchAll(HREF)) {
      const href = decodeEntities(m[1]);
      if (!href || EXTERNAL.test(href)) continue;
      let url: URL;
      let target: string;
      try {
        url = new URL(href, `http://site${page.route}`);
        target = decodeURI(url.pathname).replace(/(.)\/+$/, '$1');
      } catch {
        continue;
      }
      const fragment = decodeURIComponent(url.hash.slice(1));
      const warn = (what: string) => warnings.push({ file: sourceOf(page.route), message: `broken link on ${page.route}: ${href} ${what} (a warning in dev; \`npm run build\` fails on it)` });
      if (pages.has(target)) {
        if (fragment && !idsOf(target).has(fragment)) warn('names an anchor that does not exist on the target page');
      } else if (!existsSync(path.join(outDir, target))) {
        warn('points at a page or file that does not exist');
      }
    }
  }
  return warnings;
}
