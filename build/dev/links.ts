// Broken links in dev are warnings, found without a crawl: the links in the content of the
// pages a rebuild touched are looked up in the route table, in the output folder (static files,
// images; outputs such as the user guide PDF that are made when first requested count as there)
// and, for #anchors, in the target page's ids. The production build keeps its full
// check (build/checks/links.ts, build/checks/anchors.ts), which fails the build.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PageData } from '../../src/data/types.ts';
import type { Warning } from '../errors.ts';
import { nearestAnchor, nearestPageRoute } from '../checks/anchors.ts';
import { idLookup, refsOf, resolveRef } from '../checks/html-refs.ts';
import { lineOfLink } from '../checks/link-line.ts';

/** The href as the author wrote it: `#%D0%BD…` back to `#настройка`. */
function readable(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}

/** Where a page comes from, for a warning: its file (as shown) and its Markdown, read only when a warning needs its line. */
export interface PageSource { file?: string; text(): string | undefined }

export function linkWarnings(checked: Iterable<PageData>, pages: Map<string, PageData>, outDir: string,
  sourceOf: (route: string) => PageSource | undefined = () => undefined, onDemand: Set<string> = new Set()): Warning[] {
  const warnings: Warning[] = [];
  const ids = idLookup((route) => pages.get(route)?.html);
  for (const page of checked) {
    for (const href of refsOf(page.html)) {
      const ref = resolveRef(href, page.route);
      if (!ref) continue;
      // The source and its text are looked up for a broken link only: a site-wide check after the
      // first build decoded every page's Markdown once per link (12 s at 10 000 pages).
      const warn = (what: string) => {
        const shown = readable(href);
        const source = sourceOf(page.route);
        const text = source?.text();
        warnings.push({ file: source?.file, line: text === undefined ? undefined : lineOfLink(text, shown),
          message: `broken link on ${page.route}: ${shown} ${what} (a warning in dev; \`npm run build\` fails on it)` });
      };
      if (pages.has(ref.target)) {
        if (ref.fragment && !ids(ref.target).has(ref.fragment)) {
          const near = nearestAnchor(ref.fragment, ids(ref.target));
          warn(`names an anchor that does not exist on the target page${near ? ` (the nearest it has: #${near})` : ''}`);
        }
      } else if (!onDemand.has(ref.target) && !existsSync(path.join(outDir, ref.target))) {
        const near = nearestPageRoute(readable(href), pages.keys());
        warn(`points at a page or file that does not exist${near ? ` (the page nearest to it: ${near})` : ''}`);
      }
    }
  }
  return warnings;
}
