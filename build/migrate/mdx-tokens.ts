// Splits the body of a Docusaurus page into the pieces the converter treats differently: plain
// Markdown text, code (fenced, inline, HTML comments: never touched), ESM lines (`import`,
// `export`), `{…}` expressions, JSX tags, and the `:::name` / `:::` lines of admonitions.
// No MDX parser is installed here (remark-mdx, acorn-jsx), so this is a careful hand scanner;
// MDX's JSX is line-oriented in practice and the scanner gives up on anything it cannot read by
// leaving it as text, so nothing is ever lost.
import { matchingBrace } from './js-literal.ts';

export type AttributeValue =
  | { kind: 'string'; value: string }
  | { kind: 'expression'; source: string }
  | { kind: 'boolean' };

export interface Attribute {
  /** Empty for a spread (`{...props}`), whose source is the expression. */
  name: string;
  value: AttributeValue;
}

interface Span {
  start: number;
  end: number;
}

export type Token =
  | (Span & { type: 'text' })
  | (Span & { type: 'code' })
  | (Span & { type: 'esm' })
  | (Span & { type: 'expression' })
  | (Span & { type: 'open'; name: string; attributes: Attribute[]; selfClosing: boolean })
  | (Span & { type: 'close'; name: string })
  | (Span & { type: 'directiveOpen'; colons: number; name: string; rest: string })
  | (Span & { type: 'directiveClose'; colons: number });

/** `mdx`: JSX and `{…}` are syntax (Docusaurus's default for .mdx and .md); `md`: CommonMark, braces and tags are text. */
export type SyntaxMode = 'mdx' | 'md';

const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})(.*)$/;
const DIRECTIVE_LINE = /^[ \t]*(:{3,})([A-Za-z][\w-]*)?(.*)$/;
const IMPORT = /^import\s+(?:[\w$*{][\s\S]*?\sfrom\s*)?(['"])[^'"\n]*\1[ \t]*;?/;
const EXPORT_START = /^export\s+(?:const|let|var|function|class|async|default|\{)/;
const HEADING_ID = /^\{#[^\s{}]+\}[ \t]*(?:\n|$)/;
const TAG_NAME = /^[A-Za-z][\w.-]*/;
const ATTRIBUTE_NAME = /^[A-Za-z_$][\w$:.-]*/;

function lineEnd(text: string, i: number): number {
  const nl = text.indexOf('\n', i);
  return nl === -1 ? text.length : nl;
}

/** The end of a fenced code block opened on the line at `i` (through its closing line), or -1. */
function fencedCode(text: string, i: number): number {
  const open = FENCE_OPEN.exec(text.slice(i, lineEnd(text, i)));
  if (!open || (open[1][0] === '`' && open[2].includes('`'))) return -1;
  const mark = open[1];
  let j = lineEnd(text, i);
  while (j < text.length) {
    const start = j + 1;
    j = lineEnd(text, start);
    const close = /^[ \t]*(`{3,}|~{3,})[ \t]*$/.exec(text.slice(start, j));
    if (close && close[1][0] === mark[0] && close[1].length >= mark.length) return j;
  }
  return text.length; // unclosed: CommonMark runs it to the end of the document
}

const MATH_OPEN = /^[ \t]{0,3}(\${2,})/;

/**
 * The end of a `$$` formula block opened on the line at `i` (through its closing line), or -1: in
 * a site that reads formulas (remark-math), its braces are TeX, not expressions.
 */
function mathBlock(text: string, i: number): number {
  const line = text.slice(i, lineEnd(text, i)).trimEnd();
  const open = MATH_OPEN.exec(line);
  // `$$x$$` on one line is a formula in the text (read below).
  if (!open || (line.trim().length > open[1].length && line.endsWith(open[1]))) return -1;
  let j = lineEnd(text, i);
  while (j < text.length) {
    const start = j + 1;
    j = lineEnd(text, start);
    const close = /^[ \t]*(\${2,})[ \t]*$/.exec(text.slice(start, j));
    if (close && close[1].length >= open[1].length) return j;
  }
  return text.length;
}

/** The end of an `export …` statement: brackets balanced and a `;` or a blank line reached. */
function exportEnd(text: string, i: number): number {
  let j = i;
  while (j < text.length) {
    const c = text[j];
    if (c === '{' || c === '[' || c === '(' || c === '"' || c === "'" || c === '`') {
      const end = c === '{' || c === '[' || c === '(' ? matchingBrace(text, j) : skipString(text, j);
      if (end === -1) return text.length;
      j = end;
      continue;
    }
    if (c === '\n') {
      const before = text.slice(i, j).trimEnd();
      const next = text.slice(j + 1, lineEnd(text, j + 1));
      if (before.endsWith(';') || next.trim() === '') return j;
    }
    j++;
  }
  return text.length;
}

function skipString(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === text[i]) return j + 1;
  }
  return -1;
}

/** Reads a JSX tag at `i` (`<Name a="1" b={x} c>`, `</Name>`, `<>`, `</>`), or null when it is not one. */
export function readTag(text: string, i: number): Token | null {
  let j = i + 1;
  const closing = text[j] === '/';
  if (closing) j++;
  const nameMatch = TAG_NAME.exec(text.slice(j, j + 200));
  const name = nameMatch ? nameMatch[0] : '';
  j += name.length;
  if (closing) {
    const m = /^\s*>/.exec(text.slice(j, j + 100));
    return m ? { type: 'close', name, start: i, end: j + m[0].length } : null;
  }
  if (name === '' && text[j] !== '>') return null;
  if (name !== '' && !/[\s/>]/.test(text[j] ?? '')) return null; // `<https://…>`, `<a@b.c>`: not tags
  const attributes: Attribute[] = [];
  for (;;) {
    while (j < text.length && /\s/.test(text[j])) j++;
    if (text[j] === '>') return { type: 'open', name, attributes, selfClosing: false, start: i, end: j + 1 };
    if (text[j] === '/' && text[j + 1] === '>') return { type: 'open', name, attributes, selfClosing: true, start: i, end: j + 2 };
    if (text[j] === '{') {
      const end = matchingBrace(text, j);
      if (end === -1 || !/^\{\s*\.\.\./.test(text.slice(j, end))) return null;
      attributes.push({ name: '', value: { kind: 'expression', source: text.slice(j, end) } });
      j = end;
      continue;
    }
    const attr = ATTRIBUTE_NAME.exec(text.slice(j, j + 200));
    if (!attr) return null;
    j += attr[0].length;
    let k = j;
    while (k < text.length && /\s/.test(text[k])) k++;
    if (text[k] !== '=') {
      attributes.push({ name: attr[0], value: { kind: 'boolean' } });
      continue;
    }
    k++;
    while (k < text.length && /\s/.test(text[k])) k++;
    if (text[k] === '"' || text[k] === "'") {
      const end = text.indexOf(text[k], k + 1);
      if (end === -1) return null;
      attributes.push({ name: attr[0], value: { kind: 'string', value: text.slice(k + 1, end) } });
      j = end + 1;
    } else if (text[k] === '{') {
      const end = matchingBrace(text, k);
      if (end === -1) return null;
      attributes.push({ name: attr[0], value: { kind: 'expression', source: text.slice(k, end) } });
      j = end;
    } else return null;
  }
}

/**
 * Splits a page body into tokens, in order, covering every character. With `math` (the site reads
 * formulas), `$…$` and `$$` blocks are code: never touched, their braces never expressions.
 */
export function tokenize(text: string, mode: SyntaxMode = 'mdx', math = false): Token[] {
  const tokens: Token[] = [];
  let textStart = 0;
  const push = (token: Token) => {
    if (token.start > textStart) tokens.push({ type: 'text', start: textStart, end: token.start });
    tokens.push(token);
    textStart = token.end;
  };
  let i = 0;
  while (i < text.length) {
    const atLineStart = i === 0 || text[i - 1] === '\n';
    if (atLineStart) {
      const fenceEnd = Math.max(fencedCode(text, i), math ? mathBlock(text, i) : -1);
      if (fenceEnd !== -1) {
        push({ type: 'code', start: i, end: fenceEnd });
        i = fenceEnd;
        continue;
      }
      if (mode === 'mdx') {
        const rest = text.slice(i, i + 2000);
        const imp = IMPORT.exec(rest);
        const end = imp ? i + imp[0].length : EXPORT_START.test(rest) ? exportEnd(text, i) : -1;
        if (end !== -1 && text.slice(end, lineEnd(text, end)).trim() === '') {
          push({ type: 'esm', start: i, end: lineEnd(text, end) });
          i = lineEnd(text, end);
          continue;
        }
      }
      const lineText = text.slice(i, lineEnd(text, i));
      const directive = DIRECTIVE_LINE.exec(lineText);
      if (directive && (directive[2] || directive[3].trim() === '')) {
        const indent = lineText.length - lineText.trimStart().length;
        const start = i + indent;
        const end = i + lineText.length;
        if (directive[2]) push({ type: 'directiveOpen', colons: directive[1].length, name: directive[2], rest: directive[3], start, end });
        else push({ type: 'directiveClose', colons: directive[1].length, start, end });
        i = end;
        continue;
      }
    }
    const c = text[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '`' || (math && c === '$')) {
      let n = 1;
      while (text[i + n] === c) n++;
      const closing = findRun(text, i + n, n, c);
      if (closing !== -1) {
        push({ type: 'code', start: i, end: closing + n });
        i = closing + n;
      } else i += n;
      continue;
    }
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      const stop = end === -1 ? text.length : end + 3;
      push({ type: 'code', start: i, end: stop });
      i = stop;
      continue;
    }
    if (mode === 'mdx' && c === '<') {
      const tag = readTag(text, i);
      if (tag) {
        push(tag);
        i = tag.end;
        continue;
      }
    }
    if (mode === 'mdx' && c === '{' && !isHeadingId(text, i)) {
      const end = matchingBrace(text, i);
      if (end !== -1) {
        push({ type: 'expression', start: i, end });
        i = end;
        continue;
      }
    }
    i++;
  }
  if (textStart < text.length) tokens.push({ type: 'text', start: textStart, end: text.length });
  return tokens;
}

/** The start of the next run of exactly `n` backticks (or dollar signs) within the paragraph, or -1. */
function findRun(text: string, from: number, n: number, mark: string): number {
  let i = from;
  while (i < text.length) {
    if (text[i] === '\n' && /^\n[ \t]*\n/.test(text.slice(i, i + 100))) return -1;
    if (text[i] === mark) {
      let m = 1;
      while (text[i + m] === mark) m++;
      if (m === n) return i;
      i += m;
    } else i++;
  }
  return -1;
}

/** `## Заголовок {#my-id}`: Docusaurus reads these braces as a heading id, not an expression. */
function isHeadingId(text: string, i: number): boolean {
  const lineStart = text.lastIndexOf('\n', i - 1) + 1;
  return /^[ \t]{0,3}#{1,6}[ \t]/.test(text.slice(lineStart, i)) && HEADING_ID.test(text.slice(i, i + 300));
}
