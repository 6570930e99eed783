// The ```mermaid blocks of pages and of the fragments they include, found before the compile
// (which runs in worker threads, synchronously, and cannot wait for a browser): parsed as the
// compile parses them, so that a block's text, and so its key, is the one the compile will see.
import type { Code } from 'mdast';
import path from 'node:path';
import { fragmentBody, includedFiles, parseMarkdown } from '../markdown/includes.ts';
import { normaliseForeignForms } from '../markdown/preprocess.ts';
import { walk } from '../markdown/walk.ts';
import { DIAGRAM_LANGUAGE, diagramKey } from './store.ts';

export interface FoundDiagram {
  key: string;
  source: string;
  /** Where it is written (the page, or a fragment it includes), under the project, and the line of its fence. */
  file: string;
  line: number;
}

export interface PageText {
  file: string;
  absPath: string;
  body: string;
  bodyLineOffset: number;
}

/** A cheap test first: most pages have no diagram, and are not parsed here at all. */
const mayHaveDiagram = (text: string) => text.includes(DIAGRAM_LANGUAGE);

function diagramsInText(text: string, file: string, lineOffset: number, out: FoundDiagram[]): void {
  if (!mayHaveDiagram(text)) return;
  walk(parseMarkdown(text), (node) => {
    if (node.type !== 'code' || (node as Code).lang !== DIAGRAM_LANGUAGE) return;
    const code = node as Code;
    out.push({ key: diagramKey(code.value), source: code.value, file, line: (code.position?.start.line ?? 1) + lineOffset });
  });
}

/** Every diagram a page shows: its own, then its fragments'. */
export function diagramsOfPage(page: PageText): FoundDiagram[] {
  const out: FoundDiagram[] = [];
  // Read once: a page's body is decoded from its bytes each time it is asked for (build/model/content.ts).
  const body = page.body;
  // Normalising foreign forms never writes the diagram's language where the text lacks it.
  if (mayHaveDiagram(body)) diagramsInText(normaliseForeignForms(body), page.file, page.bodyLineOffset, out);
  if (!body.includes('::include')) return out;
  // The project's root, for naming a fragment as the page is named.
  const root = page.absPath.slice(0, page.absPath.length - page.file.length);
  // Fragments only (a snippet's file is code, not Markdown), each read once; a missing one is the compile's to report.
  includedFiles(page.absPath, body, (fragment, text) => {
    const { body, lineOffset } = fragmentBody(text);
    diagramsInText(body, path.relative(root, fragment).split(path.sep).join('/'), lineOffset, out);
  });
  return out;
}
