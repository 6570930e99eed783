// Words and index terms, shared by the index build and the query side so both agree.
//
// A token is a run of letters/digits joined by the connectors `- . _ / : @` (at most three in a
// row), so technical names stay whole: `ie-sg-sg-rules`, `/v2/sync`, `sgroups_groups`,
// `10.0.0.0/8`, `http://127.0.0.1:9000/v2/sync`. One token gives these terms:
//   - each part on its own (Russian parts stemmed, everything else lower-cased as typed);
//   - for a token of several parts, every suffix that starts at a part boundary and has two or
//     more parts, written with its own connectors: `ie-sg-sg-rules` gives `ie-sg-sg-rules`,
//     `sg-sg-rules`, `sg-rules`; the URL above gives `…`, `v2/sync`. A prefix search over these
//     suffixes finds a name by any inner piece as typed (`sg-sg`, `v2/sync`, `0.0/8`).
// A command-line flag (`--config`, `-h`: one or two dashes before a letter, not inside a word) is a
// token with its dashes, and gives the whole flag as a term besides its parts: a query for
// `--config` finds that flag, not every page that says "config".
// Stop words (и, в, на, …) are not indexed and are dropped from queries.
// The Russian Snowball stemmer, from Orama's per-language package (7 KB for Russian alone).
import { stemmer as stemRu } from '@orama/stemmers/russian';

export { stemRu };

export const CONNECTORS = '-._/:@';
export const TOKEN_PATTERN = '(?:(?<![\\p{L}\\p{N}-])--?(?=\\p{L}))?[\\p{L}\\p{N}]+(?:[-._/:@]{1,3}[\\p{L}\\p{N}]+)*';
const FLAG = /^--?(?=\p{L})/u;
const TOKEN_RE = new RegExp(TOKEN_PATTERN, 'gu');
const PART_RE = /[\p{L}\p{N}]+/gu;
// Written as escapes: a bundle with no character outside ASCII is read faster (scripts/run-cached.mjs).
const CYRILLIC_WORD = /^[\u0430-\u044f\u0451]+$/; // а-я, ё
/** Longest suffix chain indexed for one token: a long URL or path gives at most this many parts. */
export const MAX_PARTS = 12;

export const STOP_WORDS = new Set(
  ('и в во на с со к ко о об обо по из за от до для не ни что как а но или же ли бы у это то так при без под над через про ' +
    'the a an of to and in on is are for by be or as at it').split(' '),
);

export interface Token {
  /** The token as written. */
  text: string;
  start: number;
  end: number;
}

/** Every token of `text`, with offsets into it. */
export function tokens(text: string): Token[] {
  const out: Token[] = [];
  TOKEN_RE.lastIndex = 0;
  for (let m = TOKEN_RE.exec(text); m; m = TOKEN_RE.exec(text)) out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

/** Lower case, ё → е, and a Russian word reduced to its stem. */
export function normaliseWord(word: string): string {
  const w = word.toLowerCase().replace(/\u0451/g, 'е'); // ё → е
  return CYRILLIC_WORD.test(w) ? stemRu(w) : w;
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.toLowerCase());
}

interface Split {
  parts: string[];
  /** seps[i] is the connector run between parts[i] and parts[i + 1]. */
  seps: string[];
}

function split(token: string): Split {
  const parts: string[] = [];
  const seps: string[] = [];
  let last = 0;
  PART_RE.lastIndex = 0;
  for (let m = PART_RE.exec(token); m; m = PART_RE.exec(token)) {
    if (parts.length) seps.push(token.slice(last, m.index));
    parts.push(m[0]);
    last = m.index + m[0].length;
  }
  return { parts, seps };
}

/** The compound term of parts[from..]: normalised parts joined by their own connectors. */
function joinFrom(norm: string[], seps: string[], from: number): string {
  let s = norm[from];
  for (let i = from + 1; i < norm.length; i++) s += seps[i - 1] + norm[i];
  return s;
}

/** Calls `emit` for every index term of one token (parts first, then compound suffixes). */
export function termsOfToken(token: string, emit: (term: string, compound: boolean) => void): void {
  const { parts, seps } = split(token);
  const norm = parts.map(normaliseWord);
  for (let i = 0; i < parts.length; i++) if (!isStopWord(parts[i])) emit(norm[i], false);
  const flag = FLAG.exec(token);
  if (flag) emit(flag[0] + joinFrom(norm, seps, 0), true);
  if (parts.length < 2) return;
  for (let i = Math.max(0, parts.length - MAX_PARTS); i < parts.length - 1; i++) emit(joinFrom(norm, seps, i), true);
}

/** The compound term a token stands for as a whole (its normalised parts and connectors). */
export function compoundTerm(token: string): string {
  const { parts, seps } = split(token);
  return (FLAG.exec(token)?.[0] ?? '') + joinFrom(parts.map(normaliseWord), seps, 0);
}

export interface QueryTerm {
  /** The token as typed. */
  raw: string;
  /** The term looked up: a stem, a lower-cased word or a compound. */
  term: string;
  compound: boolean;
  /** Normalised parts of a compound, searched together when the compound itself is not indexed. */
  parts: string[];
  /** The last token while the user is still typing it: matched as a prefix too. */
  prefix: boolean;
}

/**
 * Splits a query into the terms that must all match. The last token is also a prefix unless
 * the query ends with a space (the word is finished). Stop words are dropped unless nothing
 * else is left.
 */
export function parseQuery(query: string): QueryTerm[] {
  const q = query.normalize('NFC');
  const all = tokens(q);
  const kept = all.filter((t) => !isStopWord(t.text));
  const list = kept.length ? kept : all;
  const typing = list.length > 0 && list[list.length - 1].end === q.length;
  const seen = new Set<string>();
  const out: QueryTerm[] = [];
  list.forEach((t, i) => {
    const { parts } = split(t.text);
    // A flag is one thing: found as written, never through its parts.
    const flag = FLAG.test(t.text);
    const compound = parts.length > 1 || flag;
    const term = compound ? compoundTerm(t.text) : normaliseWord(t.text);
    const prefix = typing && i === list.length - 1 && t.text.length >= 2;
    const key = `${term}\u0000${prefix}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ raw: t.text, term, compound, parts: compound && !flag ? parts.map(normaliseWord).filter((_, j) => !isStopWord(parts[j])) : [], prefix });
  });
  return out;
}

/**
 * Shorter forms of a stem that count as the same word: Snowball leaves `правил` for `правилами`
 * but `прав` for `правило`, and plain English plurals (`rules` → `rule`) are not stemmed at all.
 * So for a word of letters only, the term one or two letters shorter (at least four long) is
 * looked up too, at a lower weight.
 */
export function shorterForms(term: string): string[] {
  if (!/^\p{L}+$/u.test(term)) return [];
  const out: string[] = [];
  for (let cut = 1; cut <= 2; cut++) if (term.length - cut >= 4) out.push(term.slice(0, term.length - cut));
  return out;
}
