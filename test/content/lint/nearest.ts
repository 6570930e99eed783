// "Did you mean …" hints: the closest known name by Levenshtein distance (fastest-levenshtein).
import { distance } from 'fastest-levenshtein';

/**
 * The candidate closest to `name`; ties go to the earlier candidate, so callers list preferred
 * spellings (the canonical JSON names, say) first.
 */
export function nearest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    // Compare case-insensitively first so `Sgfrom` finds `sgFrom`; the exact distance breaks ties.
    const d = distance(name.toLowerCase(), c.toLowerCase()) * 2 + (distance(name, c) > 0 ? 1 : 0);
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  return best;
}

export const didYouMean = (name: string, candidates: Iterable<string>): string => {
  const n = nearest(name, candidates);
  return n === undefined ? '' : ` — did you mean "${n}"?`;
};

export { distance };
