// Client-side navigation: which page is shown, whether the next one is loading or failed, and
// how to go somewhere. Same-origin link clicks are intercepted here; page data comes from
// _data/*.json. Anything that cannot be done in place falls back to a full page load.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { PageData, SidebarData } from '../data/types.ts';
import { forgetLoaded, forgetPageData, loadRoute, loadSidebar, isPagePath, normaliseRoute, StaleDeployError } from '../client/page-loader.ts';
import { canPrefetch, prefetchHref } from '../client/prefetch.ts';
import { whenIdle } from '../client/schedule.ts';
import { restoreScrollY } from '../client/deferred-layout.ts';
import { createStrictContext } from './strict-context.tsx';

export type NavigationStatus = 'idle' | 'loading' | 'error';

interface NavigationValue {
  page: PageData;
  sidebar?: SidebarData;
  status: NavigationStatus;
  error?: string;
  navigate(href: string): void;
  retry(): void;
  /** Loads the page on screen again from the server (after a render failure); resolves when done. */
  reload(): Promise<void>;
  /**
   * Loads the whole sidebar in place of the page's view of it (src/data/sidebar-view.ts): asked
   * for when a category whose items were left out is opened. Done by itself when the browser is idle.
   */
  completeSidebar(): void;
}

const [NavigationContext, useNavigation] = createStrictContext<NavigationValue>('Navigation');
export { useNavigation };

/** Loads whatever code a page kind needs (a React page's chunk); rejects when the chunk is gone. */
export type PageCodeLoader = (page: PageData) => Promise<void>;

interface Props {
  initialPage: PageData;
  initialSidebar?: SidebarData;
  loadPageCode?: PageCodeLoader;
  onNavigated?: (page: PageData, hash: string, restoreY: number | null) => void;
  children: ReactNode;
}

function isPlainLeftClick(e: MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && !e.defaultPrevented;
}

function internalUrl(a: HTMLAnchorElement): URL | null {
  if (!a.href || a.target && a.target !== '_self' || a.hasAttribute('download') || a.dataset.noRouter !== undefined) return null;
  const url = new URL(a.href, window.location.href);
  return url.origin === window.location.origin && isPagePath(url.pathname) ? url : null;
}

/**
 * Dev server only: after a rebuild its live-reload client (src/client/dev-client.ts) fires
 * `sg:dev-update` with the sidebars' new versions; every loaded page is forgotten and the one on
 * screen is loaded again in place, where the reader is.
 */
function useDevUpdates(reload: () => Promise<void>, notFound: boolean) {
  useEffect(() => {
    document.documentElement.dataset.sgDevLive = 'true';
    const onUpdate = (e: Event) => {
      // The address may just have become a page: only a full load can tell.
      if (notFound) return window.location.reload();
      forgetLoaded((e as CustomEvent<{ sidebarVersions: Record<string, string> }>).detail.sidebarVersions);
      const y = window.scrollY;
      void reload().then(() => requestAnimationFrame(() => restoreScrollY(y)));
    };
    window.addEventListener('sg:dev-update', onUpdate);
    return () => window.removeEventListener('sg:dev-update', onUpdate);
  }, [reload, notFound]);
}

export function NavigationProvider({ initialPage, initialSidebar, loadPageCode, onNavigated, children }: Props) {
  const [state, setState] = useState<{ page: PageData; sidebar?: SidebarData }>({ page: initialPage, sidebar: initialSidebar });
  const [status, setStatus] = useState<NavigationStatus>('idle');
  const [error, setError] = useState<string>();
  const pending = useRef<{ url: URL; push: boolean } | null>(null);
  const seq = useRef(0);
  /** The address whose page is on screen (the 404 page's data says /404, its address does not). */
  const shownPath = useRef<string | null>(null);

  const go = useCallback(async (url: URL, push: boolean, restoreY: number | null = null) => {
    const id = ++seq.current;
    pending.current = { url, push };
    const route = normaliseRoute(url.pathname);
    setStatus('loading');
    setError(undefined);
    try {
      const next = await loadRoute(route);
      if (loadPageCode) await loadPageCode(next.page);
      if (id !== seq.current) return; // a later click won
      if (push) {
        window.history.replaceState({ ...(window.history.state ?? {}), scrollY: window.scrollY }, '');
        window.history.pushState({ scrollY: 0 }, '', url.pathname + url.search + url.hash);
      }
      shownPath.current = route;
      // Committed before onNavigated runs, so the anchor it scrolls to is already in the DOM
      // (outside an event, React would otherwise render in a later task).
      flushSync(() => {
        setState(next);
        setStatus('idle');
      });
      pending.current = null;
      onNavigated?.(next.page, decodeURIComponent(url.hash.slice(1)), restoreY);
    } catch (e) {
      if (id !== seq.current) return;
      if (e instanceof StaleDeployError || (e instanceof TypeError && /import|module/i.test(e.message))) {
        window.location.assign(url.href);
        return;
      }
      setError(e instanceof Error ? e.message : String(e));
      setStatus('error');
    }
  }, [loadPageCode, onNavigated]);

  const navigate = useCallback((href: string) => {
    const url = new URL(href, window.location.href);
    const sameRoute = normaliseRoute(url.pathname) === normaliseRoute(window.location.pathname);
    if (sameRoute && url.search === window.location.search) {
      if (url.hash !== window.location.hash) window.history.pushState({ scrollY: window.scrollY }, '', url.hash || url.pathname);
      onNavigated?.(state.page, decodeURIComponent(url.hash.slice(1)), null);
      return;
    }
    void go(url, true);
  }, [go, onNavigated, state.page]);

  const retry = useCallback(() => {
    if (pending.current) void go(pending.current.url, pending.current.push);
  }, [go]);

  const reload = useCallback(async () => {
    const path = shownPath.current ?? normaliseRoute(window.location.pathname);
    // Pages built into the HTML itself (the 404 page) have no data file to load again.
    if (state.page.kind === 'not-found') return;
    forgetPageData(path);
    try {
      const next = await loadRoute(path);
      if (loadPageCode) await loadPageCode(next.page);
      setState(next);
    } catch (e) {
      if (e instanceof StaleDeployError) window.location.reload();
      // Anything else: the page renders again with what it has.
    }
  }, [loadPageCode, state.page.kind]);

  const partialSidebar = state.sidebar?.partial ? state.sidebar.id : undefined;
  const completeSidebar = useCallback(() => {
    if (!partialSidebar) return;
    loadSidebar(partialSidebar).then((whole) => {
      if (whole) setState((s) => (s.sidebar?.partial && s.sidebar.id === whole.id ? { ...s, sidebar: whole } : s));
    }, () => {}); // offline: the next category opened asks again
  }, [partialSidebar]);
  // Once the page is interactive, so that a category the reader opens has its items at once
  // (not on connections that spare data: there, when a category is opened).
  useEffect(() => (partialSidebar && canPrefetch() ? whenIdle(completeSidebar) : undefined), [partialSidebar, completeSidebar]);

  // The bundle the dev server builds (build/dev) sets SG_DEV; production bundles compile this out.
  if (process.env.SG_DEV) useDevUpdates(reload, state.page.kind === 'not-found');

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (!isPlainLeftClick(e)) return;
      const a = (e.target as Element | null)?.closest?.('a');
      if (!a) return;
      const url = internalUrl(a);
      if (!url) return;
      e.preventDefault();
      navigate(url.href);
    };
    const onHover = (e: Event) => {
      const a = (e.target as Element | null)?.closest?.('a');
      if (a && internalUrl(a)) prefetchHref(a.href);
    };
    const onPop = () => {
      const restoreY = typeof window.history.state?.scrollY === 'number' ? window.history.state.scrollY : null;
      const url = new URL(window.location.href);
      // Back/forward between anchors of the page on screen (or the skip link's #main) only scrolls.
      shownPath.current ??= normaliseRoute(window.location.pathname);
      if (normaliseRoute(url.pathname) === shownPath.current && status !== 'error') {
        onNavigated?.(state.page, decodeURIComponent(url.hash.slice(1)), restoreY);
        return;
      }
      void go(url, false, restoreY);
    };
    // Remember where the reader is on this history entry, so back and forward can return there.
    let saveTimer = 0;
    const onScroll = () => {
      window.clearTimeout(saveTimer);
      saveTimer = window.setTimeout(() => {
        window.history.replaceState({ ...(window.history.state ?? {}), scrollY: window.scrollY }, '');
      }, 150);
    };
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    document.addEventListener('click', onClick);
    document.addEventListener('mouseover', onHover, { passive: true });
    document.addEventListener('focusin', onHover);
    window.addEventListener('popstate', onPop);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.clearTimeout(saveTimer);
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('click', onClick);
      document.removeEventListener('mouseover', onHover);
      document.removeEventListener('focusin', onHover);
      window.removeEventListener('popstate', onPop);
    };
  }, [navigate, go, onNavigated, state.page, status]);

  const value = useMemo(() => ({ ...state, status, error, navigate, retry, reload, completeSidebar }), [state, status, error, navigate, retry, reload, completeSidebar]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}
