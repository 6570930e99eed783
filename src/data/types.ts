// The data the build hands to the layout, both in the server render and in the browser.
// Everything here is plain JSON: it is inlined into each page and written to _data/*.json.

export interface TocItem {
  id: string;
  text: string;
  level: number;
}

export interface NavLink {
  label: string;
  href: string;
}

export type SidebarNode =
  | { type: 'link'; label: string; href: string; /** set for docs: their id */ docId?: string }
  | {
      type: 'category';
      label: string;
      items: SidebarNode[];
      /** Collapsed by default; categories on the active page's path always open. */
      collapsed: boolean;
      collapsible: boolean;
      href?: string;
    };

export interface SidebarData {
  id: string;
  items: SidebarNode[];
  /**
   * A page's view of the sidebar (src/data/sidebar-view.ts): the items of the categories it shows
   * closed are left out, and the whole sidebar is loaded when they are needed.
   */
  partial?: true;
}

export type PageKind = 'doc' | 'markdown-page' | 'react-page' | 'not-found';

/** When a page's source last changed (its last commit, or front matter `last_update`). */
export interface LastUpdated {
  /** ISO 8601, as `<time datetime>` carries it. */
  datetime: string;
  /** The same date written for a Russian reader: "24 ноября 2026 г.". */
  text: string;
  /** Who made that change (docs.showLastUpdateAuthor). */
  author?: string;
}

export interface PageData {
  route: string;
  kind: PageKind;
  title: string;
  description?: string;
  /** Content HTML, produced once at build time; empty for React pages. */
  html: string;
  toc: TocItem[];
  unlisted: boolean;
  sidebarId?: string;
  breadcrumbs: NavLink[];
  prev?: NavLink;
  next?: NavLink;
  /** "Редактировать страницу": the source file on GitHub (docs only; absent when turned off). */
  editUrl?: string;
  lastUpdated?: LastUpdated;
  /** A doc's tags (front matter `tags`), each a link to its tag page. */
  tags?: NavLink[];
  /** `draft: true`: only ever built by the dev server, which shows a "Черновик" badge. */
  draft?: boolean;
  /** The page as plain Markdown (`<route>.md`), for the "Скопировать как Markdown" button. */
  markdownUrl?: string;
  /** Front matter `hide_title`: the title is not shown above the content (screen readers still get it). */
  hideTitle?: boolean;
  /** Front matter `image`: the full URL of the picture shown where the page is shared (og:image). */
  image?: string;
}

/**
 * What a page carries inline for hydration: its data minus the HTML already in the DOM, and its
 * view of its sidebar (what the sidebar shows on this page; the whole sidebar is a JSON file of
 * its own, loaded after hydration).
 */
export interface InitialData {
  page: Omit<PageData, 'html'>;
  sidebar?: SidebarData;
}
