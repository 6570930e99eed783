// What of a sidebar one page shows: the sidebar with the items of its closed categories left
// out. A page carries this view inline, so that it hydrates at once, without loading the whole
// sidebar first; the whole sidebar (its own JSON file, under a stable URL) is loaded after
// hydration, for the categories a reader opens and for client navigation.
//
// Why the view and not the sidebar's URL: a content-hashed URL in every page made every page
// change when any title in the sidebar did (1000 pages written and compressed again for one title
// edit at 1000 pages). A page's view changes only when what it shows does: its own folder's
// titles, or a category label.
import type { SidebarData, SidebarNode } from './types.ts';

export function containsRoute(node: SidebarNode, route: string): boolean {
  if (node.type === 'link') return node.href === route;
  return node.href === route || node.items.some((n) => containsRoute(n, route));
}

/** Whether a category starts closed on the page at `route` (src/theme/Sidebar/Sidebar.tsx opens the others). */
export function startsCollapsed(node: Extract<SidebarNode, { type: 'category' }>, route: string): boolean {
  return node.collapsible && node.collapsed && !containsRoute(node, route);
}

/**
 * The sidebar as the page at `route` first shows it; `partial` when some items were left out.
 * Links lose their doc ids too: the build's (the user guide's order), never read in the browser.
 * activePath: the route's entry of activePathsOf(sidebar.items) ('' when it has none), when the
 * caller has it: a closed category is then known to hold the route or not without a search of
 * its items, and a view costs what it shows, not the whole sidebar (a 10 000-page sidebar with
 * 400 folders: 400 whole walks when a title changed).
 */
export function sidebarView(sidebar: SidebarData, route: string, activePath?: string): SidebarData {
  const open = activePath === undefined ? undefined : new Set(activePath ? activePath.split(',') : []);
  let trimmed = false;
  const view = (nodes: SidebarNode[], prefix: string): SidebarNode[] => nodes.map((node, i) => {
    if (node.type === 'link') return { type: 'link', label: node.label, href: node.href };
    const here = `${prefix}${i}`;
    if (open ? node.collapsible && node.collapsed && !open.has(here) : startsCollapsed(node, route)) {
      if (node.items.length) trimmed = true;
      return { ...node, items: [] };
    }
    return { ...node, items: view(node.items, `${here}/`) };
  });
  const items = view(sidebar.items, '');
  return trimmed ? { ...sidebar, items, partial: true } : { ...sidebar, items };
}

/** One walk over the sidebar: for each route it links to, the categories on the way to it. */
export function activePathsOf(nodes: SidebarNode[]): Map<string, string> {
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

/** Where the whole sidebar is served (build/model/site.ts writes it there). */
export function sidebarPath(id: string): string {
  return `_data/sidebars/${id}.json`;
}
