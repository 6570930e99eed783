// Gives headings stable ids (github-slugger keeps Cyrillic: "Установка агента" → "установка-агента"),
// appends a "#" anchor link, and collects the table of contents in document order.
import type { Element, ElementContent } from 'hast';
import GithubSlugger from 'github-slugger';
import { toString } from 'hast-util-to-string';

export interface TocEntry {
  id: string;
  text: string;
  level: number;
}

/** Where a heading stands in its file and the id it got: what `npm run write-heading-ids` writes. */
export interface PlacedHeading {
  id: string;
  /** Given by hand with `{#id}`. */
  custom: boolean;
  /** Its first and last line in the Markdown body (a setext heading's last is its underline). */
  start?: number;
  end?: number;
}

const HEADING = /^h([1-6])$/;

/** The id a heading with no letter or digit gets (the slugger numbers repeats: `раздел-1`). */
const UNNAMED_SECTION = 'раздел';

/**
 * Ids the page around the content has: the `<main>` the skip link goes to, React's root, the
 * route announcer, the lists of the doc sidebar and the mobile menu (src/theme), and each code
 * block's line-wrap switch (build/markdown/code.ts). A heading whose text would give one of them
 * gets the next free id instead (`## Main` → `main-1`): an id twice on a page is invalid HTML,
 * and a link to the heading would reach the layout's element. An id given by hand that is one
 * of them warns. test/build/fixture-build.test.ts keeps this list true: every id outside the
 * content of a built page must match it.
 */
export const LAYOUT_ID = /^(?:main|root|route-announcer|(?:doc-sidebar|mobile-sidebar)(?:-\d+)*|code-wrap-\d+)$/;

/** Per-page heading state: call `heading` for each h1–h6 in document order. */
export class HeadingIds {
  private slugger = new GithubSlugger();
  readonly toc: TocEntry[] = [];
  /** The ids headings have so far; an id given by hand twice (`{#same}`) lands in `repeated`. */
  private given = new Set<string>();
  readonly repeated: { id: string; line?: number }[] = [];
  /** Ids given by hand that the layout has too (LAYOUT_ID). */
  readonly layoutClashes: { id: string; line?: number }[] = [];
  /** Every heading given an id, in document order, when asked for (only `npm run write-heading-ids` asks). */
  readonly placed: PlacedHeading[] = [];

  constructor(private readonly recordPlaces = false) {}

  /** Ids written by hand (raw HTML) are reserved first so generated ones never collide. */
  reserve(id: string, line?: number) {
    this.slugger.slug(id);
    if (LAYOUT_ID.test(id)) this.layoutClashes.push({ id, line });
  }

  heading(node: Element): boolean {
    const m = HEADING.exec(node.tagName);
    if (!m) return false;
    const text = toString(node).trim();
    // `## Заголовок {#my-id}` (build/markdown/docusaurus-forms.ts): the author's id, reserved so
    // that a generated one never repeats it.
    const custom = node.properties.dataCustomId;
    delete node.properties.dataCustomId;
    if (typeof custom === 'string') this.slugger.slug(custom);
    let id = typeof custom === 'string' ? custom : typeof node.properties.id === 'string' ? node.properties.id : this.slugger.slug(text);
    if (typeof custom === 'string') {
      if (LAYOUT_ID.test(id)) this.layoutClashes.push({ id, line: node.position?.start.line });
    } else if (typeof node.properties.id !== 'string') {
      // A heading of emoji or punctuation alone (`## 🚀`) slugs to "" or "-1": an empty id is none,
      // and neither can be linked to. It is a numbered "раздел" instead.
      if (!/[\p{L}\p{N}]/u.test(id.replace(/-\d+$/, ''))) id = this.slugger.slug(UNNAMED_SECTION);
      // The slugger counts what it gave: asked again, it gives the text's next id (`main-1`).
      while (LAYOUT_ID.test(id)) id = this.slugger.slug(text);
    }
    if (this.given.has(id)) this.repeated.push({ id, line: node.position?.start.line });
    this.given.add(id);
    node.properties.id = id;
    if (this.recordPlaces) this.placed.push({ id, custom: typeof custom === 'string', start: node.position?.start.line, end: node.position?.end.line });
    const level = Number(m[1]);
    if (level >= 2) this.toc.push({ id, text, level });
    const anchor: ElementContent = {
      type: 'element',
      tagName: 'a',
      properties: { className: ['hash-link'], href: `#${id}`, ariaLabel: `Прямая ссылка на раздел «${text}»` },
      children: [{ type: 'text', value: '#' }],
    };
    node.children.push(anchor);
    return true;
  }
}

/**
 * A `::toc` placeholder (build/markdown/directives.ts, `data-inline-toc="min-max"`) made into the
 * page's contents: nested lists of links to the headings of those levels, in document order.
 */
export function fillInlineToc(node: Element, toc: TocEntry[]): void {
  const [min, max] = String(node.properties.dataInlineToc).split('-').map(Number);
  const root: Element = { type: 'element', tagName: 'ul', properties: {}, children: [] };
  // The open lists by level: an entry deeper than the last goes into a list inside the last item.
  const stack: { level: number; list: Element }[] = [{ level: min, list: root }];
  for (const entry of toc) {
    if (entry.level < min || entry.level > max) continue;
    while (stack.length > 1 && entry.level < stack[stack.length - 1].level) stack.pop();
    let top = stack[stack.length - 1];
    if (entry.level > top.level) {
      const parentItem = top.list.children[top.list.children.length - 1] as Element | undefined;
      if (parentItem) {
        const list: Element = { type: 'element', tagName: 'ul', properties: {}, children: [] };
        parentItem.children.push(list);
        top = { level: entry.level, list };
        stack.push(top);
      }
    }
    top.list.children.push({
      type: 'element', tagName: 'li', properties: {},
      children: [{ type: 'element', tagName: 'a', properties: { href: `#${entry.id}` }, children: [{ type: 'text', value: entry.text }] }],
    });
  }
  node.tagName = 'nav';
  node.properties = { className: ['inline-toc'], ariaLabel: 'Содержание страницы' };
  node.children = root.children.length ? [root] : [];
}
