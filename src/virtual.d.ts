// Modules the build generates for esbuild (see build/render/bundle.ts).
declare module 'virtual:react-pages' {
  import type { ComponentType } from 'react';
  /** Server: every React page by route. */
  const pages: Record<string, ComponentType>;
  export default pages;
  /** Browser: a loader per route, each page its own chunk. */
  export const loaders: Record<string, () => Promise<{ default: ComponentType }>>;
}
declare module 'virtual:site-config' {
  import type { BrowserConfig } from './config/browser-config.ts';
  /** The browser's copy (the server bundle's is the whole SiteConfig, a BrowserConfig too). */
  const config: BrowserConfig;
  export default config;
}
