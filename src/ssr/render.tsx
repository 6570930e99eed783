// Server render of one page. The build bundles this file with esbuild and calls it for every route.
import { renderToString } from 'react-dom/server';
import reactPages from 'virtual:react-pages';
import { App } from '../theme/Layout/Layout.tsx';
import { SIDEBAR_SLOT, SidebarSlotContext } from '../theme/Sidebar/Sidebar.tsx';
import { sidebarListHtml } from './sidebar-lists.tsx';
import type { SiteConfig } from '../config/schema.ts';
import type { PageData, SidebarData } from '../data/types.ts';

/** The page with its doc sidebar's list filled in from src/ssr/sidebar-lists.tsx. */
export function renderPage(config: SiteConfig, page: PageData, sidebar?: SidebarData): string {
  if (!sidebar) return renderWhole(config, page, sidebar);
  const html = renderToString(
    <SidebarSlotContext.Provider value={true}>
      <App config={config} page={page} sidebar={sidebar} reactPages={reactPages} />
    </SidebarSlotContext.Provider>,
  );
  const slot = html.indexOf(SIDEBAR_SLOT);
  return slot === -1 ? html : html.slice(0, slot) + sidebarListHtml(sidebar, page.route) + html.slice(slot + SIDEBAR_SLOT.length);
}

/** The page rendered in one piece, sidebar and all (what renderPage must equal). */
export function renderWhole(config: SiteConfig, page: PageData, sidebar?: SidebarData): string {
  return renderToString(<App config={config} page={page} sidebar={sidebar} reactPages={reactPages} />);
}
