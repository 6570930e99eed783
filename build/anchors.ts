// In-site #anchor check over the rendered pages. linkinator checks that every link resolves;
// its own fragment check depends on crawl order (a page fetched before a link to it registered
// its fragment is never re-checked) and compares percent-encoded fragments with raw Cyrillic
// ids, so anchors are checked here, exactly, against the ids in each page's HTML.
import { BuildError, BuildErrors } from './errors.ts';

const ID = /\sid="([^"]+)"/g;
const HREF = /\shref="([^"]*#[^"]*)"/g;

const decodeEntities = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

function idsOf(html: string): Set<string> {
  const ids = new Set<string>();
  for (const m of html.matchAll(ID)) ids.add(decodeEntities(m[1]));
  return ids;
}

export function checkAnchors(htmlByRoute: Map<string, string>, sourceOfRoute: Map<string, string>): void {
  const idCache = new Map<string, Set<string>>();
  const ids = (route: string) => {
    let s = idCache.get(route);
    if (!s) {
      s = idsOf(htmlByRoute.get(route) ?? '');
      idCache.set(route, s);
    }
    return s;
  };
  const errors: BuildError[] = [];
  for (const [route, html] of htmlByRoute) {
    for (const m of html.matchAll(HREF)) {
      const href = decodeEntities(m[1]);
      if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) continue; // external
      const url = new URL(href, `http://site${route}`);
      const target = decodeURI(url.pathname).replace(/\/+$/, '') || '/';
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (!fragment || !htmlByRoute.has(target)) continue; // a missing page is linkinator's to report
      if (!ids(target).has(fragment)) {
        errors.push(new BuildError(`broken link on ${route}: ${target}#${fragment} names an anchor that does not exist on the target page`,
          sourceOfRoute.get(route), undefined, 'link to a heading that exists (ids come from heading text, see the authoring guide)'));
      }
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new BuildErrors(errors.slice(0, 50));
}
