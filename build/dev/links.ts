// Broken links in dev are warnings, found without a crawl: the links in the content of the
// pages a rebuild touched are looked up in the route table, in the output folder (static files,
// images) and, for #anchors, in the target page's ids. The production build keeps its full
// check (build/checks/links.ts, build/checks/anchors.ts), which fails the build.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PageData } from '../../src/data/types.ts';
import type { Warning } from '../errors.ts';
import { idLookup, refsOf, resolveRef } from '../checks/html-refs.ts';

export function linkWarnings(checked: Iterable<PageData>, pages: Map<string, PageData>, outDir: string, sourceOf: (route: string) => string | undefined): Warning[] {
  const warnings: Warning[] = [];
  const ids = idLookup((route) => pages.get(route)?.html);
  for (const page of checked) {
    for (const href of refsOf(page.html)) {
      const ref = resolveRef(href, page.route);
      if (!ref) continue;
      const warn = (what: string) => warnings.push({ file: sourceOf(page.route), message: `broken link on ${page.route}: ${href} ${what} (a warning in dev; \`npm run build\` fails on it)` });
      if (pages.has(ref.target)) {
        if (ref.fragment && !ids(ref.target).has(ref.fragment)) warn('names an anchor that does not exist on the target page');
      } else if (!existsSync(path.join(outDir, ref.target))) {
        warn('points at a page or file that does not exist');
      }
    }
  }
  return warnings;
}
