// Server render of one page. The build bundles this file with esbuild and calls it for every route.
import { renderToString } from 'react-dom/server';
import reactPages from 'virtual:react-pages';
import { App } from '../theme/Layout/Layout.tsx';
import { SIDEBAR_SLOT, SidebarSlotContext } from '../theme/Sidebar/Sidebar.tsx';
import { sidebarListOf, type ListRender } from './sidebar-lists.tsx';
import type { SiteConfig } from '../config/schema.ts';
import type { PageData, SidebarData } from '../data/types.ts';

/**
 * The page around its doc sidebar's list: the HTML before the list and after it, or the whole
 * page in one piece when it shows no doc sidebar. It is rendered with the sidebar's items left
 * out, so it cannot depend on them: after a title edit, which changes every page's list, a build
 * can keep each page's frame and put the new list in (build/render/reuse.ts).
 */
export function renderFrame(config: SiteConfig, page: PageData, sidebar?: SidebarData): Frame {
  if (!sidebar) return [renderWhole(config, page, sidebar)];
  const html = renderToString(
    <SidebarSlotContext.Provider value={true}>
      <App config={config} page={page} sidebar={{ ...sidebar, items: [] }} reactPages={reactPages} />
    </SidebarSlotContext.Provider>,
  );
  const slot = html.indexOf(SIDEBAR_SLOT);
  return slot === -1 ? [html] : [html.slice(0, slot), html.slice(slot + SIDEBAR_SLOT.length)];
}

/** A page's frame: [whole] without a doc sidebar list, [before, after] around it. */
export type Frame = [string] | [string, string];

/** The doc sidebar's list of the page at `route` (src/ssr/sidebar-lists.tsx), with the key of its render. */
export function sidebarList(sidebar: SidebarData, route: string): ListRender {
  return sidebarListOf(sidebar, route);
}

/** The page with its doc sidebar's list filled in: frame and list. */
export function renderPage(config: SiteConfig, page: PageData, sidebar?: SidebarData): string {
  const frame = renderFrame(config, page, sidebar);
  return frame.length === 2 ? frame[0] + sidebarListOf(sidebar!, page.route).html + frame[1] : frame[0];
}

/** The page rendered in one piece, sidebar and all (what renderPage must equal). */
export function renderWhole(config: SiteConfig, page: PageData, sidebar?: SidebarData): string {
  return renderToString(<App config={config} page={page} sidebar={sidebar} reactPages={reactPages} />);
}
