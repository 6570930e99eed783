// A ```mermaid block in a page, shown as its drawing: the two files build/diagrams/ keeps for it
// (light and dark), published as images with their size, as a themed image is. Drawn before the
// compile (build/diagrams/draw.ts); one the store does not have is left as code, with a warning.
import type { Code } from 'mdast';
import path from 'node:path';
import { warn, type CompileContext } from './context.ts';
import { publishedFile } from './links.ts';
import { themedVariants } from './directives.ts';
import { diagramFile, diagramKey, DIAGRAM_VARIANTS, type DiagramVariant } from '../diagrams/store.ts';

let storeDir: string | null = null;

/** The folder of drawn diagrams (part of the compile cache key), null where pages have none to show. */
export const diagramsDir = () => storeDir;

export function useDiagramsDir(dir: string | null): void {
  storeDir = dir;
}

/** What an image of it says to a reader who cannot see it: Mermaid's own `accTitle:`, else the fence's title, else the kind. */
function altOf(node: Code): string {
  const accTitle = /^\s*accTitle\s*:\s*(.+)$/m.exec(node.value)?.[1];
  const title = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)')/.exec(node.meta ?? '');
  return (accTitle ?? title?.[1] ?? title?.[2] ?? 'Диаграмма').trim();
}

/** The node that shows the diagram, or undefined (left as code) when it is not drawn. */
export function diagramFigure(node: Code, ctx: CompileContext): object | undefined {
  const key = diagramKey(node.value);
  const line = node.position?.start.line;
  const relative = (variant: DiagramVariant) => {
    const rel = path.relative(path.dirname(ctx.absPath), diagramFile(storeDir ?? '', key, variant)).split(path.sep).join('/');
    return rel.startsWith('.') ? rel : `./${rel}`;
  };
  const published = new Map(storeDir ? DIAGRAM_VARIANTS.map((variant) => [variant, publishedFile(relative(variant), ctx, 'img')] as const) : []);
  if (published.size === 0 || [...published.values()].some((file) => !file)) {
    warn(ctx, line, 'this Mermaid diagram is not drawn, and is shown as code (a page compiled on its own, outside a build); npm run build draws it');
    return undefined;
  }
  const variants = themedVariants(altOf(node), (variant) => published.get(variant)!);
  return { type: 'diagram', position: node.position, data: { hName: 'figure', hProperties: { className: ['themed-figure', 'diagram'] } }, children: variants };
}
