// The GitHub API calls behind the navbar's repository facts (src/hooks/use-github-facts.ts).
// Each call is independent (one failing hides only its facts), and answers are cached for an
// hour in localStorage so readers stay far below GitHub's unauthenticated limit of 60 calls an
// hour. A site read on an intranet or offline must not pay for GitHub on every page: the first
// failed call is remembered for the session (no more calls until the tab is closed) and logged
// once as information, not as an error. A chunk of its own: the hook loads it after hydration.
import './shared-chunk.ts';
import { sessionStore, storage, STORAGE_KEYS } from './storage.ts';
import type { GitHubFacts } from '../hooks/use-github-facts.ts';

export const GITHUB_CACHE_MS = 60 * 60 * 1000;
const API = 'https://api.github.com';

interface Cached<T> {
  at: number;
  value: T;
}

function readCache<T>(key: string, valid: (v: unknown) => v is T): T | undefined {
  const raw = storage.get(key);
  if (!raw) return undefined;
  try {
    const c = JSON.parse(raw) as Cached<unknown>;
    if (typeof c.at === 'number' && Date.now() - c.at < GITHUB_CACHE_MS && valid(c.value)) return c.value;
  } catch {
    /* a damaged cache entry is just a miss */
  }
  return undefined;
}

/** A call that has not answered by then counts as failed. */
export const GITHUB_TIMEOUT_MS = 8000;

async function getJson(url: string): Promise<unknown> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), GITHUB_TIMEOUT_MS);
  try {
    const res = await fetch(url, { headers: { Accept: 'application/vnd.github+json' }, signal: abort.signal });
    if (!res.ok) throw new Error(`GitHub API ${url} answered ${res.status}`);
    return await res.json();
  } catch (e) {
    throw abort.signal.aborted ? new Error(`GitHub API ${url} did not answer in ${GITHUB_TIMEOUT_MS / 1000} s`) : e;
  } finally {
    clearTimeout(timer);
  }
}

const isTag = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length < 100;
const isCounts = (v: unknown): v is { stars: number; forks: number } =>
  typeof v === 'object' && v !== null && Number.isFinite((v as { stars: unknown }).stars) && Number.isFinite((v as { forks: unknown }).forks);

async function cached<T>(key: string, valid: (v: unknown) => v is T, load: () => Promise<T>): Promise<T> {
  const hit = readCache(key, valid);
  if (hit !== undefined) return hit;
  const value = await load();
  if (!valid(value)) throw new Error(`GitHub API answer for ${key} is not usable`);
  storage.set(key, JSON.stringify({ at: Date.now(), value } satisfies Cached<T>));
  return value;
}

export function fetchLatestTag(owner: string, repo: string): Promise<string> {
  return cached(`${STORAGE_KEYS.github}${owner}/${repo}/tag`, isTag, async () => {
    const tags = await getJson(`${API}/repos/${owner}/${repo}/tags`);
    const name = Array.isArray(tags) ? (tags[0] as { name?: unknown } | undefined)?.name : undefined;
    if (!isTag(name)) throw new Error('GitHub tags answer has no tag name');
    return name;
  });
}

export function fetchRepoCounts(owner: string, repo: string): Promise<{ stars: number; forks: number }> {
  return cached(`${STORAGE_KEYS.github}${owner}/${repo}/counts`, isCounts, async () => {
    const r = (await getJson(`${API}/repos/${owner}/${repo}`)) as { stargazers_count?: unknown; forks?: unknown } | null;
    const count = (v: unknown) => (typeof v === 'number' && v >= 0 ? v : NaN);
    return { stars: count(r?.stargazers_count), forks: count(r?.forks) };
  });
}

export const GITHUB_UNREACHABLE_MESSAGE = 'GitHub API недоступен: версия и счётчики репозитория не показаны, до закрытия вкладки запросов больше не будет.';

/** Remembers the failure for the session and says so once (the second failing call stays quiet). */
function markUnreachable(reason: unknown): void {
  if (sessionStore.get(STORAGE_KEYS.githubUnreachable)) return;
  sessionStore.set(STORAGE_KEYS.githubUnreachable, '1');
  console.info(GITHUB_UNREACHABLE_MESSAGE, reason instanceof Error ? reason.message : String(reason));
}

/** Asks for the latest tag and the counts; `update` gets each answer as it arrives. */
export function loadGitHubFacts(owner: string, repo: string, update: (facts: GitHubFacts) => void): void {
  fetchLatestTag(owner, repo).then((tag) => update({ tag }), markUnreachable);
  fetchRepoCounts(owner, repo).then(update, markUnreachable);
}
