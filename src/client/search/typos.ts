// Typo tolerance: a word that no page has as typed (`сертификт`) is looked up among the index
// terms a typo or two away — a letter wrong, missing or extra, or two neighbours swapped — as
// Algolia (Docusaurus's search) and MiniSearch (VitePress's) do. The first letter is taken as
// typed, so only the shards of that letter are read; short words get no typo, long ones two.
// Index terms are stems, and the stemmer cannot take the ending off a misspelt word (`првила`
// stays `првил`, `правила` is `прав`): a stem is also compared with the start of the word as typed.
import { LETTERS } from './match.ts';

/** How many typos a word of this length may have: none below 4 letters, two from 8. */
export function typoBudget(term: string): number {
  if (!LETTERS.test(term)) return 0;
  return term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
}

/** A stem is the start of its word: endings are at most this long (безопасн|ости). */
const MAX_ENDING = 4;

/** Lower case, ё as е: how words are compared before stemming. */
export const normaliseCase = (word: string) => word.toLowerCase().replace(/ё/g, 'е');

/** Edits between a stem of at least four letters and the start of the typed word that would carry it (max + 1: too many). */
export function stemOfTypedWord(stem: string, word: string, max: number): number {
  if (stem.length < 4 || stem.length < word.length - MAX_ENDING) return max + 1;
  return editDistance(stem, word, max, true);
}

/**
 * The number of edits (insertions, deletions, substitutions, swaps of neighbours) between `typed`
 * and `term`, or max + 1 when it is more than max. With `prefix`, `typed` is a word still being
 * typed: it is compared with the start of `term` of whatever length fits best.
 */
export function editDistance(typed: string, term: string, max: number, prefix = false): number {
  const n = typed.length;
  const m = term.length;
  if (!prefix && Math.abs(n - m) > max) return max + 1;
  // Rows of the optimal string alignment table, typed letters down, term letters across.
  let before = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  for (let i = 1; i <= n; i++) {
    const row = new Array<number>(m + 1);
    row[0] = i;
    let best = row[0];
    for (let j = 1; j <= m; j++) {
      const cost = typed[i - 1] === term[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && typed[i - 1] === term[j - 2] && typed[i - 2] === term[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    before = prev;
    prev = row;
  }
  const last = prefix ? Math.min(...prev.slice(Math.max(0, n - max), Math.min(m, n + max) + 1)) : prev[m];
  return Math.min(last, max + 1);
}
