// Where drawn diagrams are kept: `docs/_diagrams/<key>.light.svg` and `.dark.svg`, one pair per
// ```mermaid block's text. The folder is committed with the docs, so that a build anywhere else
// (CI, an operator's machine) finds every diagram drawn and never needs a browser; only a new or
// changed diagram is drawn, by the machine of the author who wrote it.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The fence language of a diagram. */
export const DIAGRAM_LANGUAGE = 'mermaid';

/** The folder under the docs; its name starts with "_", so nothing in it is a page. */
export const DIAGRAMS_FOLDER = '_diagrams';

/**
 * Part of every key: raised when the way diagrams are drawn changes (theme, fonts, the styles
 * written into the SVG), so that each is drawn again rather than kept in the old look.
 */
const DRAWING = 'mermaid-1';

/** A diagram's key: its text's hash (the same text is one diagram, wherever it is written). */
export const diagramKey = (source: string) => createHash('sha256').update(`${DRAWING}\n${source}`).digest('hex').slice(0, 16);

export type DiagramVariant = 'light' | 'dark';
export const DIAGRAM_VARIANTS: DiagramVariant[] = ['light', 'dark'];

export const diagramFile = (dir: string, key: string, variant: DiagramVariant) => path.join(dir, `${key}.${variant}.svg`);

/** Both variants are there. */
export const isDrawn = (dir: string, key: string) => DIAGRAM_VARIANTS.every((v) => existsSync(diagramFile(dir, key, v)));
