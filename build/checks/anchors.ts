// In-site #anchor check over the rendered pages, exact: every fragment of a link to a page of
// the site must be the id of an element on that page. (linkinator's own fragment check depends
// on crawl order and compares percent-encoded fragments with raw Cyrillic ids, so it is not used.)
import { BuildError } from '../errors.ts';
import type { SiteRef } from './html-refs.ts';
import { lineOfLinkIn, type LinkSource } from './link-line.ts';

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
        source?.file, lineOfLinkIn(source, `${target}#${fragment}`), 'link to a heading that exists (ids come from heading text, see the authoring guide)'));
    }
  }
  return errors;
}
