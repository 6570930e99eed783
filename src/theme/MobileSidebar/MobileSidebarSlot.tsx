// Where the narrow-screen menu goes. Its code is a chunk of its own, loaded when the menu first
// opens: a desktop reader never downloads it. On a narrow screen, where the menu is the way
// around the site, the chunk is fetched as soon as the browser is idle, so that the first tap
// does not wait for the network.
import { lazy, Suspense, useEffect } from 'react';
import { useMobileSidebar } from '../../contexts/mobile-sidebar.tsx';
import { useSiteConfig } from '../../contexts/site-config.tsx';
import { whenIdle } from '../../client/schedule.ts';

const load = () => import('./MobileSidebar.tsx');
const MobileSidebar = lazy(() => load().then((m) => ({ default: m.MobileSidebar })));

export function MobileSidebarSlot() {
  const { shown } = useMobileSidebar();
  const { layout } = useSiteConfig();
  useEffect(() => {
    if (window.matchMedia(`(max-width: ${layout.desktopBreakpoint}px)`).matches) return whenIdle(() => void load().catch(() => undefined));
    return undefined;
  }, [layout.desktopBreakpoint]);
  return shown ? <Suspense fallback={null}><MobileSidebar /></Suspense> : null;
}
