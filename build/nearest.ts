// The nearest of some known names to a mistyped one, for "did you mean" hints: one search by
// edit distance, and one rule for when the nearest is near enough to be a typo.
import { distance } from 'fastest-levenshtein';

/** The known name fewest edits from the typed one (the first of equals) and their number; undefined when none is known. */
export function fewestEdits(typed: string, known: Iterable<string>): { name: string; edits: number } | undefined {
  let best: { name: string; edits: number } | undefined;
  for (const name of known) {
    const edits = distance(typed, name);
    if (!best || edits < best.edits) best = { name, edits };
  }
  return best;
}

/** A known name the typed one starts with (`golang` → `go`), else the one fewest edits away. */
export function nearestName(typed: string, known: readonly string[]): string {
  const prefix = known.filter((k) => k.length >= 2 && typed.startsWith(k)).sort((a, b) => b.length - a.length)[0];
  return prefix ?? fewestEdits(typed, known)?.name ?? known[0];
}

/** Whether a known name is a typo of the typed one away: at most a third of its letters (two for a short name). */
export function isTypoOf(typed: string, near: string): boolean {
  return distance(typed, near) <= Math.max(2, Math.floor(typed.length / 3));
}

/** The known name that a typed one is probably a typo of (isTypoOf the nearest), else undefined. */
export function typoOf(typed: string, known: Iterable<string>): string | undefined {
  const near = fewestEdits(typed, known)?.name;
  return near !== undefined && isTypoOf(typed, near) ? near : undefined;
}
