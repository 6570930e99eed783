// The nearest of some known names to a mistyped one, for "did you mean" hints.
import { distance } from 'fastest-levenshtein';

/** A known name the typed one starts with (`golang` → `go`), else the one fewest edits away. */
export function nearestName(typed: string, known: readonly string[]): string {
  const prefix = known.filter((k) => k.length >= 2 && typed.startsWith(k)).sort((a, b) => b.length - a.length)[0];
  if (prefix) return prefix;
  let best = known[0];
  for (const k of known) if (distance(typed, k) < distance(typed, best)) best = k;
  return best;
}
