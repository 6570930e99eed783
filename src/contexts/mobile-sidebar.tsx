// The narrow-screen menu: open or closed. While open the page does not scroll; it closes on
// Escape and by itself when the window grows past the desktop breakpoint.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { createStrictContext } from './strict-context.tsx';

interface MobileSidebarValue {
  shown: boolean;
  toggle(): void;
  close(): void;
}

const [MobileSidebarContext, useMobileSidebar] = createStrictContext<MobileSidebarValue>('MobileSidebar');
export { useMobileSidebar };

export function MobileSidebarProvider({ breakpoint, children }: { breakpoint: number; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const isDesktop = useMediaQuery(`(min-width: ${breakpoint + 1}px)`);
  const toggle = useCallback(() => setShown((s) => !s), []);
  const close = useCallback(() => setShown(false), []);

  useEffect(() => {
    if (isDesktop) setShown(false);
  }, [isDesktop]);

  useEffect(() => {
    if (!shown) return;
    const root = document.documentElement;
    root.classList.add('scroll-locked');
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setShown(false);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      root.classList.remove('scroll-locked');
      window.removeEventListener('keydown', onKey);
    };
  }, [shown]);

  const value = useMemo(() => ({ shown, toggle, close }), [shown, toggle, close]);
  return <MobileSidebarContext.Provider value={value}>{children}</MobileSidebarContext.Provider>;
}
