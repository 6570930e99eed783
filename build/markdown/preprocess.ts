// Forms other generators write that remark reads otherwise, rewritten line by line before
// parsing (fenced code left alone), so that every path that parses a page's Markdown — the
// compiler, partials, the page's Markdown for machines — sees the same text:
//  - Docusaurus writes an admonition title after a space (`:::note Заголовок`); remark-directive
//    wants it as a label (`:::note[Заголовок]`);
//  - VitePress writes the page's contents as `[[toc]]` on a line of its own: it is `::toc`.
const KINDS = 'note|tip|info|warning|danger|caution';
const OPENING = new RegExp(`^(\\s*:{3,})(${KINDS})[ \\t]+([^\\[{\\s].*?)\\s*$`);
const VITEPRESS_TOC = /^[ \t]{0,3}\[\[toc\]\][ \t]*$/;
const FENCE = /^\s*(`{3,}|~{3,})/;

export function normaliseForeignForms(source: string): string {
  const admonitions = source.includes(':::');
  const toc = source.includes('[[toc]]');
  if (!admonitions && !toc) return source;
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
    const m = admonitions ? OPENING.exec(lines[i]) : null;
    if (m) lines[i] = `${m[1]}${m[2]}[${m[3].replace(/[[\]]/g, '\\$&')}]`;
    else if (toc && VITEPRESS_TOC.test(lines[i])) lines[i] = '::toc';
  }
  return lines.join('\n');
}
