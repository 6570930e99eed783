// Facts about the public repository for the navbar: latest tag, stars, forks. The page shows
// the facts the build knew (`github.facts`); after hydration the browser asks GitHub for fresh
// ones (src/client/github-api.ts, a chunk loaded only then), unless `github.live: false` in the
// site config or an earlier call of this session failed.
import { useEffect, useState } from 'react';
import { sessionStore, STORAGE_KEYS } from '../client/storage.ts';
import type { SiteConfig } from '../config/schema.ts';

export interface GitHubFacts {
  tag?: string;
  stars?: number;
  forks?: number;
}

export function useGitHubFacts(github: SiteConfig['github']): GitHubFacts {
  const { owner, repo, live } = github;
  const [facts, setFacts] = useState<GitHubFacts>(() => ({ ...github.facts }));
  useEffect(() => {
    if (!live || sessionStore.get(STORAGE_KEYS.githubUnreachable)) return;
    let mounted = true;
    import('../client/github-api.ts').then(
      (api) => api.loadGitHubFacts(owner, repo, (fresh) => mounted && setFacts((f) => ({ ...f, ...fresh }))),
      // The chunk itself did not load (the network is gone): the build's facts stay.
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [owner, repo, live]);
  return facts;
}

/** 1234 → "1.2k", as GitHub shows it. */
export function compactCount(n: number): string {
  if (n < 1000) return String(n);
  const k = n / 1000;
  return `${k < 10 ? k.toFixed(1).replace(/\.0$/, '') : Math.round(k)}k`;
}
