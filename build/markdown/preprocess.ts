// Docusaurus writes an admonition title after a space (`:::note Заголовок`); remark-directive
// wants it as a label (`:::note[Заголовок]`). Rewrite those opening lines, leaving fenced code alone.
const KINDS = 'note|tip|info|warning|danger|caution';
const OPENING = new RegExp(`^(\\s*:{3,})(${KINDS})[ \\t]+([^\\[{\\s].*?)\\s*$`);
const FENCE = /^\s*(`{3,}|~{3,})/;

export function normaliseAdmonitionTitles(source: string): string {
  if (!source.includes(':::')) return source;
  let fence: string | null = null;
  const lines = source.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const f = FENCE.exec(lines[i]);
    if (f) {
      if (fence === null) fence = f[1];
      else if (f[1][0] === fence[0] && f[1].length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const m = OPENING.exec(lines[i]);
    if (m) lines[i] = `${m[1]}${m[2]}[${m[3].replace(/[[\]]/g, '\\$&')}]`;
  }
  return lines.join('\n');
}
