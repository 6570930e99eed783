// In-site #anchor check over the rendered pages, exact: every fragment of a link to a page of
// the site must be the id of an element on that page. (linkinator's own fragment check depends
// on crawl order and compares percent-encoded fragments with raw Cyrillic ids, so it is not used.)
import { BuildError } from '../errors.ts';
import { fewestEdits, typoOf } from '../nearest.ts';
import type { SiteRef } from './html-refs.ts';
import { lineOfLinkIn, type LinkSource } from './link-line.ts';

/**
 * The id of the target page nearest to a missing one, when it is near enough to be what was
 * meant (a heading reworded or retyped): at most a third of the longer one's letters differ.
 */
export function nearestAnchor(fragment: string, ids: Iterable<string>): string | undefined {
  const near = fewestEdits(fragment, ids);
  return near && near.edits <= Math.max(fragment.length, near.name.length) / 3 ? near.name : undefined;
}

/**
 * The page a broken link to a page's URL meant, with the link's query and anchor, when it is
 * clear: a route the path ends with (`/docs/guide/install`, a Docusaurus URL, → `/guide/install`),
 * else one a typo away. undefined for a link to a file (it has an extension) and when none is near.
 */
export function nearestPageRoute(href: string, pageRoutes: Iterable<string>): string | undefined {
  const rest = href.slice(href.search(/[?#]|$/));
  const pathname = href.slice(0, href.length - rest.length).replace(/\/+$/, '') || '/';
  if (/\.[a-z0-9]+$/i.test(pathname)) return undefined;
  const routes = [...pageRoutes].filter((r) => r !== '/');
  const suffix = routes.filter((r) => pathname.endsWith(r)).sort((a, b) => b.length - a.length)[0];
  if (suffix) return suffix + rest;
  const typo = typoOf(pathname, routes);
  return typo === undefined ? undefined : typo + rest;
}

/** What to do about a link to `#fragment` that the target page does not have. */
export function anchorFix(fragment: string, ids: Iterable<string>): string {
  const near = nearestAnchor(fragment, ids);
  return `${near ? `link to #${near}, the nearest id the page has, ` : 'link to a heading that exists (ids come from heading text), '}or, if its heading was reworded, give it the old id back: "## … {#${fragment}}" (npm run write-heading-ids writes every heading's id so)`;
}

/** The broken anchors, each an error with its page's file and line. refsByRoute: each page's in-site references; idsByRoute: the element ids of every page. */
export function checkAnchors(refsByRoute: Map<string, SiteRef[]>, idsByRoute: Map<string, Set<string>>, sourceOfRoute: Map<string, LinkSource>): BuildError[] {
  const errors: BuildError[] = [];
  for (const [route, refs] of refsByRoute) {
    for (const { target, fragment } of refs) {
      // A missing page is the link check's to report.
      const ids = idsByRoute.get(target);
      if (!fragment || !ids || ids.has(fragment)) continue;
      const source = sourceOfRoute.get(route);
      errors.push(new BuildError(`broken link on ${route}: ${target}#${fragment} names an anchor that does not exist on the target page`,
        source?.file, lineOfLinkIn(source, `${target}#${fragment}`), anchorFix(fragment, ids)));
    }
  }
  return errors;
}
