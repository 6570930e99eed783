// Loads page data before the click: when a link is hovered or scrolls into view. Skipped on
// connections the reader pays for or that are too slow to spare (Save-Data, 2G).
import { isPagePath, loadRoute, normaliseRoute } from './page-loader.ts';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

export function canPrefetch(): boolean {
  const conn = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!conn) return true;
  if (conn.saveData) return false;
  return conn.effectiveType !== 'slow-2g' && conn.effectiveType !== '2g';
}

const done = new Set<string>();

export function prefetchHref(href: string): void {
  if (!canPrefetch()) return;
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin || !isPagePath(url.pathname)) return;
  const route = normaliseRoute(url.pathname);
  if (done.has(route)) return;
  done.add(route);
  loadRoute(route).catch(() => done.delete(route));
}

/** Observes links in `root` and prefetches the ones that become visible. Returns a cleanup. */
export function prefetchVisibleLinks(root: Element): () => void {
  if (!canPrefetch() || !('IntersectionObserver' in window)) return () => {};
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const href = (entry.target as HTMLAnchorElement).getAttribute('href');
      if (href) prefetchHref(href);
    }
  });
  root.querySelectorAll('a[href^="/"]').forEach((a) => observer.observe(a));
  return () => observer.disconnect();
}
