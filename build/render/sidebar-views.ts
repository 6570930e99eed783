// Each page's view of its sidebar (src/data/sidebar-view.ts), made once per sidebar and active
// path: the pages of one folder share one view, and a 10 000-page site walks its sidebar once per
// folder, not once per page. The view's JSON is what the page carries inline, and its hash is
// part of the page's render key (build/render/reuse.ts).
import { createHash } from 'node:crypto';
import type { SidebarData } from '../../src/data/types.ts';
import { activePathsOf, sidebarView } from '../../src/data/sidebar-view.ts';
import { KEPT_RENDERS, RecentMap } from '../../src/ssr/recent-map.ts';

export interface SidebarViewOf {
  view: SidebarData;
  json: string;
  hash: string;
}

export class SidebarViews {
  private readonly known = new Map<string, { sidebar: SidebarData; paths: Map<string, string>; views: RecentMap<string, SidebarViewOf> }>();

  constructor(readonly sidebars: Iterable<SidebarData>) {
    for (const sidebar of sidebars) this.known.set(sidebar.id, { sidebar, paths: activePathsOf(sidebar.items), views: new RecentMap(KEPT_RENDERS) });
  }

  /** The view of sidebar `id` on the page at `route`; undefined for a page without a sidebar. */
  of(id: string | undefined, route: string): SidebarViewOf | undefined {
    const entry = id === undefined ? undefined : this.known.get(id);
    if (!entry) return undefined;
    const path = entry.paths.get(route) ?? '';
    let made = entry.views.get(path);
    if (!made) {
      const view = sidebarView(entry.sidebar, route, path);
      const json = JSON.stringify(view);
      entry.views.set(path, (made = { view, json, hash: createHash('sha256').update(json).digest('hex') }));
    }
    return made;
  }
}
