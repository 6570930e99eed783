// How an index term or a word of the text matches a query term, with a factor that ranks an
// exact match above another form of the word and above a prefix. The same rules choose the
// index terms a query reads (engine.ts) and the words a snippet highlights (snippet.ts).
import { shorterForms, termsOfToken, type QueryTerm } from './tokenize.ts';

export const FACTOR = {
  exact: 1,
  /** A stem one or two letters shorter or longer (Snowball: правило → прав, правилами → правил). */
  form: 0.7,
  /** The word being typed, completed: `безоп` → `безопасн`. */
  prefix: 0.6,
  /** A compound completed as typed: `ie-sg` → `ie-sg-sg-rules`. */
  compoundPrefix: 0.8,
  /** A compound found only through its parts, anywhere on the page. */
  parts: 0.5,
  /** A word with a typo, when the word as typed is in no page (typos.ts). */
  typo: 0.4,
} as const;

/** A word of letters only (not a name, flag or number). */
export const LETTERS = /^\p{L}+$/u;

/** A query term prepared for matching many terms quickly. */
export interface Matcher {
  q: QueryTerm;
  /** Letters only: other forms of the word (one or two letters longer or shorter) match too. */
  word: boolean;
  shorter: string[];
  /** Parts of a compound that fell back to them (engine's partsMode). */
  parts?: Set<string>;
  /** Index terms a typo away from the word, when nothing matched it otherwise (the engine sets them). */
  typos?: Set<string>;
}

export function compile(q: QueryTerm, partsMode = false): Matcher {
  const word = !q.compound && LETTERS.test(q.term);
  return { q, word, shorter: word ? shorterForms(q.term) : [], parts: partsMode ? new Set(q.parts) : undefined };
}

/** 0 when `indexTerm` does not match, else the factor of the match. */
export function matchFactor(m: Matcher, indexTerm: string): number {
  const t = m.q.term;
  if (indexTerm === t) return FACTOR.exact;
  if (m.q.compound) return m.q.prefix && indexTerm.startsWith(t) ? FACTOR.compoundPrefix : 0;
  if (indexTerm.startsWith(t)) {
    if (m.word && indexTerm.length - t.length <= 2 && LETTERS.test(indexTerm)) return FACTOR.form;
    return m.q.prefix ? FACTOR.prefix : 0;
  }
  if (m.shorter.includes(indexTerm)) return FACTOR.form;
  return m.typos?.has(indexTerm) ? FACTOR.typo : 0;
}

/** Exact terms to look up for a query term (besides the range starting at `term`). */
export function exactLookups(m: Matcher): string[] {
  return [m.q.term, ...m.shorter];
}

/** Whether the range of terms starting with the term must be read (prefix or longer forms). */
export function needsRange(m: Matcher): boolean {
  return m.q.prefix || m.word;
}

/**
 * Factor per query term for written words, memoised by word: a page's text repeats its words,
 * and highlighting several pages re-reads the same ones.
 */
export class TextMatcher {
  private memo = new Map<string, Float32Array>();
  private none: Float32Array;
  /**
   * A word can match only if it contains the first letters of some query term (or part): every
   * form that matches shares them, since stems are prefixes of their words. Checking that first
   * skips stemming nearly every word of a page.
   */
  private keys: string[];

  constructor(readonly matchers: Matcher[]) {
    this.none = new Float32Array(matchers.length);
    const keys = new Set<string>();
    for (const m of matchers) for (const t of m.parts ? [...m.parts] : [m.q.term, ...(m.typos ?? [])]) keys.add(t.slice(0, 3));
    this.keys = [...keys];
  }

  /** factors[i]: how well `token` matches query term i (0: not at all). */
  factors(token: string): Float32Array {
    let f = this.memo.get(token);
    if (f) return f;
    const lower = token.toLowerCase().replace(/ё/g, 'е');
    if (!this.keys.some((k) => lower.includes(k))) {
      this.memo.set(token, this.none);
      return this.none;
    }
    const out = new Float32Array(this.matchers.length);
    termsOfToken(token, (term, compound) => {
      this.matchers.forEach((m, i) => {
        const v = m.parts ? (!compound && m.parts.has(term) ? FACTOR.parts : 0) : matchFactor(m, term);
        if (v > out[i]) out[i] = v;
      });
    });
    f = out;
    this.memo.set(token, f);
    return f;
  }
}
