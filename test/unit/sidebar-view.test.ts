// A page's view of its sidebar (src/data/sidebar-view.ts): what the page shows of it, inlined
// for hydration in place of the whole sidebar.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { activePathsOf, sidebarView } from '../../src/data/sidebar-view.ts';
import type { SidebarData, SidebarNode } from '../../src/data/types.ts';
import { SidebarList } from '../../src/theme/Sidebar/Sidebar.tsx';

const link = (href: string): SidebarNode => ({ type: 'link', label: `Страница ${href}`, href });
const category = (label: string, items: SidebarNode[], extra: Partial<Extract<SidebarNode, { type: 'category' }>> = {}): SidebarNode =>
  ({ type: 'category', label, items, collapsed: true, collapsible: true, ...extra });

const sidebar: SidebarData = {
  id: 'docs',
  items: [
    link('/a'),
    category('Закрытая', [link('/b/1'), link('/b/2')]),
    category('С текущей', [link('/c/1'), category('Вложенная', [link('/c/2/x')])]),
    category('Открытая', [link('/d/1')], { collapsed: false }),
    category('Несворачиваемая', [link('/e/1')], { collapsible: false }),
    category('Своя страница', [link('/f/1')], { href: '/f' }),
  ],
};

const labels = (nodes: SidebarNode[]): unknown[] => nodes.map((n) => (n.type === 'link' ? n.href : { [n.label]: labels(n.items) }));

describe('a page\'s view of its sidebar', () => {
  it('leaves out the items of the categories the page shows closed, and only those', () => {
    const view = sidebarView(sidebar, '/c/1');
    assert.deepEqual(labels(view.items), [
      '/a', { 'Закрытая': [] }, { 'С текущей': ['/c/1', { 'Вложенная': [] }] }, { 'Открытая': ['/d/1'] }, { 'Несворачиваемая': ['/e/1'] }, { 'Своя страница': [] },
    ]);
    assert.equal(view.partial, true);
    // A category's own page opens it.
    assert.deepEqual(labels(sidebarView(sidebar, '/f').items).at(-1), { 'Своя страница': ['/f/1'] });
    // The whole sidebar is left as it was.
    assert.deepEqual(labels(sidebar.items)[1], { 'Закрытая': ['/b/1', '/b/2'] });
  });

  it('renders as the whole sidebar renders on that page (what hydration needs)', () => {
    for (const route of ['/a', '/b/2', '/c/2/x', '/e/1', '/f', '/f/1', '/nowhere']) {
      const html = (s: SidebarData) => renderToString(createElement(SidebarList, { nodes: s.items, route, level: 1, idPrefix: 'doc-sidebar' }));
      assert.equal(html(sidebarView(sidebar, route)), html(sidebar), route);
    }
  });

  it('is the same view when made from the route\'s active path, which spares the search of closed categories', () => {
    // Nested closed categories, a category with its own page inside a closed one, a route linked twice.
    const deep: SidebarData = {
      id: 'deep',
      items: [
        ...sidebar.items,
        category('Глубже', [link('/g/1'), category('Внутри', [link('/g/2/1'), category('Ещё', [link('/a')], { href: '/g/3' })], { href: '/g/2' })]),
        category('Снова', [category('Пусто', []), link('/b/2')], { collapsed: false }),
      ],
    };
    const paths = activePathsOf(deep.items);
    const routes = ['/a', '/b/1', '/b/2', '/c/1', '/c/2/x', '/d/1', '/e/1', '/f', '/f/1', '/g/1', '/g/2', '/g/2/1', '/g/3', '/nowhere'];
    for (const route of routes) assert.deepEqual(sidebarView(deep, route, paths.get(route) ?? ''), sidebarView(deep, route), route);
    // And it does open what the route is in.
    assert.deepEqual(labels(sidebarView(deep, '/g/3', paths.get('/g/3')).items).at(-2), { 'Глубже': ['/g/1', { 'Внутри': ['/g/2/1', { 'Ещё': ['/a'] }] }] });
  });

  it('is whole (not partial) when no closed category has items', () => {
    const open: SidebarData = { id: 'open', items: [link('/a'), category('Пустая', [])] };
    assert.equal(sidebarView(open, '/a').partial, undefined);
  });
});
