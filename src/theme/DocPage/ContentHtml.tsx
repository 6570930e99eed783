// The page's content HTML, produced at build time. On hydration the HTML already in the DOM is
// passed back in, so React never re-creates it; after each swap the tab choices are applied, the
// parts whose layout was deferred are laid out, then wide tables are measured, and links in view
// are prefetched.
import { useEffect, useRef } from 'react';
import { applyStoredTabs, makeScrollableTablesFocusable } from '../../client/content-enhancers.ts';
import { prefetchVisibleLinks } from '../../client/prefetch.ts';
import { whenIdle } from '../../client/schedule.ts';
import { layOutGradually } from '../../client/deferred-layout.ts';

export function ContentHtml({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    applyStoredTabs(el);
    // None of this is needed for the next frame: it all runs in tasks of its own when the browser is idle.
    const fitTables = () => makeScrollableTablesFocusable(el);
    let stopPrefetch = () => {};
    const cancelLayout = layOutGradually(el, fitTables);
    const cancelPrefetch = whenIdle(() => (stopPrefetch = prefetchVisibleLinks(el)));
    window.addEventListener('resize', fitTables, { passive: true });
    return () => {
      cancelLayout();
      cancelPrefetch();
      window.removeEventListener('resize', fitTables);
      stopPrefetch();
    };
  }, [html]);
  return <div ref={ref} className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
