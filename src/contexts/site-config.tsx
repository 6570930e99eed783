import type { ReactNode } from 'react';
import type { SiteConfig } from '../config/schema.ts';
import { createStrictContext } from './strict-context.tsx';

const [SiteConfigContext, useSiteConfig] = createStrictContext<SiteConfig>('SiteConfig');
export { useSiteConfig };

export function SiteConfigProvider({ config, children }: { config: SiteConfig; children: ReactNode }) {
  return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
}
