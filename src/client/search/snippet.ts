// One result as the dialog shows it: the page title, the section that matches best (its
// heading and anchor) and a snippet around the matched words, with the matches marked.
import type { Fragment } from './format.ts';
import type { TextMatcher } from './match.ts';
import { tokens } from './tokenize.ts';

/** A piece of text, marked when it is a match. */
export interface Segment {
  text: string;
  hit: boolean;
}

export interface ResultItem {
  page: number;
  route: string;
  /** route#anchor of the section, or the route for the top of the page. */
  href: string;
  title: Segment[];
  /** Sidebar categories above the page ("HBF-агент › Nftables"), or "". */
  crumbs: string;
  /** Heading of the matching section; empty for the top of the page. */
  heading: Segment[];
  snippet: Segment[];
  /** Share of the query's words in the chosen section's heading (the title for the top). */
  headingMatch: number;
}

export const SNIPPET_LENGTH = 160;

interface Hit {
  start: number;
  end: number;
  /** Index of the query term matched. */
  term: number;
  factor: number;
}

/** Every word of `text` that matches a query term. */
export function findHits(text: string, matcher: TextMatcher): Hit[] {
  const hits: Hit[] = [];
  for (const tok of tokens(text)) {
    const f = matcher.factors(tok.text);
    let term = -1;
    for (let i = 0; i < f.length; i++) if (f[i] > 0 && (term < 0 || f[i] > f[term])) term = i;
    if (term >= 0) hits.push({ start: tok.start, end: tok.end, term, factor: f[term] });
  }
  return hits;
}

/** Splits `text` into plain and marked segments. */
export function mark(text: string, hits: Hit[], from = 0, to = text.length): Segment[] {
  const out: Segment[] = [];
  let pos = from;
  for (const h of hits) {
    if (h.end <= from || h.start >= to) continue;
    const s = Math.max(h.start, from);
    const e = Math.min(h.end, to);
    if (s > pos) out.push({ text: text.slice(pos, s), hit: false });
    out.push({ text: text.slice(s, e), hit: true });
    pos = e;
  }
  if (pos < to) out.push({ text: text.slice(pos, to), hit: false });
  return out;
}

/** The window of about `length` characters with the most distinct query terms, then matches. */
export function snippet(text: string, hits: Hit[], length = SNIPPET_LENGTH): Segment[] {
  if (text.length <= length) return mark(text, hits);
  let bestStart = 0;
  let bestKey = -1;
  for (let i = 0; i < hits.length; i++) {
    const start = hits[i].start;
    const seen = new Set<number>();
    let count = 0;
    for (let j = i; j < hits.length && hits[j].end <= start + length; j++) {
      seen.add(hits[j].term);
      count++;
    }
    const key = seen.size * 1000 + count;
    if (key > bestKey) {
      bestKey = key;
      bestStart = start;
    }
  }
  // Some context before the first match, starting at a word.
  let from = Math.max(0, bestStart - Math.floor(length / 4));
  if (from > 0) {
    const space = text.indexOf(' ', from);
    from = space >= 0 && space < bestStart ? space + 1 : bestStart;
  }
  let to = Math.min(text.length, from + length);
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    if (space > from + length / 2) to = space;
  }
  const segs = mark(text, hits, from, to);
  if (from > 0) segs.unshift({ text: '… ', hit: false });
  if (to < text.length) segs.push({ text: ' …', hit: false });
  return segs;
}

/** Picks the section that has the most query words, then the strongest (a heading counts three times). */
export function describeFragment(fragment: Fragment, matcher: TextMatcher, page: number): ResultItem {
  const terms = matcher.matchers;
  let best = { index: -1, score: 0, headingHits: [] as Hit[], textHits: [] as Hit[], inHeading: 0 };
  const titleHits = findHits(fragment.title, matcher);
  fragment.sections.forEach(([anchor, heading, text], index) => {
    // The page title is the heading of its top section: a page named after the query opens at
    // the top, unless a section's own heading matches as well.
    const headingHits = anchor === '' && index === 0 ? titleHits : findHits(heading, matcher);
    const textHits = findHits(text, matcher);
    const covered = new Set<number>();
    let score = 0;
    let inHeading = 0;
    terms.forEach((_, ti) => {
      let h = 0;
      let c = 0;
      for (const x of headingHits) if (x.term === ti) h = Math.max(h, x.factor);
      for (const x of textHits) if (x.term === ti) c += x.factor;
      if (h || c) covered.add(ti);
      if (h) inHeading++;
      score += 3 * h + c / (c + 1.5);
    });
    // First the number of query words the section has, then how strongly it has them.
    score += 100 * covered.size;
    if (score > best.score) best = { index, score, headingHits: anchor ? headingHits : [], textHits, inHeading };
  });
  const index = Math.max(0, best.index);
  const section = fragment.sections[index] as [string, string, string] | undefined;
  const [anchor = '', heading = '', text = ''] = section ?? [];
  const textHits = best.index >= 0 ? best.textHits : findHits(text, matcher);
  return {
    page,
    route: fragment.route,
    href: anchor ? `${fragment.route}#${anchor}` : fragment.route,
    title: mark(fragment.title, titleHits),
    crumbs: fragment.crumbs ?? '',
    heading: anchor ? mark(heading, best.index >= 0 ? best.headingHits : findHits(heading, matcher)) : [],
    snippet: snippet(text, textHits),
    headingMatch: terms.length ? best.inHeading / terms.length : 0,
  };
}
