// Forms other generators write that remark reads otherwise, rewritten line by line before
// parsing (fenced code left alone), so that every path that parses a page's Markdown — the
// compiler, partials, the page's Markdown for machines — sees the same text:
//  - Docusaurus and VitePress write an admonition's title after a space (`:::note Заголовок`);
//    remark-directive wants it as a label (`:::note[Заголовок]`);
//  - VitePress writes the page's contents as `[[toc]]` on a line of its own: it is `::toc`;
//  - VitePress puts a space between the colons and the name (`::: tip`, `::: details Заголовок`,
//    `::: code-group`), which remark-directive does not read as a directive at all: the block
//    would be a paragraph of colons, without a warning.
import { mapLinesOutsideFences } from './fences.ts';
import { ADMONITION_TITLES } from './directives.ts';

/** The containers that take a title after a space: every admonition kind, and details. */
const KINDS = [...Object.keys(ADMONITION_TITLES), 'details'].join('|');
const OPENING = new RegExp(`^(\\s*:{3,})(${KINDS})[ \\t]+([^\\[{\\s].*?)\\s*$`);
const SPACED_OPENING = /^(\s*:{3,})[ \t]+([a-z][\w-]*)(?=[\s[{]|$)/i;
const VITEPRESS_TOC = /^[ \t]{0,3}\[\[toc\]\][ \t]*$/;

export function normaliseForeignForms(source: string): string {
  const admonitions = source.includes(':::');
  const toc = source.includes('[[toc]]');
  if (!admonitions && !toc) return source;
  return mapLinesOutsideFences(source, (original) => {
    const line = admonitions ? original.replace(SPACED_OPENING, '$1$2') : original;
    const m = admonitions ? OPENING.exec(line) : null;
    if (m) return `${m[1]}${m[2]}[${m[3].replace(/[[\]]/g, '\\$&')}]`;
    if (toc && VITEPRESS_TOC.test(line)) return '::toc';
    if (line !== original) return line;
  });
}
