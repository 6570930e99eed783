// Server render of one page. The build bundles this file with esbuild and calls it for every route.
import { renderToString } from 'react-dom/server';
import reactPages from 'virtual:react-pages';
import { App } from '../theme/Layout/Layout.tsx';
import type { SiteConfig } from '../config/schema.ts';
import type { PageData, SidebarData } from '../data/types.ts';

export function renderPage(config: SiteConfig, page: PageData, sidebar?: SidebarData): string {
  return renderToString(<App config={config} page={page} sidebar={sidebar} reactPages={reactPages} />);
}
