import type { ReactNode } from 'react';
import type { BrowserConfig } from '../config/browser-config.ts';
import type { SiteConfig } from '../config/schema.ts';
import { createStrictContext } from './strict-context.tsx';

// Components read the config the browser has too (src/config/browser-config.ts), so what they
// render on the server can be rendered again after hydration.
const [SiteConfigContext, useSiteConfig] = createStrictContext<BrowserConfig>('SiteConfig');
export { useSiteConfig };

/**
 * The whole config, for what only the server renders (src/theme/StaticIsland). It throws in the
 * browser, whose copy lacks those fields.
 */
export function useServerSiteConfig(): SiteConfig {
  const config = useSiteConfig();
  if (!('footer' in config)) throw new Error('useServerSiteConfig: the whole site config exists only in the server render');
  return config as SiteConfig;
}

export function SiteConfigProvider({ config, children }: { config: BrowserConfig; children: ReactNode }) {
  return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
}
