// `::doc-cards` (Docusaurus's <DocCardList />): on the page a sidebar category links to, a card for
// each of that category's items, with its label and the page's description (or, for a
// sub-category, how many pages it holds). The compile leaves a marked, empty <div>
// (build/markdown/directives.ts); the cards depend on the sidebar, so they are put in when the
// page is rendered, by the build and the dev server alike, and are part of the page's render key.
import type { PageData, SidebarData, SidebarNode } from '../../src/data/types.ts';
import { escapeHtml } from './html-document.ts';

const PLACEHOLDER = '<div class="doc-cards" data-doc-cards=""></div>';

export interface DocCard {
  href: string;
  label: string;
  /** A doc's description, or a category's page count. */
  text?: string;
}

type Category = Extract<SidebarNode, { type: 'category' }>;

function categoryLinkingTo(nodes: SidebarNode[], route: string): Category | undefined {
  for (const node of nodes) {
    if (node.type !== 'category') continue;
    if (node.href === route) return node;
    const inside = categoryLinkingTo(node.items, route);
    if (inside) return inside;
  }
  return undefined;
}

const docsIn = (nodes: SidebarNode[]): string[] => nodes.flatMap((n) => (n.type === 'category' ? [...(n.href ? [n.href] : []), ...docsIn(n.items)] : n.docId ? [n.href] : []));

/** «3 страницы»: Russian plural forms. */
function pages(n: number): string {
  const ten = n % 10;
  const hundred = n % 100;
  const word = ten === 1 && hundred !== 11 ? 'страница' : ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14) ? 'страницы' : 'страниц';
  return `${n} ${word}`;
}

/** The cards of the category whose link is `route` in its sidebar; undefined when no category links to it. */
export function docCardsFor(route: string, sidebar: SidebarData | undefined, descriptionOf: (route: string) => string | undefined): DocCard[] | undefined {
  const category = sidebar && categoryLinkingTo(sidebar.items, route);
  if (!category) return undefined;
  return category.items.flatMap((item): DocCard[] => {
    if (item.type === 'link') {
      const text = item.docId ? descriptionOf(item.href) : undefined;
      return [{ href: item.href, label: item.label, ...(text ? { text } : {}) }];
    }
    const docs = docsIn(item.items);
    const href = item.href ?? docs[0];
    if (!href) return [];
    const count = new Set([...(item.href ? [item.href] : []), ...docs]).size;
    return [{ href, label: item.label, text: pages(count) }];
  });
}

/** The page's HTML with its `::doc-cards` filled (an empty list when the page is no category's link). */
export function fillDocCards(html: string, cards: DocCard[] | undefined): string {
  if (!html.includes(PLACEHOLDER)) return html;
  const list = (cards ?? []).map((c) => `<li><a class="doc-card" href="${escapeHtml(c.href)}"><span class="doc-card__title">${escapeHtml(c.label)}</span>`
    + `${c.text ? `<span class="doc-card__text">${escapeHtml(c.text)}</span>` : ''}</a></li>`).join('');
  // Navigation, as the sidebar is: a landmark of its own, and no page text for search (build/search/index.ts).
  return html.replaceAll(PLACEHOLDER, list ? `<nav class="doc-cards" aria-label="Страницы раздела"><ul>${list}</ul></nav>` : '');
}

/** What of the sidebar and the other pages a page's cards show: part of its render key. */
export function docCardsKey(cards: DocCard[] | undefined): string {
  return cards ? JSON.stringify(cards) : '';
}

/** For a site's pages: each page's cards, by route, for the pages that have a `::doc-cards`. */
export function docCardsOfPages(pages: PageData[], sidebarById: Map<string, SidebarData>, hasCards: (page: PageData) => boolean): Map<string, DocCard[] | undefined> {
  const description = new Map(pages.map((p) => [p.route, p.description]));
  const out = new Map<string, DocCard[] | undefined>();
  for (const page of pages) {
    if (!hasCards(page)) continue;
    out.set(page.route, docCardsFor(page.route, page.sidebarId ? sidebarById.get(page.sidebarId) : undefined, (r) => description.get(r)));
  }
  return out;
}

/**
 * The dev server's pages hold their compiled HTML: the ones with a `::doc-cards` not yet filled
 * get their cards (a page filled before and not compiled again keeps its cards).
 */
export function fillCardsOfPages(pages: PageData[], sidebarById: Map<string, SidebarData>): void {
  const byRoute = new Map(pages.map((p) => [p.route, p]));
  for (const [route, cards] of docCardsOfPages(pages, sidebarById, (p) => p.html.includes(PLACEHOLDER))) {
    const page = byRoute.get(route)!;
    page.html = fillDocCards(page.html, cards);
  }
}
