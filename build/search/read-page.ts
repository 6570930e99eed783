// Reading one page for the search index: its content HTML split into sections, the terms of
// each field counted, and the fragment the results show. A pure function of the page's route,
// title, breadcrumbs and HTML, so that the build can read pages in a thread of their own
// (build/search/read-worker.ts) while its own thread renders, and get the same result as here.
import { TOKEN_PATTERN, termsOfToken } from '../../src/client/search/tokenize.ts';
import type { Fragment } from '../../src/client/search/format.ts';
import { decodeEntities, detached } from '../checks/html-refs.ts';

export type Field = 'title' | 'heading' | 'text' | 'code';
export const FIELD_NAMES: Field[] = ['title', 'heading', 'text', 'code'];

/** Text kept per section in a fragment, for the snippet; the index itself sees all of it. */
const SECTION_TEXT_LIMIT = 1000;

/**
 * Term frequencies of one page: its i-th term (`terms` is them joined by newlines, which no term
 * holds: the shards store them so too) occurs `counts[4 * i + f]` times in field f (the order
 * of FIELD_NAMES), terms in order of first occurrence. Kept for every page until the postings are
 * made, so it is compact: a Map of small arrays per page took ~40 KB a page (400 MB at 10 000
 * pages). One string, not an array of them: read back from the cache, an array made a string
 * object per term and page (170 000 at 1000 pages, 6 MB that the garbage collector copied about).
 */
export interface CountedPage { terms: string; counts: Uint16Array; lengths: Record<Field, number> }

export interface Section {
  anchor: string;
  heading: string;
  /** Prose and inline code, whitespace collapsed. */
  text: string;
  /** Code blocks of the section. */
  code: string;
}

// --- HTML → sections -------------------------------------------------------------------------

/**
 * Elements whose content is not page text: controls (a code block's buttons and wrap toggle), an
 * inline table of contents, decoration, the heading's "#" link, a formula's TeX source (its
 * MathML's text is what the page shows).
 */
const SKIP_TAGS = new Set(['button', 'label', 'nav', 'svg', 'script', 'style', 'template', 'noscript', 'select', 'textarea', 'annotation']);
const BLOCK_TAGS = new Set(['p', 'div', 'li', 'ul', 'ol', 'tr', 'td', 'th', 'table', 'thead', 'tbody', 'pre', 'br', 'hr', 'blockquote', 'aside', 'figure', 'figcaption', 'dt', 'dd', 'dl', 'details', 'summary', 'section', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** An element the page never shows; not `hidden="until-found"` (a tab's panel not selected), which find in page shows. */
const HIDDEN = /\shidden(?!\s*=\s*["']?until-found)(\s|=|$)/i;
const VOID_TAGS = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'source', 'wbr', 'area', 'col', 'embed', 'track']);
const TAG_RE = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>|<!--[\s\S]*?-->|([^<]+)/g;

const ATTR_RE: Record<string, RegExp> = {};
const attr = (attrs: string, name: string) => {
  if (!attrs.includes(name)) return undefined;
  const re = (ATTR_RE[name] ??= new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'));
  const m = re.exec(attrs);
  return m ? m[1] ?? m[2] ?? m[3] : undefined;
};
const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Splits a page's content HTML (sanitised, from our own pipeline) into sections at every
 * heading that has an id: the text before the first one is the page's top section (anchor "").
 */
export function extractSections(html: string): Section[] {
  const sections: Section[] = [];
  let current = { anchor: '', heading: '', text: [] as string[], code: [] as string[] };
  let skip: { tag: string; depth: number } | null = null;
  let heading: { tag: string; id: string; parts: string[] } | null = null;
  let pre = 0;
  const flush = () => {
    const text = collapse(current.text.join(''));
    const code = collapse(current.code.join(''));
    if (current.anchor || text || code) sections.push({ anchor: current.anchor, heading: current.heading, text, code });
  };
  TAG_RE.lastIndex = 0;
  for (let m = TAG_RE.exec(html); m; m = TAG_RE.exec(html)) {
    const [, close, rawTag, attrs, text] = m;
    if (text !== undefined) {
      if (skip) continue;
      const t = decodeEntities(text);
      if (heading) heading.parts.push(t);
      else if (pre) current.code.push(t);
      else current.text.push(t);
      continue;
    }
    if (!rawTag) continue; // a comment
    const tag = rawTag.toLowerCase();
    if (skip) {
      if (tag === skip.tag && !VOID_TAGS.has(tag)) skip.depth += close ? -1 : 1;
      if (skip.depth === 0) skip = null;
      continue;
    }
    if (!close && !VOID_TAGS.has(tag) && !attrs.endsWith('/')) {
      const cls = attr(attrs, 'class') ?? '';
      if (SKIP_TAGS.has(tag) || /(^|\s)hash-link(\s|$)/.test(cls) || attr(attrs, 'aria-hidden') === 'true' || HIDDEN.test(attrs)) {
        skip = { tag, depth: 1 };
        continue;
      }
    }
    if (/^h[1-6]$/.test(tag)) {
      if (!close) {
        const id = attr(attrs, 'id');
        if (id && tag !== 'h1') heading = { tag, id: decodeEntities(id), parts: [] };
        else current.text.push(' ');
      } else if (heading && heading.tag === tag) {
        flush();
        current = { anchor: heading.id, heading: collapse(heading.parts.join('')), text: [], code: [] };
        heading = null;
      }
      continue;
    }
    if (tag === 'pre') pre += close ? -1 : 1;
    // Inline code is a word of its own (`POST` and `/v2/sync` are two badges, not one word).
    if (BLOCK_TAGS.has(tag) || tag === 'code') {
      if (heading) heading.parts.push(' ');
      else if (pre || tag === 'pre') current.code.push('\n');
      else current.text.push(' ');
    }
  }
  flush();
  return sections;
}

/** Terms of a written token, memoised: a site repeats its words, and stemming is the cost. */
export class TermCache {
  private memo = new Map<string, string[]>();

  of(token: string): string[] {
    let terms = this.memo.get(token);
    if (!terms) {
      const list: string[] = [];
      // Copies: a token is a slice of its page's text, and kept it would keep that text alive.
      termsOfToken(token, (t) => list.push(detached(t)));
      terms = list;
      if (this.memo.size > 500_000) this.memo.clear();
      this.memo.set(detached(token), terms);
    }
    return terms;
  }
}

const TOKEN_RE = new RegExp(TOKEN_PATTERN, 'gu');

/**
 * Term frequencies of one page, per field. A field's tokens are counted first and their terms
 * looked up once per distinct token: a page repeats its words, and the term lookups were most of
 * the cost. Terms keep the order in which they first occur, as counting token by token gives.
 */
function countTerms(fields: Record<Field, string[]>, cache: TermCache): CountedPage {
  const index = new Map<string, number>();
  const terms: string[] = [];
  const counts: number[] = [];
  const lengths: Record<Field, number> = { title: 0, heading: 0, text: 0, code: 0 };
  const tokens = new Map<string, number>();
  FIELD_NAMES.forEach((field, fi) => {
    tokens.clear();
    for (const chunk of fields[field]) {
      TOKEN_RE.lastIndex = 0;
      for (let m = TOKEN_RE.exec(chunk); m; m = TOKEN_RE.exec(chunk)) tokens.set(m[0], (tokens.get(m[0]) ?? 0) + 1);
    }
    for (const [token, times] of tokens) {
      lengths[field] += times;
      for (const term of cache.of(token)) {
        let i = index.get(term);
        if (i === undefined) {
          index.set(term, (i = terms.length));
          terms.push(term);
          counts.push(0, 0, 0, 0);
        }
        counts[FIELD_NAMES.length * i + fi] += times;
      }
    }
  });
  return { terms: terms.join('\n'), counts: Uint16Array.from(counts, (c) => Math.min(c, 0xffff)), lengths };
}

function clip(s: string, limit: number): string {
  if (s.length <= limit) return s;
  const cut = s.lastIndexOf(' ', limit);
  return `${s.slice(0, cut > limit * 0.8 ? cut : limit)} …`;
}

/** What the index needs of a page besides its HTML. */
export interface PageToRead {
  route: string;
  title: string;
  /** The sidebar categories above the page. */
  crumbs: string[];
  html: string;
}

/** A page's term counts and its fragment (JSON, as the fragment file holds it). */
export interface PageReading {
  counted: CountedPage;
  fragment: string;
}

/** Reads one page; `terms` memoises the terms of words across pages (its reuse changes nothing but speed). */
export function readPage({ route, title, crumbs, html }: PageToRead, terms: TermCache): PageReading {
  const sections = extractSections(html);
  const counted = countTerms({
    title: [title],
    // The sidebar categories above the page count as headings: «Мониторинг» under «HBF-агент».
    heading: [...crumbs, ...sections.map((s) => s.heading)],
    text: sections.map((s) => s.text),
    code: sections.map((s) => s.code),
  }, terms);
  const fragment: Fragment = {
    route,
    title,
    ...(crumbs.length ? { crumbs: crumbs.join(' › ') } : {}),
    sections: sections.map((s) => [s.anchor, s.heading, clip(s.code ? `${s.text} ${s.code}` : s.text, SECTION_TEXT_LIMIT)]),
  };
  return { counted, fragment: JSON.stringify(fragment) };
}
