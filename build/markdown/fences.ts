// The lines of a Markdown text outside fenced code blocks: what the readers that work line by
// line before parsing look at (include lines, snippet lines, other generators' forms), so that a
// fence showing such a line keeps it as it is.
const FENCE = /^\s*(`{3,}|~{3,})/;

/**
 * Calls `visit` with every line outside fenced code and its index (0-based); a string it returns
 * replaces that line. Returns the text, the same string when no line was replaced.
 */
export function mapLinesOutsideFences(markdown: string, visit: (line: string, index: number) => string | void): string {
  let fence: string | null = null;
  let replaced = false;
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const f = FENCE.exec(lines[i]);
    if (f) {
      if (fence === null) fence = f[1];
      else if (f[1][0] === fence[0] && f[1].length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const next = visit(lines[i], i);
    if (typeof next === 'string' && next !== lines[i]) {
      lines[i] = next;
      replaced = true;
    }
  }
  return replaced ? lines.join('\n') : markdown;
}
