import { useEffect, useState } from 'react';
import type { TocItem } from '../data/types.ts';

/** The id of the heading the reader is in: the last one whose top has scrolled above the navbar line. */
export function useActiveHeading(items: TocItem[], offset = 96): string | undefined {
  const [active, setActive] = useState<string>();
  useEffect(() => {
    if (items.length === 0) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      let current: string | undefined = items[0]?.id;
      for (const item of items) {
        const el = document.getElementById(item.id);
        if (!el) continue;
        if (el.getBoundingClientRect().top - offset <= 1) current = item.id;
        else break;
      }
      // At the very bottom the last headings may never reach the top: mark the last one.
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) current = items[items.length - 1]?.id;
      setActive(current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    // The first measurement waits for the next frame, when the browser lays the page out anyway,
    // instead of forcing a layout inside the task that commits the render.
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [items, offset]);
  return active;
}
