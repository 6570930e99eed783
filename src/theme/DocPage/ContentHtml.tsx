// The page's content HTML, produced at build time. On hydration the HTML already in the DOM is
// passed back in, so React never re-creates it; after each swap the tab choices are applied and
// links in view are prefetched.
import { useEffect, useRef } from 'react';
import { applyStoredTabs, makeScrollableTablesFocusable } from '../../client/content-enhancers.ts';
import { prefetchVisibleLinks } from '../../client/prefetch.ts';

export function ContentHtml({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    applyStoredTabs(el);
    const fitTables = () => makeScrollableTablesFocusable(el);
    fitTables();
    window.addEventListener('resize', fitTables, { passive: true });
    const stopPrefetch = prefetchVisibleLinks(el);
    return () => {
      window.removeEventListener('resize', fitTables);
      stopPrefetch();
    };
  }, [html]);
  return <div ref={ref} className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
