// The documentation sidebar: links and collapsible categories. Categories on the path to the
// current page open by themselves; what the reader opened or closed stays so while they navigate
// (the component stays mounted across client navigations).
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { beforeNextFrame } from '../../client/schedule.ts';
import type { SidebarNode } from '../../data/types.ts';
import { containsRoute, startsCollapsed } from '../../data/sidebar-view.ts';
import { newTabProps } from '../new-tab.ts';

/**
 * The server render of a page puts this placeholder where the sidebar's list goes and fills it
 * with the list rendered once per sidebar and active path (src/ssr/sidebar-lists.tsx): a sidebar
 * of a thousand links is not rendered again for each of its thousand pages.
 */
export const SIDEBAR_SLOT = '<template data-sidebar-slot=""></template>';
export const SidebarSlotContext = createContext(false);
/** The id prefix of the doc sidebar's lists (the one the server renders). */
export const DOC_SIDEBAR_IDS = 'doc-sidebar';

/** Asks for the items a page's view of its sidebar left out (src/data/sidebar-view.ts). */
type LoadItems = (() => void) | undefined;

function Category({ node, route, level, listId, loadItems }: { node: Extract<SidebarNode, { type: 'category' }>; route: string; level: number; listId: string; loadItems: LoadItems }) {
  const active = containsRoute(node, route);
  const [collapsed, setCollapsed] = useState(() => startsCollapsed(node, route));
  useEffect(() => {
    if (active) setCollapsed(false);
  }, [active, route]);
  const isCurrent = node.href === route;
  const toggle = () => {
    if (!node.collapsible) return;
    if (collapsed && node.items.length === 0) loadItems?.();
    setCollapsed(!collapsed);
  };
  // A category without a page of its own is one button; one with a page is a link plus a caret.
  return (
    <li className={`menu__item menu__item--category${active ? ' menu__item--active-path' : ''}`} data-collapsed={collapsed || undefined}>
      {node.href ? (
        <div className="menu__category">
          <a className={`menu__link menu__link--category${isCurrent ? ' menu__link--active' : ''}`} href={node.href} aria-current={isCurrent ? 'page' : undefined}>
            {node.label}
          </a>
          {node.collapsible && (
            <button type="button" className="menu__caret" aria-label={`${collapsed ? 'Развернуть' : 'Свернуть'} раздел «${node.label}»`} aria-expanded={!collapsed} aria-controls={listId} onClick={toggle} />
          )}
        </div>
      ) : (
        <button type="button" className={`menu__link menu__link--category${node.collapsible ? ' menu__link--caret' : ''}`} aria-expanded={!collapsed} aria-controls={listId} onClick={toggle}>
          {node.label}
        </button>
      )}
      {!collapsed && <SidebarList id={listId} idPrefix={listId} nodes={node.items} route={route} level={level + 1} loadItems={loadItems} />}
    </li>
  );
}

/**
 * One level of the menu. A category's list id comes from its place in the sidebar (`…-2-0` is
 * the first item of the third), not from useId: the same list renders the same wherever it sits
 * in the page, which is what lets the server render it once (SIDEBAR_SLOT).
 */
export function SidebarList({ nodes, route, level, id, idPrefix, loadItems }: { nodes: SidebarNode[]; route: string; level: number; id?: string; idPrefix: string; loadItems?: LoadItems }) {
  return (
    <ul className={`menu__list menu__list--level-${level}`} id={id}>
      {nodes.map((node, i) =>
        node.type === 'category' ? (
          <Category key={`${node.label}-${i}`} node={node} route={route} level={level} listId={`${idPrefix}-${i}`} loadItems={loadItems} />
        ) : (
          <li key={node.href + i} className="menu__item">
            <a className={`menu__link${node.href === route ? ' menu__link--active' : ''}`} href={node.href} aria-current={node.href === route ? 'page' : undefined}
              {...newTabProps(node.href)}>
              {node.label}
            </a>
          </li>
        ),
      )}
    </ul>
  );
}

/** `idPrefix` keeps the ids of two menus on one page apart (the doc sidebar and the mobile menu). */
export function SidebarMenu({ items, route, label, idPrefix, loadItems }: { items: SidebarNode[]; route: string; label: string; idPrefix: string; loadItems?: LoadItems }) {
  const ref = useRef<HTMLElement>(null);
  const slot = useContext(SidebarSlotContext);
  // When the menu appears, the current page's item is in view (scrolling the menu's own column only).
  // Measured before the next frame rather than in the task that commits the render (client/schedule.ts).
  useEffect(() => beforeNextFrame(() => {
    const scroller = ref.current?.closest<HTMLElement>('.doc-sidebar, .mobile-sidebar');
    const active = ref.current?.querySelector('[aria-current="page"]');
    if (!scroller || !active) return;
    const box = scroller.getBoundingClientRect();
    const item = active.getBoundingClientRect();
    if (item.top < box.top || item.bottom > Math.min(box.bottom, window.innerHeight)) {
      scroller.scrollTop += item.top - box.top - scroller.clientHeight / 3;
    }
  }), []);
  return (
    <nav className="menu" aria-label={label} ref={ref}>
      {slot ? <template data-sidebar-slot="" /> : <SidebarList nodes={items} route={route} level={1} idPrefix={idPrefix} loadItems={loadItems} />}
    </nav>
  );
}
