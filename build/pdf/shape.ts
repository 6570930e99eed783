// What the guide's layout depends on in the sidebars, apart from pdfkit: the build's thread
// compares shapes (build/pdf/stream.ts) and must not load the PDF library to do so — pdfkit and
// its fonts' code cost that thread ~0.1 s at start, and a build without the guide none at all.
import type { SidebarNode } from '../../src/data/types.ts';

/** Whether a sidebar item is a page of the guide: a doc whose page the guide has. */
export const inGuide = (n: SidebarNode, routes: ReadonlySet<string>) => n.type === 'link' && !!n.docId && routes.has(n.href);

/**
 * The sidebars without their labels: what the drawing of the guide depends on besides its pages.
 * A draft started from one plan can be finished with sidebars of the same shape.
 */
export function guideShape(sidebars: SidebarNode[][], routes: ReadonlySet<string>): string {
  const shape = (nodes: SidebarNode[]): unknown[] => nodes.map((n) => (n.type === 'category' ? shape(n.items) : inGuide(n, routes) ? n.href : 0));
  return JSON.stringify(sidebars.map(shape));
}
