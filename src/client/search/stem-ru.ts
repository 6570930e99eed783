// The Snowball stemmer for Russian (snowballstem.org/algorithms/russian/stemmer.html), written
// out by hand: the npm ports bundle every language (~850 KB) and are slow. Used by the index
// build and, in the lazily loaded search chunk, for the query, so both sides agree on stems.
//
// Every ending is looked for inside RV (the part of the word after its first vowel); the
// derivational ending must also lie in R2. Among endings of one class the longest one wins and,
// as in Snowball's `among`, a longest ending whose condition fails is not retried shorter.

const VOWELS = new Set('аеиоуыэюя');

/** Endings of one class, longest first; an `aya` ending must follow а or я (which stays). */
type EndingClass = { e: string; aya: boolean }[];

const byLength = (xs: string[]) => [...xs].sort((a, b) => b.length - a.length);
const cls = (afterAYa: string, plain: string): EndingClass => [
  ...afterAYa.split(' ').map((e) => ({ e, aya: true })),
  ...plain.split(' ').map((e) => ({ e, aya: false })),
].sort((a, b) => b.e.length - a.e.length);

const PERFECTIVE_GERUND = cls('в вши вшись', 'ив ивши ившись ыв ывши ывшись');
const ADJECTIVE = byLength('ее ие ые ое ими ыми ей ий ый ой ем им ым ом его ого ему ому их ых ую юю ая яя ою ею'.split(' '));
const PARTICIPLE = cls('ем нн вш ющ щ', 'ивш ывш ующ');
const REFLEXIVE = byLength(['ся', 'сь']);
const VERB = cls(
  'ла на ете йте ли й л ем н ло но ет ют ны ть ешь нно',
  'ила ыла ена ейте уйте ите или ыли ей уй ил ыл им ым ен ило ыло ено ят ует уют ит ыт ены ить ыть ишь ую ю',
);
const NOUN = byLength('а ев ов ие ье е иями ями ами еи ии и ией ей ой ий й иям ям ием ем ам ом о у ах иях ях ы ь ию ью ю ия ья я'.split(' '));
const DERIVATIONAL = byLength(['ост', 'ость']);

/** The longest ending of `list` that `w` ends with inside [limit, end). */
function longest(w: string, limit: number, list: string[]): string | undefined {
  for (const e of list) if (w.length - e.length >= limit && w.endsWith(e)) return e;
  return undefined;
}

/**
 * Removes the longest ending of a class. Returns the shortened word, or undefined when no ending
 * of the class applies (including a longest `afterAYa` ending not preceded by а/я inside RV).
 */
function removeClass(w: string, rv: number, c: EndingClass): string | undefined {
  const best = c.find(({ e }) => w.length - e.length >= rv && w.endsWith(e));
  if (!best) return undefined;
  const cut = w.length - best.e.length;
  if (best.aya) {
    const prev = w[cut - 1];
    if (cut - 1 < rv || (prev !== 'а' && prev !== 'я')) return undefined;
  }
  return w.slice(0, cut);
}

function removeAdjectival(w: string, rv: number): string | undefined {
  const adj = longest(w, rv, ADJECTIVE);
  if (!adj) return undefined;
  const stem = w.slice(0, w.length - adj.length);
  return removeClass(stem, rv, PARTICIPLE) ?? stem;
}

/** RV and R2 start offsets (word length when the region is empty). */
function regions(w: string): { rv: number; r2: number } {
  const n = w.length;
  let i = 0;
  while (i < n && !VOWELS.has(w[i])) i++;
  const rv = Math.min(n, i + 1);
  // R1: after the first non-vowel that follows a vowel; R2: the same again inside R1.
  const after = (from: number) => {
    let j = from;
    while (j < n && !VOWELS.has(w[j])) j++;
    while (j < n && VOWELS.has(w[j])) j++;
    return Math.min(n, j + 1);
  };
  const r1 = after(0);
  const r2 = after(r1);
  return { rv, r2 };
}

const cache = new Map<string, string>();

/** Stems one lower-case Russian word (ё already folded to е or not: both are handled). */
export function stemRu(word: string): string {
  const hit = cache.get(word);
  if (hit !== undefined) return hit;
  let w = word.replace(/ё/g, 'е');
  const { rv, r2 } = regions(w);
  if (rv < w.length) {
    // Step 1.
    const gerund = removeClass(w, rv, PERFECTIVE_GERUND);
    if (gerund !== undefined) {
      w = gerund;
    } else {
      const refl = longest(w, rv, REFLEXIVE);
      if (refl) w = w.slice(0, w.length - refl.length);
      const next = removeAdjectival(w, rv) ?? removeClass(w, rv, VERB) ?? (() => {
        const n = longest(w, rv, NOUN);
        return n ? w.slice(0, w.length - n.length) : undefined;
      })();
      if (next !== undefined) w = next;
    }
    // Step 2.
    if (w.length - 1 >= rv && w.endsWith('и')) w = w.slice(0, -1);
    // Step 3: derivational ending, entirely inside R2.
    const der = longest(w, Math.max(rv, r2), DERIVATIONAL);
    if (der) w = w.slice(0, w.length - der.length);
    // Step 4: undouble н, or drop a superlative (then undouble), or drop ь.
    const sup = longest(w, rv, ['ейше', 'ейш']);
    if (sup) {
      w = w.slice(0, w.length - sup.length);
      if (w.length - 2 >= rv && w.endsWith('нн')) w = w.slice(0, -1);
    } else if (w.length - 2 >= rv && w.endsWith('нн')) {
      w = w.slice(0, -1);
    } else if (w.length - 1 >= rv && w.endsWith('ь')) {
      w = w.slice(0, -1);
    }
  }
  if (cache.size > 50_000) cache.clear();
  cache.set(word, w);
  return w;
}
