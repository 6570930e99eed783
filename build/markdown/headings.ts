// Gives headings stable ids (github-slugger keeps Cyrillic: "Установка агента" → "установка-агента"),
// appends a "#" anchor link, and collects the table of contents in document order.
import type { Root, Element, ElementContent } from 'hast';
import type { VFile } from 'vfile';
import GithubSlugger from 'github-slugger';
import { toString } from 'hast-util-to-string';
import { SKIP, visit } from 'unist-util-visit';

export interface TocEntry {
  id: string;
  text: string;
  level: number;
}

const HEADING = /^h([1-6])$/;

export function rehypeHeadings() {
  return (tree: Root, file: VFile) => {
    const slugger = new GithubSlugger();
    // Ids the author set by hand (raw HTML) are reserved first so generated ones never collide.
    visit(tree, 'element', (node) => {
      if (typeof node.properties?.id === 'string') slugger.slug(node.properties.id);
      if (node.tagName === 'pre') return SKIP; // highlighted code holds thousands of nodes and no headings
    });
    const toc: TocEntry[] = [];
    visit(tree, 'element', (node: Element) => {
      // GFM's footnote section has its own visually hidden heading: not part of the outline.
      if (node.tagName === 'section' && node.properties.dataFootnotes !== undefined) return SKIP;
      if (node.tagName === 'pre') return SKIP;
      const m = HEADING.exec(node.tagName);
      if (!m) return;
      const text = toString(node).trim();
      const id = typeof node.properties.id === 'string' ? node.properties.id : slugger.slug(text);
      node.properties.id = id;
      const level = Number(m[1]);
      if (level >= 2) toc.push({ id, text, level });
      const anchor: ElementContent = {
        type: 'element',
        tagName: 'a',
        properties: { className: ['hash-link'], href: `#${id}`, ariaLabel: `Прямая ссылка на раздел «${text}»` },
        children: [{ type: 'text', value: '#' }],
      };
      node.children.push(anchor);
    });
    file.data.toc = toc;
  };
}
