// Caches whose entries are named by their content (a bundle per version of the sources) grow
// with every version. Each keeps its newest few; an entry used within the last day is kept
// whatever its rank, since a process (a dev server left running) may still load from it.
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

export const RECENT_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the entries of `dir` that `matches` picks, but the `keep` newest and the recent ones;
 * returns the names removed. Never throws.
 */
export function pruneOldest(dir: string, matches: (name: string) => boolean, keep: number, now = Date.now()): string[] {
  const removed: string[] = [];
  try {
    const entries = readdirSync(dir).filter(matches).map((name) => ({ name, t: statSync(path.join(dir, name)).mtimeMs }));
    for (const { name, t } of entries.sort((a, b) => b.t - a.t).slice(keep)) {
      if (now - t <= RECENT_MS) continue;
      rmSync(path.join(dir, name), { recursive: true, force: true });
      removed.push(name);
    }
  } catch {
    /* a cache that cannot be tidied still works */
  }
  return removed;
}
