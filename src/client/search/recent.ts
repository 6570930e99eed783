// Recent search queries, newest first, kept in localStorage (private modes: for this visit).
import { storage } from '../storage.ts';

export const RECENT_KEY = 'sg.search.recent';
export const RECENT_LIMIT = 6;

export function readRecent(): string[] {
  try {
    const v: unknown = JSON.parse(storage.get(RECENT_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, RECENT_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Puts `query` first (once) and returns the new list. */
export function rememberQuery(query: string): string[] {
  const q = query.trim().replace(/\s+/g, ' ');
  if (!q) return readRecent();
  const list = [q, ...readRecent().filter((x) => x.toLowerCase() !== q.toLowerCase())].slice(0, RECENT_LIMIT);
  storage.set(RECENT_KEY, JSON.stringify(list));
  return list;
}

export function clearRecent(): void {
  storage.remove(RECENT_KEY);
}
