// Fetches what client navigation needs: a route's page data (_data/<route>.json) and the
// sidebar it uses. Results are cached per route, so a prefetched page opens at once.
import type { PageData, SidebarData } from '../data/types.ts';
import { sidebarPath } from '../data/sidebar-view.ts';

/** The deploy no longer has this file: the only sound recovery is a full page load. */
export class StaleDeployError extends Error {
  constructor(url: string) {
    super(`${url} is gone from the server`);
    this.name = 'StaleDeployError';
  }
}

export function normaliseRoute(pathname: string): string {
  const decoded = decodeURI(pathname).replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') || '/' : '/';
}

/** Files (PDFs, images, feeds) are not pages: the browser opens them, and they have no page data. */
export const isPagePath = (pathname: string) => !/\.[a-z0-9]{2,5}$/i.test(pathname) || pathname.endsWith('.html');

export function dataUrlOf(route: string): string {
  return route === '/' ? '/_data/index.json' : `/_data${encodeURI(route)}.json`;
}

async function fetchJson<T>(url: string, isValid: (v: unknown) => boolean, mode: RequestMode = 'same-origin'): Promise<T> {
  const res = await fetch(url, { credentials: 'same-origin', mode });
  if (res.status === 404 || res.status === 410) throw new StaleDeployError(url);
  if (!res.ok) throw new Error(`Не удалось загрузить страницу: сервер ответил ${res.status}.`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new Error('Не удалось загрузить страницу: ответ сервера повреждён.');
  }
  if (!isValid(body)) throw new Error('Не удалось загрузить страницу: ответ сервера повреждён.');
  return body as T;
}

const pages = new Map<string, Promise<PageData>>();
const sidebars = new Map<string, Promise<SidebarData>>();
/** Dev server only: the version of each sidebar the loaded ones are (build/model/site.ts sidebarFiles). */
let sidebarVersions: Record<string, string> = {};

export function loadPageData(route: string): Promise<PageData> {
  let p = pages.get(route);
  if (!p) {
    p = fetchJson<PageData>(dataUrlOf(route), (v) => typeof v === 'object' && v !== null && 'route' in v && 'html' in v);
    // A failed load must not stay cached: Retry has to ask the server again.
    p.catch(() => pages.delete(route));
    pages.set(route, p);
  }
  return p;
}

/** Drops a route's cached page data, so the next load asks the server again. */
export function forgetPageData(route: string): void {
  pages.delete(route);
}

/** Dev server only: after a rebuild, every loaded page is stale, and each sidebar whose version changed. */
export function forgetLoaded(versions: Record<string, string>): void {
  pages.clear();
  for (const id of sidebars.keys()) if (versions[id] !== sidebarVersions[id]) sidebars.delete(id);
  sidebarVersions = versions;
}

/** The whole sidebar `id` (a page carries only its view of it: src/data/sidebar-view.ts). */
export function loadSidebar(id: string | undefined): Promise<SidebarData | undefined> {
  if (!id) return Promise.resolve(undefined);
  let p = sidebars.get(id);
  if (!p) {
    p = fetchJson<SidebarData>(encodeURI(`/${sidebarPath(id)}`), (v) => typeof v === 'object' && v !== null && 'items' in v);
    p.catch(() => sidebars.delete(id));
    sidebars.set(id, p);
  }
  return p;
}

export async function loadRoute(route: string): Promise<{ page: PageData; sidebar?: SidebarData }> {
  const page = await loadPageData(route);
  const sidebar = await loadSidebar(page.sidebarId);
  return { page, sidebar };
}
