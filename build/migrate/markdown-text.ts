// Small operations on Markdown text that must know where fenced code is, because inside a fence
// nothing is Markdown: indentation to remove, directive fences to count.

const FENCE = /^[ \t]*(`{3,}|~{3,})/;

/** Each line of the text with whether it is the content of a fenced code block (fence lines are not). */
export function linesWithCode(text: string): { line: string; inCode: boolean }[] {
  let open: string | null = null;
  return text.split('\n').map((line) => {
    const f = FENCE.exec(line);
    if (open === null) {
      if (f) open = f[1];
      return { line, inCode: false };
    }
    if (f && f[1][0] === open[0] && f[1].length >= open.length && line.trim() === f[1]) {
      open = null;
      return { line, inCode: false };
    }
    return { line, inCode: true };
  });
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/**
 * Removes the indentation JSX children carry in MDX (`<TabItem>` content indented under its tag):
 * here four spaces would make an indented code block. Code lines lose at most as much as their
 * fence (CommonMark's rule), so their own indentation stays.
 */
export function dedent(text: string): string {
  const lines = linesWithCode(text);
  const measured = lines.filter((l) => !l.inCode && l.line.trim() !== '');
  if (measured.length === 0) return text;
  const cut = Math.min(...measured.map((l) => indentOf(l.line)));
  if (cut === 0) return text;
  return lines.map(({ line }) => line.slice(Math.min(cut, indentOf(line)))).join('\n');
}

/** Drops blank lines at both ends, and trailing spaces of the last line. */
export function trimBlankLines(text: string): string {
  return text.replace(/^(?:[ \t]*\n)+/, '').replace(/\s+$/, '');
}

/**
 * Dedented, trimmed content of a block: what goes between the fences of a container. Text on the
 * opening tag's own line (`<TabItem value="a">Text`) starts the content; the lines after it are
 * dedented together.
 */
export function blockContent(text: string): string {
  const nl = text.indexOf('\n');
  const first = nl === -1 ? text : text.slice(0, nl);
  const rest = nl === -1 ? '' : dedent(text.slice(nl + 1));
  if (first.trim() === '') return trimBlankLines(rest);
  return trimBlankLines(rest === '' ? first.trim() : `${first.trim()}\n${rest}`);
}

/** The largest number of colons of a directive fence in the text (outside code), 0 when none. */
export function deepestColons(text: string): number {
  let most = 0;
  for (const { line, inCode } of linesWithCode(text)) {
    const m = /^[ \t]*(:{3,})/.exec(line);
    if (!inCode && m) most = Math.max(most, m[1].length);
  }
  return most;
}

/** Colons for a container holding `content`: one more than any container inside it, at least three. */
export function colonsAround(content: string): string {
  return ':'.repeat(Math.max(3, deepestColons(content) + 1));
}

/** A backtick fence longer than any backtick run inside `content`. */
export function fenceFor(content: string): string {
  const runs = content.match(/`+/g) ?? [];
  return '`'.repeat(Math.max(3, ...runs.map((r) => r.length + 1)));
}

/** Indents every line but the first (which continues the current line) by `indent`. */
export function indentRest(text: string, indent: string): string {
  if (!indent) return text;
  return text.split('\n').map((l, i) => (i === 0 || l.trim() === '' ? l : indent + l)).join('\n');
}
