// Nests the scanner's tokens: a JSX element holds what is between its opening and closing tags,
// an admonition (`:::note` … `:::`) what is between its fences. Tags that never close, and
// closers with no opener, stay in the tree as `unmatched` so the converter can keep them visibly.
import type { Attribute, Token } from './mdx-tokens.ts';

export interface ElementNode {
  type: 'element';
  name: string;
  attributes: Attribute[];
  children: MdxNode[];
  /** Offsets in the body: from `<` of the opening tag to `>` of the closing one. */
  start: number;
  end: number;
  /** Where the children are: between the opening tag's end and the closing tag's start. */
  innerStart: number;
  innerEnd: number;
  selfClosing: boolean;
}

export interface DirectiveNode {
  type: 'directive';
  name: string;
  colons: number;
  /** What follows the name on the opening line: ` Title`, `[Title]`, `{…}`. */
  rest: string;
  children: MdxNode[];
  start: number;
  end: number;
  /** False when the document ended first (remark-directive closes it there too). */
  closed: boolean;
}

export type LeafNode =
  | { type: 'text' | 'code' | 'esm' | 'expression'; start: number; end: number }
  /** A tag that is not part of a pair: an opener never closed, a closer never opened. */
  | { type: 'unmatched'; start: number; end: number };

export type MdxNode = ElementNode | DirectiveNode | LeafNode;

/** HTML elements that never have children: `<br>` without a slash is complete in Markdown. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

type Frame = { node: ElementNode | DirectiveNode | null; children: MdxNode[] };

export function buildTree(tokens: Token[], bodyLength: number): MdxNode[] {
  const root: Frame = { node: null, children: [] };
  const stack: Frame[] = [root];
  const top = () => stack[stack.length - 1];

  // An element whose closer never came: its opening tag is kept as unmatched, its children move up.
  const abandon = (frame: Frame) => {
    const el = frame.node as ElementNode;
    top().children.push({ type: 'unmatched', start: el.start, end: el.innerStart }, ...frame.children);
  };
  const closeDirective = (frame: Frame, end: number, closed: boolean) => {
    const d = frame.node as DirectiveNode;
    d.children = frame.children;
    d.end = end;
    d.closed = closed;
    top().children.push(d);
  };

  for (const t of tokens) {
    switch (t.type) {
      case 'open': {
        const el: ElementNode = {
          type: 'element', name: t.name, attributes: t.attributes, children: [], start: t.start, end: t.end,
          innerStart: t.end, innerEnd: t.end, selfClosing: t.selfClosing || VOID.has(t.name.toLowerCase()),
        };
        if (el.selfClosing) top().children.push(el);
        else stack.push({ node: el, children: [] });
        break;
      }
      case 'close': {
        const at = stack.findLastIndex((f) => f.node?.type === 'element' && f.node.name === t.name);
        // A closer may not reach across an open admonition: that would interleave the two.
        const blocked = at !== -1 && stack.slice(at + 1).some((f) => f.node?.type === 'directive');
        if (at <= 0 || blocked) {
          if (VOID.has(t.name.toLowerCase())) break; // `</br>`, `<img></img>`: nothing to keep
          top().children.push({ type: 'unmatched', start: t.start, end: t.end });
          break;
        }
        while (stack.length - 1 > at) abandon(stack.pop()!);
        const frame = stack.pop()!;
        const el = frame.node as ElementNode;
        el.children = frame.children;
        el.innerEnd = t.start;
        el.end = t.end;
        top().children.push(el);
        break;
      }
      case 'directiveOpen':
        stack.push({
          node: { type: 'directive', name: t.name, colons: t.colons, rest: t.rest, children: [], start: t.start, end: t.end, closed: false },
          children: [],
        });
        break;
      case 'directiveClose': {
        const frame = top();
        if (frame.node?.type === 'directive' && frame.node.colons <= t.colons) {
          stack.pop();
          closeDirective(frame, t.end, true);
        } else {
          top().children.push({ type: 'text', start: t.start, end: t.end });
        }
        break;
      }
      default:
        top().children.push({ type: t.type, start: t.start, end: t.end });
    }
  }
  while (stack.length > 1) {
    const frame = stack.pop()!;
    if (frame.node?.type === 'directive') closeDirective(frame, bodyLength, false);
    else abandon(frame);
  }
  return root.children;
}
