// The doc sidebar's list, rendered once per sidebar and active path instead of once per page.
// What the list of a page depends on besides the sidebar is its route, in two ways:
//   - which categories contain it (they are open and marked `menu__item--active-path`): the
//     "active path", the key of the cache;
//   - which links point to it (`menu__link--active`, `aria-current="page"`).
// Pages with the same active path (the pages of one folder, typically) share one render; for
// each of them only the marks of the current link are moved: React's own output is cut at the
// places of that link's tags (found once per render) and the marked tag put in. The result is
// byte for byte what rendering the list for that page gives (test/build/sidebar-once.test.ts compares them on every page).
import { renderToString } from 'react-dom/server';
import type { SidebarData } from '../data/types.ts';
import { activePathsOf } from '../data/sidebar-view.ts';
import { DOC_SIDEBAR_IDS, SidebarList } from '../theme/Sidebar/Sidebar.tsx';
import { KEPT_RENDERS, RecentMap } from './recent-map.ts';

interface Rendered {
  /** The list with no link marked current. */
  neutral: string;
  /**
   * Where the links to the pages of this active path sit in `neutral`, by href as written: the
   * span of the plain tag and the tag marked current. Only those: a list of 10 000 links indexed
   * whole for each of the 400 active paths of a 10 000-page site held ~100 MB until the end of
   * the build, and the render of the first page kept beside it another 70 MB.
   */
  links: Map<string, { start: number; end: number; current: string }[]>;
}

interface SidebarRenders {
  /** Route → the categories that contain it (their places, `2/0` is the first of the third). */
  activePaths: Map<string, string>;
  /** Active path → the hrefs (as written) of the routes that have it. */
  hrefsByPath: Map<string, Set<string>>;
  /** Active path → a render with it; the most recently used KEPT_RENDERS only. */
  renders: RecentMap<string, Rendered>;
}

/** Per sidebar (the build's object, so a new assembly starts afresh). */
const cache = new WeakMap<SidebarData, SidebarRenders>();

/** An attribute value as React writes it. */
const attr = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);

/** The classes of a leaf and of a category link, as the list writes them. */
const LINK_CLASSES = ['menu__link', 'menu__link menu__link--category'];
const plainLink = (cls: string, h: string) => `<a class="${cls}" href="${h}">`;
const currentLink = (cls: string, h: string) => `<a class="${cls} menu__link--active" href="${h}" aria-current="page">`;
/** The plain start tag of a leaf or category link, as React writes it. */
const PLAIN_LINK = new RegExp(`<a class="(${LINK_CLASSES.join('|')})" href="([^"]*)">`, 'g');

/**
 * The render of `route` made neutral (its current marks taken away) and the place of every link
 * in it, found once per render: marking another page is then a few slices, not a scan of the
 * whole list per page (a list of hundreds of categories made that a fifth of a 10 000-page build).
 */
function indexRender(route: string, html: string, hrefs: Set<string>): Rendered {
  let neutral = html;
  for (const cls of LINK_CLASSES) neutral = neutral.replaceAll(currentLink(cls, attr(route)), plainLink(cls, attr(route)));
  const links: Rendered['links'] = new Map();
  for (const m of neutral.matchAll(PLAIN_LINK)) {
    if (!hrefs.has(m[2])) continue;
    const at = { start: m.index, end: m.index + m[0].length, current: currentLink(m[1], m[2]) };
    const list = links.get(m[2]);
    if (list) list.push(at);
    else links.set(m[2], [at]);
  }
  return { neutral, links };
}

/** The list with the links to `route` marked current. */
function markCurrent(rendered: Rendered, route: string): string {
  const places = rendered.links.get(attr(route));
  if (!places) return rendered.neutral;
  let out = '';
  let from = 0;
  for (const { start, end, current } of places) {
    out += rendered.neutral.slice(from, start) + current;
    from = end;
  }
  return out + rendered.neutral.slice(from);
}

/**
 * A page's list, and the key of the render it was made from: lists with one key differ only in
 * which link is marked current, so their links (hrefs) and element ids are the same, and the
 * build reads them once per key.
 */
export interface ListRender {
  html: string;
  key: string;
}

export function sidebarListOf(sidebar: SidebarData, route: string): ListRender {
  let known = cache.get(sidebar);
  if (!known) {
    const activePaths = activePathsOf(sidebar.items);
    const hrefsByPath = new Map<string, Set<string>>();
    for (const [r, path] of activePaths) hrefsByPath.set(path, (hrefsByPath.get(path) ?? new Set()).add(attr(r)));
    cache.set(sidebar, (known = { activePaths, hrefsByPath, renders: new RecentMap(KEPT_RENDERS) }));
  }
  const key = known.activePaths.get(route) ?? '';
  const rendered = known.renders.get(key);
  if (rendered) return { html: markCurrent(rendered, route), key };
  const html = renderToString(<SidebarList nodes={sidebar.items} route={route} level={1} idPrefix={DOC_SIDEBAR_IDS} />);
  // Indexed for the pages that can share this render: those with this active path.
  known.renders.set(key, indexRender(route, html, known.hrefsByPath.get(key) ?? new Set()));
  return { html, key };
}
