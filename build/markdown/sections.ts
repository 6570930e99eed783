// Groups a page's top-level content into one <section class="doc-section"> per h2, plus one for
// whatever comes before the first h2. The stylesheet lets the browser skip laying out sections
// far below the screen while the page loads (content-visibility), which is most of the first
// layout on a long reference page; src/client/deferred-layout.ts lays them out once the browser
// is idle. A page without h2 is left as it is: one screen or two, nothing worth deferring.
import type { Element, ElementContent, Root, RootContent } from 'hast';

const isH2 = (node: RootContent): node is Element => node.type === 'element' && node.tagName === 'h2';
const isBlank = (node: RootContent) => node.type === 'text' && node.value.trim() === '';

function section(): Element {
  return { type: 'element', tagName: 'section', properties: { className: ['doc-section'] }, children: [] };
}

export function rehypeSections() {
  return (tree: Root) => {
    if (!tree.children.some(isH2)) return;
    const grouped: RootContent[] = [];
    let current: Element | undefined;
    for (const node of tree.children) {
      if (isH2(node)) {
        current = section();
        grouped.push(current);
      } else if (!current) {
        // Line breaks before the first block stay where they are; anything else opens the
        // section of the introduction.
        if (isBlank(node)) {
          grouped.push(node);
          continue;
        }
        current = section();
        grouped.push(current);
      }
      current.children.push(node as ElementContent);
    }
    tree.children = grouped;
  };
}
