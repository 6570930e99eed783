// The references (href, src) and element ids of HTML the build itself produced: React's
// renderToString and rehype-stringify both write every attribute value in double quotes with `"`
// and `&` escaped, and escape `<` in text, so a tag can be recognised without a general HTML
// parser (htmlparser2 takes ~10x longer on a 1000-page output, for the same answers).
// Used by the production link and anchor checks (build/checks/links.ts, build/checks/anchors.ts) and by the
// dev server's link warnings (build/dev/links.ts).

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
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    const end = startTagRefs(html, at, refs);
    if (end > at) at = end - 1;
  }
  return refs;
}

const code = (c: string) => c.charCodeAt(0);
/** What JavaScript's `\s` matches. */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a)
    || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}
const NOT_IN_NAME = new Set([code('"'), code("'"), code('>'), code('/'), code('=')]);
const isNameChar = (c: number) => !Number.isNaN(c) && !isSpace(c) && !NOT_IN_NAME.has(c);
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isWordOrDash = (c: number) => isLetter(c) || (c >= 48 && c <= 57) || c === 95 || c === 45;

/**
 * Reads the start tag at `at`: a letter after `<`, attributes each after white space with a value
 * in double quotes (where `>` does not end the tag) or none, then `/>` or `>`. Adds its href and
 * src values to refs and returns where it ends, or returns `at` when no tag starts there. A
 * scanner rather than regular expressions for the tag and then its attributes: it reads a page
 * once (the expressions took ~0.2 s per 1000 pages rendered), and reads attribute names exactly.
 */
function startTagRefs(html: string, at: number, refs: string[]): number {
  let i = at + 1;
  if (!isLetter(html.charCodeAt(i))) return at;
  while (isWordOrDash(html.charCodeAt(++i)));
  const found: string[] = [];
  for (;;) {
    let j = i;
    while (isSpace(html.charCodeAt(j))) j++;
    if (j === i || !isNameChar(html.charCodeAt(j))) {
      i = j;
      break;
    }
    const nameStart = j;
    while (isNameChar(html.charCodeAt(j))) j++;
    const name = html.slice(nameStart, j);
    if (html.charCodeAt(j) === 61 && html.charCodeAt(j + 1) === 34) {
      const close = html.indexOf('"', j + 2);
      if (close === -1) return at;
      if (name === 'href' || name === 'src') found.push(html.slice(j + 2, close));
      j = close + 1;
    }
    i = j;
  }
  if (html.charCodeAt(i) === 47) i++;
  if (html.charCodeAt(i) !== 62) return at;
  for (const value of found) refs.push(decodeEntities(value));
  return i + 1;
}

/**
 * A piece of HTML many pages share (a sidebar list, by the key of its render), read once: its
 * references and ids stand in for its text in idsOf and pageRefs.
 */
export interface ScannedPiece {
  refs: string[];
  ids: string[];
}

/** A page's HTML: whole, or in pieces split between tags (build/render/html-document.ts), some read already. */
export type HtmlPieces = string | (string | ScannedPiece)[];

/** The piece's references are copies (detached): they are kept long after the piece is let go. */
export function scanPiece(html: string): ScannedPiece {
  return { refs: refsOf(html).map(detached), ids: [...idsOf(html)] };
}

const piecesOf = (html: HtmlPieces) => (typeof html === 'string' ? [html] : html);

/** Every element id of our HTML, entity-decoded. */
export function idsOf(html: HtmlPieces): Set<string> {
  const ids = new Set<string>();
  for (const piece of piecesOf(html)) {
    if (typeof piece === 'string') addIds(piece, ids);
    else for (const id of piece.ids) ids.add(id);
  }
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

/**
 * Most of a page's links are the navbar's, the sidebar's and the footer's, the same on every
 * page. A build keeps one object for each distinct link, so that holding every page's links until
 * the link check costs each link once (about 8 KB a page less), and resolves each site path once:
 * `new URL` for every link of every page was ~0.1–0.2 s per 1000 pages rendered.
 */
export class SiteRefs {
  private readonly byTarget = new Map<string, SiteRef>();
  /** Site paths (`/a/b#c`) as written, resolved: they mean the same from any page. */
  private readonly bySitePath = new Map<string, SiteRef | null>();

  resolve(ref: string, route: string): SiteRef | null {
    const sitePath = ref.startsWith('/') && !ref.startsWith('//');
    if (sitePath) {
      const known = this.bySitePath.get(ref);
      if (known !== undefined) return known;
    }
    let resolved = resolveRef(ref, route);
    if (resolved) {
      const key = `${resolved.url}#${resolved.fragment}`;
      const same = this.byTarget.get(key);
      if (same) resolved = same;
      else this.byTarget.set(key, resolved);
    }
    if (sitePath) this.bySitePath.set(ref, resolved);
    return resolved;
  }
}

/** The in-site references of one page, resolved against its route. */
export function pageRefs(html: HtmlPieces, route: string, siteRefs: SiteRefs = new SiteRefs()): SiteRef[] {
  const refs: SiteRef[] = [];
  for (const ref of piecesOf(html).flatMap((piece) => (typeof piece === 'string' ? refsOf(piece) : piece.refs))) {
    const resolved = siteRefs.resolve(ref, route);
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
