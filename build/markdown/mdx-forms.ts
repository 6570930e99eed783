// MDX is not read here: a page written for Docusaurus's MDX would lose text without a word
// (`import` lines shown as paragraphs, `<Tabs>` stripped so that both tabs' text runs together).
// So the MDX forms are errors with the file, the line and the way out.
import type { Html } from 'mdast';
import { BuildError } from '../errors.ts';

export const MIGRATE_HINT = 'npm run migrate -- <docusaurus site> <docs folder> converts the common Docusaurus forms';

/** Known Docusaurus components and what to write instead. */
const REPLACEMENTS: Record<string, string> = {
  Tabs: 'write the tabs as ::::tabs{group="…"} with :::tab{label="…"} blocks',
  TabItem: 'write each tab as :::tab{label="…"} inside ::::tabs',
  Admonition: 'write it as :::note[Title] (or tip, info, important, warning, danger)',
  Details: 'write it as <details><summary>…</summary>…</details>',
  CodeBlock: 'write it as a fenced code block with a title="…" meta',
  DocCardList: 'list the pages as links; the sidebar lists them too',
};

/** `import … from '…'` / `export …` lines outside code: the first one, or undefined. */
export function findModuleLine(markdown: string): { line: number; text: string } | undefined {
  if (!/^\s*(?:import|export)\s/m.test(markdown)) return undefined;
  let fence: string | null = null;
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const f = /^\s*(`{3,}|~{3,})/.exec(lines[i]);
    if (f) {
      if (fence === null) fence = f[1];
      else if (f[1][0] === fence[0] && f[1].length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null || /^ {4}|^\t/.test(lines[i])) continue;
    if (/^(?:import\s+(?:[\w*{}\s,]+\s+from\s+)?['"][^'"]+['"]|export\s+(?:const|let|var|function|default|\{))/.test(lines[i])) return { line: i + 1, text: lines[i].trim() };
  }
  return undefined;
}

export function rejectModuleLines(markdown: string, file: string, lineOffset: number): void {
  const found = findModuleLine(markdown);
  if (!found) return;
  throw new BuildError(`"${found.text}" is an MDX import/export; Markdown pages here have no modules`, file, found.line + lineOffset,
    `remove it: a partial is included with ::include{file="./_part.md"}, components are written as Markdown or directives (${MIGRATE_HINT})`);
}

/** A raw HTML node that opens a JSX component (a capitalised tag such as `<Tabs>` or `<Highlight color="red">`). */
export function rejectJsxComponent(node: Html, file: string, line: number | undefined): void {
  const m = /<([A-Z][\w.]*)(?=[\s/>])/.exec(node.value);
  if (!m) return;
  const name = m[1];
  const instead = REPLACEMENTS[name] ?? 'write it as Markdown or a directive, or remove it';
  throw new BuildError(`<${name}> is a JSX component (MDX); it would not be rendered here`, file, line, `${instead} (${MIGRATE_HINT})`);
}
