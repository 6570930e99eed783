// Diagrams before the compile: the pages about to be compiled are looked through for ```mermaid
// blocks, and those the store lacks are drawn (build/diagrams/draw.ts).
import { diagramsDir } from '../markdown/diagram.ts';
import { drawMissingDiagrams } from './draw.ts';
import { diagramsOfPage, type PageText } from './find.ts';

/** Draws what `pages` show and the store lacks; returns how many diagrams were drawn. */
export async function drawDiagramsOf(pages: PageText[]): Promise<number> {
  const dir = diagramsDir();
  if (!dir || pages.length === 0) return 0;
  return drawMissingDiagrams(pages.flatMap(diagramsOfPage), dir);
}
