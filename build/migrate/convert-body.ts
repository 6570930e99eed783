// Converts the body of one Docusaurus page (front matter already taken off) to this generator's
// Markdown: walks the tree of text, code, JSX elements, expressions and admonitions, writing each
// piece back either as it was (text, code) or in our syntax (directives, plain HTML, Markdown).
// Containers are written with as many colons as their content needs, so nesting always parses.
import type { ReportItem } from './report.ts';
import { tokenize, type SyntaxMode } from './mdx-tokens.ts';
import { buildTree, type DirectiveNode, type ElementNode, type MdxNode } from './mdx-tree.ts';
import { GLOBAL_NAMES, readImport, type Binding, type BindingRole } from './imports.ts';
import { readLiteral } from './js-literal.ts';
import { blockContent, colonsAround, indentRest, linesWithCode } from './markdown-text.ts';
import { unconvertedBlock } from './unconverted.ts';
import { directiveLabel } from './jsx-attributes.ts';
import { convertElement } from './elements.ts';
import { ADMONITION_KINDS, admonitionKind } from './admonitions.ts';

export interface BodyEnv {
  mode: SyntaxMode;
  /** The site reads formulas (remark-math): `$…$` is TeX, its braces no expressions. */
  math?: boolean;
  /** The `::include` path (relative to the converted page) of a partial imported from `from`; undefined when there is no such file. */
  includePath(from: string): string | undefined;
  /** A file shown by a <CodeBlock> (raw-loader): its path for a `<<<` line, relative to the converted page; undefined when there is no such file. */
  snippetPath(from: string): string | undefined;
  /** `<DocCardList />`: the Markdown list of the links it stands for (build/migrate/doc-cards.ts); undefined when the folder has no other page. */
  docCards?(): string | undefined;
}

export interface BodyItem extends ReportItem {
  /** The marker on the title line of this item's block in the output (unconverted.ts). */
  marker?: number;
}

export interface ConvertedBody {
  markdown: string;
  items: BodyItem[];
}

/** A converted piece of the page: text that flows with what is around it, or a block that needs blank lines around it. */
export type Piece =
  | { block: false; text: string }
  /** `absolute`: the lines after the first already carry their indentation (an admonition's own lines). */
  | { block: true; text: string; absolute?: boolean };

export type Role = BindingRole | 'html' | 'fragment';

export class BodyConverter {
  readonly items: BodyItem[] = [];
  readonly bindings = new Map<string, Binding>();
  /** Blocks of things converted inline, waiting for the end of their paragraph. */
  private pending: string[] = [];
  private readonly lineStarts: number[] = [0];

  constructor(readonly body: string, readonly env: BodyEnv) {
    for (let i = body.indexOf('\n'); i !== -1; i = body.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  /** 1-based line of an offset in the body. */
  lineAt(offset: number): number {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  source(node: { start: number; end: number }): string {
    return this.body.slice(node.start, node.end);
  }

  roleOf(name: string): Role {
    if (name === '') return 'fragment';
    const bound = this.bindings.get(name);
    if (bound) return bound.role;
    if (name in GLOBAL_NAMES) return GLOBAL_NAMES[name];
    return /^[a-z][a-z0-9-]*$/.test(name) ? 'html' : 'other';
  }

  /** Whether the node has its lines to itself (only indentation before it, nothing after it). */
  isBlock(node: { start: number; end: number }): boolean {
    const lineStart = this.body.lastIndexOf('\n', node.start - 1) + 1;
    const nl = this.body.indexOf('\n', node.end);
    return this.body.slice(lineStart, node.start).trim() === '' && this.body.slice(node.end, nl === -1 ? undefined : nl).trim() === '';
  }

  /** The children of an element as the content of a block: dedented, without blank lines at the ends. */
  content(el: ElementNode): string {
    return blockContent(this.render(el.children));
  }

  report(item: BodyItem) {
    this.items.push(item);
  }

  /**
   * Keeps `node` on the page in a marked block with its source, and reports it. Inline, the
   * block waits for the end of the paragraph and `inline` stands in the text meanwhile.
   */
  unconverted(node: { start: number; end: number }, what: string, why: string, todo: string, inline?: string): Piece {
    const n = this.items.length;
    this.items.push({ kind: 'not-converted', sourceLine: this.lineAt(node.start), what, todo, marker: n });
    const block = unconvertedBlock(this.source(node), why, n);
    if (this.isBlock(node)) return { block: true, text: block };
    this.pending.push(block);
    const source = this.source(node).replace(/\s+/g, ' ');
    return { block: false, text: inline ?? inlineCode(source) };
  }

  /** Renders a run of sibling nodes, keeping blank lines around blocks. */
  render(nodes: MdxNode[]): string {
    let out = '';
    let needBlank = false;
    const outerPending = this.pending;
    this.pending = [];
    for (const node of nodes) {
      const piece = this.convertNode(node);
      if (piece.block) {
        if (this.pending.length > 0) out = appendBlocks(out, this.pending.splice(0));
        out = placeBlock(out, piece.text, piece.absolute);
        needBlank = true;
        continue;
      }
      let text = piece.text;
      if (needBlank && text.trim() !== '') {
        if (!/^[ \t]*\n[ \t]*\n/.test(text)) text = (/^[ \t]*\n/.test(text) ? '\n' : '\n\n') + text;
        needBlank = false;
      }
      if (this.pending.length > 0) {
        const paragraphEnd = text.search(/\n[ \t]*\n/);
        if (paragraphEnd !== -1) text = `${text.slice(0, paragraphEnd)}\n\n${this.pending.splice(0).join('\n\n')}${text.slice(paragraphEnd)}`;
      }
      out += text;
    }
    if (this.pending.length > 0) out = appendBlocks(out, this.pending.splice(0));
    this.pending = outerPending;
    return out;
  }

  private convertNode(node: MdxNode): Piece {
    switch (node.type) {
      case 'text':
        // CommonMark (.md with markdown.format: detect): a capitalised tag is just text there, and
        // this generator stops on one as a JSX component, so it is escaped to stay text.
        return { block: false, text: this.env.mode === 'md' ? this.source(node).replace(/<(?=\/?[A-Z])/g, '\\<') : this.source(node) };
      case 'code':
        return { block: false, text: this.source(node) };
      case 'esm':
        if (/^\s*import\s/.test(this.source(node))) return { block: false, text: '' };
        return this.unconverted(node, 'export statement', 'Оператор `export` не поддерживается: перенесите эти данные в текст страницы.',
          'move what it defines into the text');
      case 'expression':
        return this.convertExpression(node);
      case 'unmatched': {
        const tag = this.source(node);
        this.report({ kind: 'not-converted', sourceLine: this.lineAt(node.start), what: `unmatched tag ${tag.replace(/\s+/g, ' ')}`,
          todo: 'it is shown as text; close it or remove it' });
        return { block: false, text: tag.replace(/</g, '&lt;').replace(/\{/g, '\\{') };
      }
      case 'directive':
        return this.convertDirective(node);
      case 'element':
        return convertElement(this, node);
    }
  }

  private convertExpression(node: { start: number; end: number }): Piece {
    const inner = this.source(node).slice(1, -1).trim();
    if (inner === '') return { block: false, text: '' };
    // `{/* comment */}` is MDX's comment: an HTML comment says the same.
    if (/^\/\*[\s\S]*\*\/$/.test(inner) && !inner.slice(2, -2).includes('*/')) {
      return { block: false, text: `<!-- ${inner.slice(2, -2).trim().replace(/--+/g, '—')} -->` };
    }
    const literal = readLiteral(inner);
    if (literal && (typeof literal.value === 'string' || typeof literal.value === 'number')) {
      return { block: false, text: String(literal.value).replace(/</g, '&lt;').replace(/[{}]/g, '\\$&') };
    }
    const shown = inner.length > 40 ? `${inner.slice(0, 37)}…` : inner;
    return this.unconverted(node, `JS expression {${shown.replace(/\s+/g, ' ')}}`,
      'Выражение JavaScript не поддерживается: замените его текстом.', 'replace it with text');
  }

  private convertDirective(d: DirectiveNode): Piece {
    const inner = this.render(d.children);
    let kind = d.name;
    if (!ADMONITION_KINDS.includes(kind)) {
      kind = admonitionKind(d.name);
      this.report({ kind: 'not-converted', sourceLine: this.lineAt(d.start), what: `admonition kind ":::${d.name}"`,
        todo: `written as ":::${kind}"; use one of ${ADMONITION_KINDS.join(', ')}` });
    }
    const rest = d.rest.trim();
    // Docusaurus's `:::note Заголовок` is `:::note[Заголовок]` here; `[…]` and `{…}` stay as written.
    const label = rest === '' || /^[[{]/.test(d.rest) ? d.rest : directiveLabel(rest);
    const colons = colonsAround(inner);
    const closing = d.closed ? colons : `\n${colons}`;
    return { block: true, text: `${colons}${kind}${label}${inner}${closing}`, absolute: true };
  }
}

/** Backticks around text that may itself contain backticks. */
export function inlineCode(text: string): string {
  const runs = text.match(/`+/g) ?? [];
  const fence = '`'.repeat(Math.max(0, ...runs.map((r) => r.length)) + 1);
  return `${fence}${text.startsWith('`') || text.endsWith('`') ? ` ${text} ` : text}${fence}`;
}

/** Appends a block on its own lines, with a blank line before it, at the indentation of the current line. */
function placeBlock(out: string, block: string, absolute = false): string {
  const lineStart = out.lastIndexOf('\n') + 1;
  const current = out.slice(lineStart);
  if (current.trim() !== '') return `${out}\n\n${block}`;
  const before = out.slice(0, lineStart);
  const blank = before === '' || /\n[ \t]*\n$/.test(before) || before === '\n';
  return `${before}${blank ? '' : '\n'}${current}${absolute ? block : indentRest(block, current)}`;
}

/** Appends blocks at the end of what was written so far, before its trailing whitespace. */
function appendBlocks(out: string, blocks: string[]): string {
  const trailing = /\s*$/.exec(out)![0];
  const text = out.slice(0, out.length - trailing.length);
  const after = trailing === '' ? '' : trailing.includes('\n') ? trailing : `\n${trailing}`;
  return `${text}${text === '' ? '' : '\n\n'}${blocks.join('\n\n')}${after.startsWith('\n\n') || after === '' ? after : `\n${after}`}`;
}

/** Collapses runs of blank lines (outside code) left by removed imports, and ends with one newline. */
function tidy(markdown: string): string {
  const kept: string[] = [];
  for (const { line, inCode } of linesWithCode(markdown)) {
    const blank = !inCode && line.trim() === '';
    if (blank && (kept.length === 0 || kept[kept.length - 1].trim() === '')) continue;
    kept.push(blank ? '' : line); // trailing spaces stay: two of them are a line break
  }
  while (kept.length > 0 && kept[kept.length - 1] === '') kept.pop();
  return kept.length === 0 ? '' : `${kept.join('\n')}\n`;
}

export function convertBody(body: string, env: BodyEnv): ConvertedBody {
  const tokens = tokenize(body, env.mode, env.math);
  const converter = new BodyConverter(body, env);
  for (const t of tokens) {
    if (t.type !== 'esm') continue;
    for (const [name, binding] of readImport(body.slice(t.start, t.end))) converter.bindings.set(name, binding);
  }
  const markdown = converter.render(buildTree(tokens, body.length));
  return { markdown: tidy(markdown), items: converter.items };
}
