// `::doc-cards` (Docusaurus's <DocCardList />): on the page a sidebar category links to, a card for
// each of that category's items, with its label and the page's description (or, for a
// sub-category, how many pages it holds). The compile leaves a marked, empty <div>
// (build/markdown/directives.ts); the cards depend on the sidebar, so they are put in when the
// page is rendered, by the build and the dev server alike, and are part of the page's render key.
import type { PageData, SidebarData, SidebarNode } from '../../src/data/types.ts';
import { escapeHtml } from './html-document.ts';
import { pageCount } from '../../src/data/locale.ts';

const PLACEHOLDER = '<div class="doc-cards" data-doc-cards=""></div>';

export interface DocCard {
  href: string;
  label: string;
  /** A doc's description, or a category's page count. */
  text?: string;
}

type Category = Extract<SidebarNode, { type: 'category' }>;

/**
 * A sidebar's categories by the page they link to (the first in sidebar order, as a reader meets
 * them), made once per sidebar: looked up for every page with cards, a walk of the sidebar each
 * time cost 6 ms per dev rebuild on a 10 000-page site with 400 categories.
 */
const categoriesByLink = new WeakMap<SidebarData, Map<string, Category>>();
function categoryLinkingTo(sidebar: SidebarData, route: string): Category | undefined {
  let byLink = categoriesByLink.get(sidebar);
  if (!byLink) {
    const index = (byLink = new Map());
    const walk = (nodes: SidebarNode[]) => {
      for (const node of nodes) {
        if (node.type !== 'category') continue;
        if (node.href !== undefined && !index.has(node.href)) index.set(node.href, node);
        walk(node.items);
      }
    };
    walk(sidebar.items);
    categoriesByLink.set(sidebar, byLink);
  }
  return byLink.get(route);
}

const docsIn = (nodes: SidebarNode[]): string[] => nodes.flatMap((n) => (n.type === 'category' ? [...(n.href ? [n.href] : []), ...docsIn(n.items)] : n.docId ? [n.href] : []));

/** The cards of the category whose link is `route` in its sidebar; undefined when no category links to it. */
export function docCardsFor(route: string, sidebar: SidebarData | undefined, descriptionOf: (route: string) => string | undefined): DocCard[] | undefined {
  const category = sidebar && categoryLinkingTo(sidebar, route);
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
    return [{ href, label: item.label, text: pageCount(count) }];
  });
}

/** The cards of a tag's page (build/model/tags.ts): its docs, by title, each with its description. */
function tagCards(routes: string[], pageOf: (route: string) => PageData | undefined): DocCard[] {
  return routes.flatMap((href): DocCard[] => {
    const page = pageOf(href);
    return page ? [{ href, label: page.title, ...(page.description ? { text: page.description } : {}) }] : [];
  }).sort((a, b) => byTitle(a.label, b.label) || (a.href < b.href ? -1 : 1));
}
const byTitle = new Intl.Collator('ru').compare;

/** Whether a page's compiled HTML has a `::doc-cards` to fill (its final HTML depends on other pages). */
export const hasDocCards = (html: string) => html.includes(PLACEHOLDER);

/**
 * The page's HTML with its `::doc-cards` filled (an empty list when the page is no category's
 * link); forTag: a tag's page, whose list a screen reader announces as the tag's pages.
 */
export function fillDocCards(html: string, cards: DocCard[] | undefined, forTag = false): string {
  if (!hasDocCards(html)) return html;
  const list = (cards ?? []).map((c) => `<li><a class="doc-card" href="${escapeHtml(c.href)}"><span class="doc-card__title">${escapeHtml(c.label)}</span>`
    + `${c.text ? `<span class="doc-card__text">${escapeHtml(c.text)}</span>` : ''}</a></li>`).join('');
  // Navigation, as the sidebar is: a landmark of its own, and no page text for search (build/search/index.ts).
  return html.replaceAll(PLACEHOLDER, list ? `<nav class="doc-cards" aria-label="${forTag ? 'Страницы с этим тегом' : 'Страницы раздела'}"><ul>${list}</ul></nav>` : '');
}

/** What of the sidebar and the other pages a page's cards show: part of its render key. */
export function docCardsKey(cards: DocCard[] | undefined): string {
  return cards ? JSON.stringify(cards) : '';
}

/**
 * For a site's pages: each page's cards, by route, for the pages that have a `::doc-cards` — a
 * tag's page (docsOfTag: its docs by the tag page's route) shows that tag's docs, any other page
 * the items of the sidebar category that links to it.
 */
export function docCardsOfPages(pages: PageData[], sidebarById: Map<string, SidebarData>, hasCards: (page: PageData) => boolean, docsOfTag: Map<string, string[]>): Map<string, DocCard[] | undefined> {
  let byRoute: Map<string, PageData> | undefined; // made for the first page with cards: most pages have none
  const out = new Map<string, DocCard[] | undefined>();
  for (const page of pages) {
    if (!hasCards(page)) continue;
    byRoute ??= new Map(pages.map((p) => [p.route, p]));
    const tagged = docsOfTag.get(page.route);
    const pageOf = byRoute;
    out.set(page.route, tagged ? tagCards(tagged, (r) => pageOf.get(r))
      : docCardsFor(page.route, page.sidebarId ? sidebarById.get(page.sidebarId) : undefined, (r) => pageOf.get(r)?.description));
  }
  return out;
}

/**
 * The dev server's pages: each page with a `::doc-cards` (hasCards) gets its cards, filled into
 * its compiled HTML (compiledHtmlOf), when it has none yet or they are not the ones it shows —
 * a card's page may have a new description while the page itself was not compiled again.
 * shown: the cards each route shows, kept by the caller between rebuilds and updated here. A
 * page whose cards change is a new object in `pages` (the rendered one stays as it was, to compare);
 * returns the routes whose cards changed.
 */
export function fillCardsOfPages(pages: PageData[], sidebarById: Map<string, SidebarData>, docsOfTag: Map<string, string[]>,
  hasCards: (page: PageData) => boolean, compiledHtmlOf: (route: string) => string, shown = new Map<string, string>()): Set<string> {
  const cards = docCardsOfPages(pages, sidebarById, hasCards, docsOfTag);
  const changed = new Set<string>();
  pages.forEach((page, i) => {
    if (!cards.has(page.route)) return;
    const key = docCardsKey(cards.get(page.route));
    if (!page.html.includes(PLACEHOLDER) && shown.get(page.route) === key) return;
    if (shown.has(page.route) && shown.get(page.route) !== key) changed.add(page.route);
    shown.set(page.route, key);
    pages[i] = { ...page, html: fillDocCards(compiledHtmlOf(page.route), cards.get(page.route), docsOfTag.has(page.route)) };
  });
  return changed;
}
