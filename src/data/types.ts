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
}

export type PageKind = 'doc' | 'markdown-page' | 'react-page' | 'not-found';

/** When a page's source last changed (its last commit, or front matter `last_update`). */
export interface LastUpdated {
  /** ISO 8601, as `<time datetime>` carries it. */
  datetime: string;
  /** The same date written for a Russian reader: "24 ноября 2026 г.". */
  text: string;
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
  /** The page as plain Markdown (`<route>.md`), for the "Скопировать как Markdown" button. */
  markdownUrl?: string;
}

/**
 * What a page carries inline for hydration: its data minus the HTML already in the DOM. The
 * sidebar comes from its own content-hashed JSON file, shared by every page and cached.
 */
export interface InitialData {
  page: Omit<PageData, 'html'>;
  /** URL of every sidebar's JSON, so the client can load the one a page needs. */
  sidebarUrls: Record<string, string>;
}
