// The doc sidebar's list, rendered once per sidebar and active path instead of once per page.
// What the list of a page depends on besides the sidebar is its route, in two ways:
//   - which categories contain it (they are open and marked `menu__item--active-path`): the
//     "active path", the key of the cache;
//   - which links point to it (`menu__link--active`, `aria-current="page"`).
// Pages with the same active path (the pages of one folder, typically) share one render; for
// each of them only the marks of the current link are moved, as string replacements on React's
// own output for that link. The result is byte for byte what rendering the list for that page
// gives (test/build/sidebar-once.test.ts compares them on every page).
import { renderToString } from 'react-dom/server';
import type { SidebarData, SidebarNode } from '../data/types.ts';
import { DOC_SIDEBAR_IDS, SidebarList } from '../theme/Sidebar/Sidebar.tsx';

interface Rendered {
  route: string;
  html: string;
}

interface SidebarRenders {
  /** Route → the categories that contain it (their places, `2/0` is the first of the third). */
  activePaths: Map<string, string>;
  /** Active path → the first render with it. */
  renders: Map<string, Rendered>;
}

/** Per sidebar (the build's object, so a new assembly starts afresh). */
const cache = new WeakMap<SidebarData, SidebarRenders>();

/** One walk over the sidebar: for each route it links to, the categories on the way to it. */
function activePathsOf(nodes: SidebarNode[]): Map<string, string> {
  const sets = new Map<string, Set<string>>();
  const walk = (items: SidebarNode[], ancestors: string[], prefix: string) => items.forEach((node, i) => {
    const here = `${prefix}${i}`;
    // A category whose own page is the route is open and on the path too.
    const path = node.type === 'category' ? [...ancestors, here] : ancestors;
    if (node.href !== undefined) {
      const set = sets.get(node.href) ?? new Set();
      for (const p of path) set.add(p);
      sets.set(node.href, set);
    }
    if (node.type === 'category') walk(node.items, path, `${here}/`);
  });
  walk(nodes, [], '');
  return new Map([...sets].map(([route, set]) => [route, [...set].sort().join(',')]));
}

/** An attribute value as React writes it. */
const attr = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);

/** A link to `href` as the list writes it, plain and marked current (leaf and category links). */
function linkForms(href: string): [plain: string, current: string][] {
  const h = attr(href);
  return ['menu__link', 'menu__link menu__link--category'].map((cls) => [
    `<a class="${cls}" href="${h}">`,
    `<a class="${cls} menu__link--active" href="${h}" aria-current="page">`,
  ]);
}

function moveCurrent(html: string, from: string, to: string): string {
  let out = html;
  for (const [plain, current] of linkForms(from)) out = out.replaceAll(current, plain);
  for (const [plain, current] of linkForms(to)) out = out.replaceAll(plain, current);
  return out;
}

export function sidebarListHtml(sidebar: SidebarData, route: string): string {
  let known = cache.get(sidebar);
  if (!known) cache.set(sidebar, (known = { activePaths: activePathsOf(sidebar.items), renders: new Map() }));
  const key = known.activePaths.get(route) ?? '';
  const rendered = known.renders.get(key);
  if (rendered) return rendered.route === route ? rendered.html : moveCurrent(rendered.html, rendered.route, route);
  const html = renderToString(<SidebarList nodes={sidebar.items} route={route} level={1} idPrefix={DOC_SIDEBAR_IDS} />);
  known.renders.set(key, { route, html });
  return html;
}
