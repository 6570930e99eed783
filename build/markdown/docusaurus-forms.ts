// Forms authors bring from Docusaurus, VitePress and GitHub, read as they are meant there:
//  - GitHub alerts `> [!NOTE]` (TIP, IMPORTANT, WARNING, CAUTION) become our admonitions;
//  - a heading's `{#my-id}` sets its id (the braces are not shown);
//  - code comments `// highlight-next-line`, `// highlight-start` … `// highlight-end` (or `#`,
//    `<!-- -->`, `/* */` forms) highlight lines and are removed from the shown and copied code;
//    so are VitePress's `// [!code highlight]`, `// [!code ++]` and `// [!code --]` at a line's end;
//  - VitePress's ```` ```ts:line-numbers ```` (`=N` to count from N; `:no-line-numbers`) is our `showLineNumbers`.
import type { Blockquote, Code, Heading, Paragraph, Text } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';

const ALERTS: Record<string, string> = { NOTE: 'note', TIP: 'tip', IMPORTANT: 'important', WARNING: 'warning', CAUTION: 'danger' };
const ALERT_MARK = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(?:\r?\n|$)/i;

/** Turns a GitHub alert blockquote into the admonition directive it means, in place; false when it is a plain quote. */
export function alertToAdmonition(node: Blockquote): boolean {
  const first = node.children[0] as Paragraph | undefined;
  const text = first?.type === 'paragraph' ? (first.children[0] as Text | undefined) : undefined;
  const mark = text?.type === 'text' ? ALERT_MARK.exec(text.value) : null;
  if (!first || !text || !mark) return false;
  text.value = text.value.slice(mark[0].length);
  if (text.value === '') first.children.shift();
  const children = first.children.length === 0 ? node.children.slice(1) : node.children;
  const directive = node as unknown as ContainerDirective;
  directive.type = 'containerDirective';
  directive.name = ALERTS[mark[1].toUpperCase()];
  directive.attributes = {};
  directive.children = children as ContainerDirective['children'];
  return true;
}

const CUSTOM_ID = /[ \t]*\{#([^\s{}]+)\}[ \t]*$/;

/** Whether a heading ends with `{#id}` (what takeCustomHeadingId would take), the heading untouched. */
export function hasCustomHeadingId(node: Heading): boolean {
  const last = node.children.at(-1);
  return last?.type === 'text' && CUSTOM_ID.test(last.value);
}

/** `## Заголовок {#my-id}`: strips the braces and carries the id (through the sanitiser, as data) to headings.ts. */
export function takeCustomHeadingId(node: Heading): string | undefined {
  const last = node.children.at(-1);
  if (last?.type !== 'text') return undefined;
  const m = CUSTOM_ID.exec(last.value);
  if (!m) return undefined;
  last.value = last.value.slice(0, m.index);
  if (last.value === '') node.children.pop();
  node.data = { ...(node.data ?? {}), hProperties: { ...((node.data as { hProperties?: object } | undefined)?.hProperties ?? {}), dataCustomId: m[1] } };
  return m[1];
}

const MAGIC = /^\s*(?:\/\/|#|--|;|<!--|\/\*)\s*highlight-(next-line|start|end)\s*(?:-->|\*\/)?\s*$/;

/**
 * VitePress's marks at the end of a line: `// [!code highlight]` (`hl`, and `focus`, `error`,
 * `warning`, which are read as highlights here), `// [!code ++]` and `// [!code --]` (a line added
 * or removed, drawn as a diff is).
 */
const LINE_MARK = /[ \t]*(?:\/\/|#|--|;|<!--|\/\*)[ \t]*\[!code[ \t]+(highlight|hl|focus|error|warning|\+\+|--)\][ \t]*(?:-->|\*\/)?[ \t]*$/;

/** Lines added and removed (`// [!code ++]`, `// [!code --]`), kept in the meta where build/markdown/code.ts reads them. */
export const DIFF_LINES = /(?:^|\s)diff-(ins|del)=([\d,]+)(?=\s|$)/g;

/**
 * Removes the highlight comments (Docusaurus's lines, VitePress's marks) from a code block, adds
 * the lines they mark to its `{…}` range, which rehype-prism-plus highlights, and the lines marked
 * added or removed to `diff-ins=…`/`diff-del=…`. Returns the highlighted line numbers it added.
 */
export function applyHighlightComments(node: Code, { keepDiffMarks = false } = {}): number[] {
  const docusaurus = node.value.includes('highlight-');
  const vitepress = node.value.includes('[!code');
  if (!docusaurus && !vitepress) return [];
  const kept: string[] = [];
  const marked: number[] = [];
  const diff = { ins: [] as number[], del: [] as number[] };
  let changed = false;
  let next = false;
  let inRange = false;
  for (const line of node.value.split('\n')) {
    const m = docusaurus ? MAGIC.exec(line) : null;
    if (m) {
      if (m[1] === 'next-line') next = true;
      else inRange = m[1] === 'start';
      changed = true;
      continue;
    }
    const found = vitepress ? LINE_MARK.exec(line) : null;
    // The page's Markdown for machines keeps `[!code ++]`/`[!code --]`: a comment in the code's own
    // language that still says which line goes and which comes, where the site draws a sign.
    const mark = found && !(keepDiffMarks && (found[1] === '++' || found[1] === '--')) ? found : null;
    kept.push(mark ? line.slice(0, mark.index) : line);
    if (mark) changed = true;
    if (mark?.[1] === '++') diff.ins.push(kept.length);
    else if (mark?.[1] === '--') diff.del.push(kept.length);
    else if (next || inRange || mark) marked.push(kept.length);
    next = false;
  }
  if (!changed) return [];
  node.value = kept.join('\n');
  let meta = node.meta ?? '';
  if (marked.length > 0) {
    const range = /\{([\d,\s-]*)\}/.exec(meta);
    meta = range
      ? `${meta.slice(0, range.index)}{${[range[1].trim(), ...marked].filter(Boolean).join(',')}}${meta.slice(range.index + range[0].length)}`
      : `${meta} {${marked.join(',')}}`;
  }
  for (const kind of ['ins', 'del'] as const) if (diff[kind].length > 0) meta += ` diff-${kind}=${diff[kind].join(',')}`;
  node.meta = meta.trim() || null;
  return marked;
}

const LANGUAGE_FLAG = /^([^:\s]+):(line-numbers|no-line-numbers)(?:=(\d+))?$/;

/** ```` ```hcl:line-numbers=5 ```` → language `hcl`, meta `showLineNumbers=5`, in place. */
export function takeLanguageFlag(node: Code): void {
  const m = node.lang ? LANGUAGE_FLAG.exec(node.lang) : null;
  if (!m) return;
  node.lang = m[1];
  if (m[2] === 'line-numbers') node.meta = `${node.meta ?? ''} showLineNumbers${m[3] ? `=${m[3]}` : ''}`.trim();
}
