// Code blocks: warn about languages we cannot highlight (they render as plain text), and wrap
// every <pre> with its optional title bar, a line-wrap toggle (CSS only) and a copy button (it
// works through one delegated click handler on the client, so content needs no per-block JavaScript).
import type { Code } from 'mdast';
import type { Root, Element } from 'hast';
import { warn, type CompileContext } from './context.ts';
import { DIFF_LINES } from './docusaurus-forms.ts';
import { isKnownLanguage } from './highlighter.ts';
import { mathEnabled } from './math.ts';
import { SKIP, walk } from './walk.ts';

export function checkCodeBlock(node: Code, ctx: CompileContext) {
  if (node.lang === 'math' && mathEnabled()) return; // a display formula, GitHub's way (build/markdown/math.ts)
  if (!node.lang) {
    warn(ctx, node.position?.start.line, 'code block without a language; name one (```bash, ```text, …)');
  } else if (!isKnownLanguage(node.lang.toLowerCase())) {
    warn(ctx, node.position?.start.line, `code language "${node.lang}" is not highlighted; it renders as plain text (languages: see site.config.ts prism.languages)`);
  } else if (node.lang !== node.lang.toLowerCase()) {
    node.lang = node.lang.toLowerCase();
  }
  warnPastLastLine(node, ctx);
  // rehype-sanitize rebuilds nodes and drops `data`, where remark-rehype keeps the fence's meta
  // string (`title="…" {1,3}`); park it in a data attribute across the sanitiser (see compile.ts).
  if (node.meta) node.data = { ...(node.data ?? {}), hProperties: { dataMeta: node.meta } };
}

/** A fence's highlighted lines, `{1,3-5}` (the highlight comments are turned into the same form). */
const HIGHLIGHT_RANGES = /(?:^|\s)\{([\d\s,-]+)\}(?=\s|$)/g;

/** `{9}` on a three-line block highlights nothing: a line count that no longer matches the code, said where it is. */
function warnPastLastLine(node: Code, ctx: CompileContext) {
  if (!node.meta?.includes('{')) return;
  const last = node.value.split('\n').length;
  const asked = [...node.meta.matchAll(HIGHLIGHT_RANGES)].flatMap((m) => m[1].split(/[,\s-]+/)).map(Number).filter((n) => n > 0);
  const past = Math.max(0, ...asked);
  if (past > last) warn(ctx, node.position?.start.line, `code block highlights line ${past}, but has ${last} line${last === 1 ? '' : 's'}; correct the line numbers in its {…}`);
}

export const CODE_TITLE = /\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))/;
const LINE_NUMBERS = /(?:^|\s)showLineNumbers(?:=\d+)?(?:\s|$)/;

/**
 * ```lang showLineNumbers (=N: from N): the highlighter numbers each line in a `line` attribute,
 * which HTML does not have; the number moves to data-line, which the CSS draws before the line.
 */
function numberLines(code: Element) {
  for (const line of code.children) {
    if (line.type !== 'element' || line.properties.line === undefined) continue;
    line.properties.dataLine = line.properties.line;
    delete line.properties.line;
    line.properties.className = ((line.properties.className as string[] | undefined) ?? []).filter((c) => c !== 'line-number');
  }
}

/**
 * The wrap toggle works without JavaScript: a checkbox before the <pre> (hidden but focusable;
 * `:checked ~ pre` in code.css wraps the lines) and its label, drawn as a button beside "copy".
 * A sibling rather than `:has()`, which Firefox lacked until 2023. Its id is unique on the page.
 */
function wrapToggle(n: number): { input: Element; label: Element } {
  const id = `code-wrap-${n}`;
  return {
    input: { type: 'element', tagName: 'input', properties: { type: 'checkbox', id, className: ['code-block__wrap-input', 'sr-only'] }, children: [] },
    label: {
      type: 'element', tagName: 'label', properties: { htmlFor: [id], className: ['code-block__wrap'], title: 'Переносить длинные строки' },
      children: [{ type: 'text', value: 'Перенос' }],
    },
  };
}

/** Lines marked added or removed (`// [!code ++]`, `// [!code --]`) get the colours a diff's lines have. */
function markDiffLines(code: Element, meta: string) {
  if (!meta.includes('diff-')) return;
  const lines = code.children.filter((c): c is Element => c.type === 'element');
  for (const [, kind, numbers] of meta.matchAll(DIFF_LINES)) {
    for (const n of numbers.split(',').map(Number)) {
      const line = lines[n - 1];
      if (!line) continue;
      // <ins>/<del>: said as such by screen readers, and drawn with a +/− (code.css), not told by colour alone.
      line.tagName = kind;
      line.properties.className = [...((line.properties.className as string[] | undefined) ?? []), kind === 'ins' ? 'inserted' : 'deleted'];
    }
  }
}

export function rehypeCodeBlocks() {
  return (tree: Root) => {
    let blocks = 0;
    walk(tree, (n, index, parent) => {
      const node = n as unknown as Element;
      if (node.type !== 'element' || node.tagName !== 'pre') return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      const meta = String((code?.data as { meta?: string } | undefined)?.meta ?? '');
      const title = CODE_TITLE.exec(meta);
      const titleText = title ? (title[1] ?? title[2] ?? title[3]) : undefined;
      if (code && LINE_NUMBERS.test(meta)) numberLines(code);
      if (code) markDiffLines(code, meta);
      const langClass = ((code?.properties.className as string[] | undefined) ?? []).find((c) => c.startsWith('language-'));
      const wrap = wrapToggle(++blocks);
      const children: Element[] = [wrap.input];
      if (titleText) {
        children.push({ type: 'element', tagName: 'div', properties: { className: ['code-block__title'] }, children: [{ type: 'text', value: titleText }] });
      }
      node.properties.tabIndex = 0; // scrollable regions must be reachable by keyboard
      const copy: Element = {
        type: 'element',
        tagName: 'button',
        properties: { type: 'button', className: ['code-block__copy'], ariaLabel: 'Копировать код', title: 'Копировать' },
        children: [{ type: 'text', value: 'Копировать' }],
      };
      children.push(node, { type: 'element', tagName: 'div', properties: { className: ['code-block__actions'] }, children: [wrap.label, copy] });
      (parent.children as unknown[])[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['code-block', ...(langClass ? [`code-block--${langClass.slice(9)}`] : [])], ...(langClass ? { dataLanguage: langClass.slice(9) } : {}) },
        children,
      };
      return SKIP;
    });
  };
}
