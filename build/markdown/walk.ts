// A plain pre-order tree walk. unist-util-visit builds a closure and redefines a function name
// for every node it passes, which made our own passes cost more than parsing; our plugins only
// need "enter each node, maybe skip its children, maybe replace it", so this is all they use.

export const SKIP = 'skip' as const;

interface Parent {
  children: Node[];
}
interface Node {
  type: string;
  children?: Node[];
}

/**
 * Calls `enter` for every node below `tree`, parents before children. `enter` may return SKIP
 * (do not descend) or a number (continue with that index in the parent, after replacing nodes).
 */
export function walk<N extends Node>(tree: N, enter: (node: Node, index: number, parent: Parent) => void | typeof SKIP | number): void {
  const children = tree.children;
  if (!children) return;
  let i = 0;
  while (i < children.length) {
    const node = children[i];
    const result = enter(node, i, tree as unknown as Parent);
    if (typeof result === 'number') {
      i = result;
      continue;
    }
    if (result !== SKIP && node.children) walk(node, enter);
    i++;
  }
}
