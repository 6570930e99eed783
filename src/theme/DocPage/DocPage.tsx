import { useEffect, useState } from 'react';
import type { PageData, SidebarData } from '../../data/types.ts';
import { storage, STORAGE_KEYS } from '../../client/storage.ts';
import { SidebarIcon } from '../Icons/Icons.tsx';
import { DOC_SIDEBAR_IDS, SidebarMenu } from '../Sidebar/Sidebar.tsx';
import { Toc, TocCollapsible } from '../Toc/Toc.tsx';
import { DocFooter } from '../DocFooter/DocFooter.tsx';
import { ContentHtml } from './ContentHtml.tsx';
import { Breadcrumbs, DraftBadge, Pagination, UnlistedNotice } from './DocParts.tsx';
import { onServer } from '../StaticIsland/StaticIsland.tsx';

/** Drafts exist only on the dev server, so the production browser bundle leaves the badge out. */
const mayShowDraft = onServer || Boolean(process.env.SG_DEV);

/** A Markdown page: with a sidebar when it is a doc, always with its table of contents. */
/** `loadSidebarItems`: asks for the items the page's view of its sidebar left out (src/data/sidebar-view.ts). */
export function DocPage({ page, sidebar, loadSidebarItems }: { page: PageData; sidebar?: SidebarData; loadSidebarItems?: () => void }) {
  const [sidebarHidden, setSidebarHidden] = useState(false);
  useEffect(() => setSidebarHidden(storage.get(STORAGE_KEYS.sidebarHidden) === 'true'), []);
  const hasToc = page.toc.length > 0;
  const toggleSidebar = () => {
    const next = !sidebarHidden;
    storage.set(STORAGE_KEYS.sidebarHidden, String(next));
    // The pre-paint script sets this attribute on the next load; CSS hides the sidebar by it.
    if (next) document.documentElement.dataset.sidebarHidden = 'true';
    else delete document.documentElement.dataset.sidebarHidden;
    setSidebarHidden(next);
  };
  return (
    <div className={`doc-layout${sidebar ? '' : ' doc-layout--no-sidebar'}${sidebarHidden ? ' doc-layout--sidebar-hidden' : ''}`}>
      {sidebar && (
        <aside className="doc-sidebar" aria-label="Боковое меню">
          {!sidebarHidden && <SidebarMenu items={sidebar.items} route={page.route} label="Разделы документации" idPrefix={DOC_SIDEBAR_IDS} loadItems={loadSidebarItems} />}
          <button type="button" className="doc-sidebar__hide" onClick={toggleSidebar} aria-expanded={!sidebarHidden}
            aria-label={sidebarHidden ? 'Показать боковое меню' : 'Скрыть боковое меню'} title={sidebarHidden ? 'Показать боковое меню' : 'Скрыть боковое меню'}>
            <SidebarIcon />
          </button>
        </aside>
      )}
      <div className={`doc-main${hasToc ? ' doc-main--with-toc' : ''}`}>
        <article className="doc-article">
          {page.kind === 'doc' && <Breadcrumbs items={page.breadcrumbs} title={page.title} />}
          {mayShowDraft && page.draft && <DraftBadge />}
          {page.unlisted && <UnlistedNotice />}
          {/* hide_title: out of sight, still the page's heading for screen readers and the outline. */}
          <h1 className={page.hideTitle ? 'doc-title sr-only' : 'doc-title'}>{page.title}</h1>
          {hasToc && <TocCollapsible items={page.toc} />}
          <ContentHtml html={page.html} />
          <DocFooter page={page} />
          <Pagination prev={page.prev} next={page.next} />
        </article>
        {hasToc && (
          <div className="doc-toc">
            <Toc items={page.toc} />
          </div>
        )}
      </div>
    </div>
  );
}
