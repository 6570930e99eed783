// The references (href, src) and element ids of HTML the build itself produced: React's
// renderToString and rehype-stringify both write every attribute value in double quotes with `"`
// and `&` escaped, and escape `<` in text, so a tag can be recognised without a general HTML
// parser (htmlparser2 takes ~10x longer on a 1000-page output, for the same answers).
// Used by the production link and anchor checks (build/checks/links.ts, build/checks/anchors.ts) and by the
// dev server's link warnings (build/dev/links.ts).

/** One start tag with its attributes; `>` inside a quoted value does not end it. */
const TAG = /<[a-zA-Z][\w-]*((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*)\s*\/?>/g;
const REF_ATTR = /\s(?:href|src)="([^"]*)"/g;
/** Our serialisers put one space before each attribute. */
const ID_ATTR = ' id="';
const EXTERNAL = /^[a-z][a-z0-9+.-]*:|^\/\//i;

// A no-break space reads as a plain space: search text and link targets compare words, not layout.
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Text with the character references our serialisers write (named, decimal, hex) decoded. */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** Every href and src of every tag, entity-decoded, in document order. */
export function refsOf(html: string): string[] {
  const refs: string[] = [];
  for (const tag of html.matchAll(TAG)) {
    if (!tag[1]) continue;
    for (const attr of tag[1].matchAll(REF_ATTR)) refs.push(decodeEntities(attr[1]));
  }
  return refs;
}

/**
 * Every element id of our HTML, entity-decoded. The HTML may come in pieces split between tags
 * (build/render/html-document.ts).
 */
export function idsOf(html: string | string[]): Set<string> {
  const ids = new Set<string>();
  for (const piece of typeof html === 'string' ? [html] : html) addIds(piece, ids);
  return ids;
}

function addIds(html: string, ids: Set<string>): void {
  // indexOf, not a regular expression: it skips through a long page many times faster, and it
  // runs over every page of a build (15 s of a 10 000-page build with the expression).
  for (let at = html.indexOf(ID_ATTR); at !== -1; at = html.indexOf(ID_ATTR, at)) {
    at += ID_ATTR.length;
    const end = html.indexOf('"', at);
    if (end === -1) break;
    if (end > at) ids.add(detached(decodeEntities(html.slice(at, end))));
    at = end;
  }
}

/**
 * A copy of a piece of a larger string that does not keep the larger one alive. V8 makes a match
 * or a slice of 13 characters or more a view into its parent: one id kept from a page would keep
 * that page's whole HTML in memory until the link check (130 MB over 1000 pages). Concatenating
 * flattens into a new string; the slice of that is a view of the new, short one.
 */
export function detached(s: string): string {
  return (' ' + s).slice(1);
}

/** A reference inside the site, resolved against the page that holds it. */
export interface SiteRef {
  /** Decoded path without a trailing slash: a route or a file of the output. */
  target: string;
  /** Percent-encoded path and query, as a browser would request it. */
  url: string;
  /** Decoded fragment, '' when there is none. */
  fragment: string;
}

/** Resolves an href/src against its page's route; null for other sites, mailto: and the like. */
export function resolveRef(ref: string, fromRoute: string): SiteRef | null {
  if (!ref || EXTERNAL.test(ref)) return null;
  try {
    const url = new URL(ref, `http://site${fromRoute}`);
    return {
      target: decodeURI(url.pathname).replace(/(.)\/+$/, '$1'),
      url: url.pathname + url.search,
      fragment: decodeURIComponent(url.hash.slice(1)),
    };
  } catch {
    return null;
  }
}

/** The in-site references of one page (its HTML whole, or in pieces split between tags), resolved against its route. */
export function pageRefs(html: string | string[], route: string, interned?: Map<string, SiteRef>): SiteRef[] {
  const refs: SiteRef[] = [];
  for (const ref of (typeof html === 'string' ? [html] : html).flatMap(refsOf)) {
    let resolved = resolveRef(ref, route);
    if (resolved && interned) {
      // Most of a page's links are the navbar's, the sidebar's and the footer's, the same on
      // every page: one object each, so a build keeping every page's links until the link
      // check holds each distinct link once (about 8 KB a page less).
      const key = `${resolved.url}#${resolved.fragment}`;
      const known = interned.get(key);
      if (known) resolved = known;
      else interned.set(key, resolved);
    }
    if (resolved) refs.push(resolved);
  }
  return refs;
}

/** Lazily computed, memoised ids of each page: a target's ids are read only when linked to by anchor. */
export function idLookup(htmlOf: (route: string) => string | undefined): (route: string) => Set<string> {
  const cache = new Map<string, Set<string>>();
  return (route) => {
    let ids = cache.get(route);
    if (!ids) {
      ids = idsOf(htmlOf(route) ?? '');
      cache.set(route, ids);
    }
    return ids;
  };
}
