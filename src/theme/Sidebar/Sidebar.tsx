// The documentation sidebar: links and collapsible categories. Categories on the path to the
// current page open by themselves; what the reader opened or closed stays so while they navigate
// (the component stays mounted across client navigations).
import { useEffect, useId, useRef, useState } from 'react';
import { beforeNextFrame } from '../../client/schedule.ts';
import type { SidebarNode } from '../../data/types.ts';

function containsRoute(node: SidebarNode, route: string): boolean {
  if (node.type === 'link') return node.href === route;
  return node.href === route || node.items.some((n) => containsRoute(n, route));
}

function Category({ node, route, level }: { node: Extract<SidebarNode, { type: 'category' }>; route: string; level: number }) {
  const active = containsRoute(node, route);
  const [collapsed, setCollapsed] = useState(node.collapsible && node.collapsed && !active);
  const listId = useId();
  useEffect(() => {
    if (active) setCollapsed(false);
  }, [active, route]);
  const isCurrent = node.href === route;
  const toggle = () => node.collapsible && setCollapsed((c) => !c);
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
      {!collapsed && <SidebarList id={listId} nodes={node.items} route={route} level={level + 1} />}
    </li>
  );
}

function SidebarList({ nodes, route, level, id }: { nodes: SidebarNode[]; route: string; level: number; id?: string }) {
  return (
    <ul className={`menu__list menu__list--level-${level}`} id={id}>
      {nodes.map((node, i) =>
        node.type === 'category' ? (
          <Category key={`${node.label}-${i}`} node={node} route={route} level={level} />
        ) : (
          <li key={node.href + i} className="menu__item">
            <a className={`menu__link${node.href === route ? ' menu__link--active' : ''}`} href={node.href} aria-current={node.href === route ? 'page' : undefined}
              {...(/^https?:/.test(node.href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {node.label}
            </a>
          </li>
        ),
      )}
    </ul>
  );
}

export function SidebarMenu({ items, route, label }: { items: SidebarNode[]; route: string; label: string }) {
  const ref = useRef<HTMLElement>(null);
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
      <SidebarList nodes={items} route={route} level={1} />
    </nav>
  );
}
