// Forms other generators write that remark reads otherwise, rewritten line by line before
// parsing (fenced code left alone), so that every path that parses a page's Markdown — the
// compiler, partials, the page's Markdown for machines — sees the same text:
//  - Docusaurus writes an admonition title after a space (`:::note Заголовок`); remark-directive
//    wants it as a label (`:::note[Заголовок]`);
//  - VitePress writes the page's contents as `[[toc]]` on a line of its own: it is `::toc`.
import { mapLinesOutsideFences } from './fences.ts';

const KINDS = 'note|tip|info|warning|danger|caution';
const OPENING = new RegExp(`^(\\s*:{3,})(${KINDS})[ \\t]+([^\\[{\\s].*?)\\s*$`);
const VITEPRESS_TOC = /^[ \t]{0,3}\[\[toc\]\][ \t]*$/;

export function normaliseForeignForms(source: string): string {
  const admonitions = source.includes(':::');
  const toc = source.includes('[[toc]]');
  if (!admonitions && !toc) return source;
  return mapLinesOutsideFences(source, (line) => {
    const m = admonitions ? OPENING.exec(line) : null;
    if (m) return `${m[1]}${m[2]}[${m[3].replace(/[[\]]/g, '\\$&')}]`;
    if (toc && VITEPRESS_TOC.test(line)) return '::toc';
  });
}
