// JSX elements of a Docusaurus page, each written the way this generator reads it:
//  - theme components: Tabs (tabs.ts), Admonition → `:::kind[title]`, CodeBlock → a fence,
//    Details → <details>, DocCardList → a list of links to the folder's pages (doc-cards.ts),
//    TOCInline → `::toc`;
//  - an imported partial `<Foo />` → `::include{file="./_foo.md"}`;
//  - HTML: wrappers (`<div className="x">`, `<span>`, fragments) are unwrapped to their Markdown,
//    `<img>` and `<a href>` become Markdown images and links (so their URLs are rewritten like any
//    other), the rest stays HTML with JSX attribute names made HTML ones and `className` removed;
//  - anything else (a custom React component) is kept in a marked block (unconverted.ts).
import type { BodyConverter, Piece } from './convert-body.ts';
import type { ElementNode } from './mdx-tree.ts';
import type { Attribute } from './mdx-tokens.ts';
import { convertTabs } from './tabs.ts';
import { droppedProps } from './dropped-props.ts';
import { admonitionKind } from './admonitions.ts';
import { directiveAttribute, directiveLabel, stringAttribute, valueOfExpression, isOn } from './jsx-attributes.ts';
import { colonsAround, fenceFor, trimBlankLines, dedent } from './markdown-text.ts';
import { readLiteral } from './js-literal.ts';

/** Elements whose only job is layout or style: their content is kept, the element is not. */
const WRAPPERS = new Set(['div', 'span', 'section', 'article', 'main', 'header', 'footer', 'center', 'font', 'nav', 'p']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Attributes that only style (and would be removed by the sanitiser or mean nothing here). */
const STYLE_ONLY = new Set(['className', 'class', 'style', 'align']);

export function convertElement(c: BodyConverter, el: ElementNode): Piece {
  switch (c.roleOf(el.name)) {
    case 'fragment':
    case 'tab-item': // a TabItem outside Tabs: Docusaurus would fail; its content is what matters
      return unwrap(c, el);
    case 'tabs':
      return convertTabs(c, el);
    case 'admonition':
      return admonition(c, el);
    case 'code-block':
      return codeBlock(c, el);
    case 'details':
      return details(c, el);
    case 'toc-inline': {
      // `toc={toc}` is the page's own headings, which ::toc lists; the levels carry over.
      const min = stringAttribute(el.attributes, 'minHeadingLevel');
      const max = stringAttribute(el.attributes, 'maxHeadingLevel');
      const attrs = [min && `min=${min}`, max && `max=${max}`].filter(Boolean).join(' ');
      return { block: true, text: `::toc${attrs ? `{${attrs}}` : ''}` };
    }
    case 'doc-card-list': {
      const list = c.env.docCards?.();
      return list === undefined ? customComponent(c, el) : { block: true, text: list };
    }
    case 'partial':
      return include(c, el);
    case 'html':
      return html(c, el);
    case 'raw-source': // a file's text used as a component: Docusaurus would fail too
    case 'other':
      return customComponent(c, el);
  }
}

/** What to write instead of Docusaurus theme components that have no Markdown form. */
const THEME_ADVICE: Record<string, string> = {
  DocCardList: 'a list of the category\'s pages, and this folder has no other page: list them as links',
  BrowserOnly: 'client-only rendering: rewrite its content in Markdown',
};

function customComponent(c: BodyConverter, el: ElementNode): Piece {
  const name = `<${el.name}>`;
  // Inline, the sentence keeps the component's text; the block after the paragraph has its source.
  const inline = el.selfClosing ? undefined : c.render(el.children).trim();
  return c.unconverted(el, `component ${name}`,
    `Компонент React \`${name}\` не поддерживается генератором: перепишите этот фрагмент на Markdown.`,
    THEME_ADVICE[el.name] ?? 'a custom React component: rewrite it in Markdown (its source is in the block)', inline || undefined);
}

/** The element's children in its place, without the element: blocks stay blocks, inline stays inline. */
function unwrap(c: BodyConverter, el: ElementNode): Piece {
  const id = stringAttribute(el.attributes, 'id');
  // An id may be a link target (`#x`): an empty anchor keeps it.
  const anchor = id ? `<a id="${escapeHtml(id)}"></a>` : '';
  if (c.isBlock(el) && (el.selfClosing || c.body.slice(el.innerStart, el.innerEnd).includes('\n'))) {
    const content = el.selfClosing ? '' : c.content(el);
    return { block: true, text: [anchor, content].filter(Boolean).join('\n\n') };
  }
  return { block: false, text: anchor + (el.selfClosing ? '' : c.render(el.children)) };
}

function admonition(c: BodyConverter, el: ElementNode): Piece {
  droppedProps(c, el, ['type', 'title'], 'an admonition here has its kind\'s icon and no class of its own');
  const kind = admonitionKind(stringAttribute(el.attributes, 'type') ?? 'note');
  const title = stringAttribute(el.attributes, 'title');
  const content = el.selfClosing ? '' : c.content(el);
  const colons = colonsAround(content);
  return { block: true, text: `${colons}${kind}${title ? directiveLabel(title) : ''}\n${content}${content ? '\n' : ''}${colons}` };
}

function codeBlock(c: BodyConverter, el: ElementNode): Piece {
  droppedProps(c, el, ['language', 'className', 'title', 'showLineNumbers', 'metastring', 'children'], 'a code block here takes a title, line numbers and highlighted lines only');
  const language = stringAttribute(el.attributes, 'language') ?? stringAttribute(el.attributes, 'className')?.replace(/^language-/, '') ?? 'text';
  const title = stringAttribute(el.attributes, 'title');
  let code: string | undefined;
  const meaningful = el.children.filter((n) => !(n.type === 'text' && c.source(n).trim() === ''));
  if (meaningful.length === 1 && meaningful[0].type === 'expression') {
    const inner = c.source(meaningful[0]).slice(1, -1).trim();
    // A file's text (`import Source from '!!raw-loader!./main.go'`): shown from the file, `<<< ./main.go`.
    const raw = c.bindings.get(inner);
    if (raw?.role === 'raw-source') return snippetLine(c, el, raw.from, stringAttribute(el.attributes, 'language'), title);
    const v = readLiteral(inner)?.value;
    if (typeof v === 'string') code = v;
  } else if (el.children.every((n) => n.type === 'text' || n.type === 'code')) {
    code = dedent(c.body.slice(el.innerStart, el.innerEnd));
  }
  if (code === undefined) {
    return c.unconverted(el, 'component <CodeBlock> with computed content', 'Блок кода собирается из JavaScript: перенесите код сюда как есть.',
      'write the code into a fenced block');
  }
  code = trimBlankLines(code.replace(/^\n/, ''));
  const fence = fenceFor(code);
  return { block: true, text: `${fence}${language}${codeMeta(el, title)}\n${code}\n${fence}` };
}

/**
 * A <CodeBlock>'s props as a fence's meta, as Docusaurus reads them there: `title`,
 * `showLineNumbers` (from 1, or the number given) and `metastring` (highlighted lines `{1,3}`, …).
 */
function codeMeta(el: ElementNode, title: string | undefined): string {
  const numbers = lineNumbersOf(el);
  const meta = stringAttribute(el.attributes, 'metastring')?.trim();
  return [
    ...(title ? [directiveAttribute('title', title)] : []),
    ...(numbers ? [numbers.from === undefined ? 'showLineNumbers' : `showLineNumbers=${numbers.from}`] : []),
    ...(meta ? [meta] : []),
  ].map((part) => ` ${part}`).join('');
}

/** A <CodeBlock>'s `showLineNumbers`: on (`showLineNumbers`, `={true}`), from a line (`={5}`), or off. */
function lineNumbersOf(el: ElementNode): { from?: string } | undefined {
  const value = stringAttribute(el.attributes, 'showLineNumbers');
  if (value !== undefined && /^\d+$/.test(value)) return { from: value };
  return isOn(el.attributes, 'showLineNumbers') ? {} : undefined;
}

/** `<<< path{language} [title]` (build/markdown/snippets.ts) for a <CodeBlock> of a raw-loaded file. */
function snippetLine(c: BodyConverter, el: ElementNode, from: string, language: string | undefined, title: string | undefined): Piece {
  const file = c.env.snippetPath(from);
  if (file === undefined) {
    return c.unconverted(el, `<CodeBlock> of the file "${from}"`, `Файл \`${from}\` не найден при миграции.`, 'the imported file was not found; show it with <<< ./path');
  }
  // `{2,4 go:line-numbers}`: the highlighted lines of its metastring, the language, the line numbers.
  const highlight = /\{([\d,\s-]+)\}/.exec(stringAttribute(el.attributes, 'metastring') ?? '')?.[1].replace(/\s+/g, '');
  const numbered = lineNumbersOf(el) !== undefined;
  const options = [...(highlight ? [highlight] : []), ...(language || numbered ? [`${language ?? ''}${numbered ? ':line-numbers' : ''}`] : [])].join(' ');
  return { block: true, text: `<<< ${file}${options ? `{${options}}` : ''}${title ? ` [${title.replace(/[[\]]/g, '')}]` : ''}` };
}

function details(c: BodyConverter, el: ElementNode): Piece {
  const summary = stringAttribute(el.attributes, 'summary');
  const content = el.selfClosing ? '' : c.content(el);
  const head = summary ? `<details>\n<summary>${escapeHtml(summary)}</summary>` : '<details>';
  return { block: true, text: `${head}\n\n${content}\n\n</details>` };
}

function include(c: BodyConverter, el: ElementNode): Piece {
  const from = c.bindings.get(el.name)!.from;
  const file = c.env.includePath(from);
  if (file === undefined) {
    return c.unconverted(el, `partial <${el.name}> from "${from}"`, `Файл \`${from}\` не найден при миграции.`,
      'the imported file was not found; include the right file with ::include{file="…"}');
  }
  const props = el.attributes.filter((a) => a.name !== 'key');
  if (props.length > 0) {
    c.report({ kind: 'dropped', sourceLine: c.lineAt(el.start), what: `props of <${el.name}> (${props.map((p) => p.name || 'spread').join(', ')})`,
      todo: '::include inlines the file as it is; write the values into it' });
  }
  return { block: true, text: `::include{${directiveAttribute('file', file)}}` };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** HTML attributes for a kept element; null when one of them is computed by JavaScript. */
function htmlAttributes(el: ElementNode): string | null {
  const out: string[] = [];
  for (const a of el.attributes) {
    if (STYLE_ONLY.has(a.name)) continue;
    if (a.name === '') return null; // a spread
    const name = a.name === 'htmlFor' ? 'for' : /^(aria|data)-/.test(a.name) ? a.name : a.name.toLowerCase();
    if (a.value.kind === 'boolean') {
      out.push(name);
      continue;
    }
    const value = a.value.kind === 'string' ? a.value.value : valueOfExpression(a.value.source)?.value;
    if (typeof value === 'boolean') {
      if (value) out.push(name);
    } else if (typeof value === 'string' || typeof value === 'number') out.push(`${name}="${escapeHtml(String(value))}"`);
    else return null;
  }
  return out.length > 0 ? ` ${out.join(' ')}` : '';
}

function markdownUrl(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
}

function html(c: BodyConverter, el: ElementNode): Piece {
  const name = el.name.toLowerCase();
  if (WRAPPERS.has(name)) return unwrap(c, el);
  if (name === 'br') return { block: false, text: '<br>' };
  if (name === 'hr') return c.isBlock(el) ? { block: true, text: '---' } : { block: false, text: '<hr>' };
  if (name === 'img') return image(c, el);
  if (name === 'a') return anchor(c, el);
  const attributes = htmlAttributes(el);
  if (attributes === null) {
    return c.unconverted(el, `HTML element <${el.name}> with a computed attribute`, `Атрибут элемента \`<${el.name}>\` вычисляется на JavaScript.`,
      'write the attribute value out');
  }
  droppedStyle(c, el);
  const open = `<${name}${attributes}>`;
  const close = VOID.has(name) ? '' : `</${name}>`;
  const multiLine = c.body.slice(el.innerStart, el.innerEnd).includes('\n');
  if (c.isBlock(el) && multiLine && !el.selfClosing) {
    // Blank lines around the content, so Markdown inside an HTML block is read as Markdown.
    const content = c.content(el);
    return { block: true, text: content ? `${open}\n\n${content}\n\n${close}` : `${open}${close}` };
  }
  const text = `${open}${el.selfClosing ? '' : c.render(el.children).trim()}${close}`;
  return c.isBlock(el) ? { block: true, text } : { block: false, text };
}

function droppedStyle(c: BodyConverter, el: ElementNode, extra: string[] = []) {
  const dropped = el.attributes.filter((a: Attribute) => a.name === 'style' || extra.includes(a.name)).map((a) => a.name);
  if (dropped.length > 0) {
    c.report({ kind: 'dropped', sourceLine: c.lineAt(el.start), what: `${dropped.join(', ')} of <${el.name}>`,
      todo: 'inline styles and sizes are not kept; use the site\'s CSS' });
  }
}

function image(c: BodyConverter, el: ElementNode): Piece {
  const src = stringAttribute(el.attributes, 'src');
  if (!src) {
    return c.unconverted(el, '<img> with a computed src', 'Адрес картинки вычисляется на JavaScript.', 'write the image as ![alt](path)');
  }
  droppedStyle(c, el, ['width', 'height']);
  const alt = (stringAttribute(el.attributes, 'alt') ?? '').replace(/([[\]])/g, '\\$1');
  const title = stringAttribute(el.attributes, 'title');
  const text = `![${alt}](${markdownUrl(src)}${title ? ` "${title.replace(/"/g, '\\"')}"` : ''})`;
  return c.isBlock(el) ? { block: true, text } : { block: false, text };
}

function anchor(c: BodyConverter, el: ElementNode): Piece {
  const href = stringAttribute(el.attributes, 'href');
  const inner = el.selfClosing ? '' : c.render(el.children).trim().replace(/\n\s*/g, ' ');
  if (href === undefined) {
    const id = stringAttribute(el.attributes, 'id') ?? stringAttribute(el.attributes, 'name');
    return { block: false, text: `${id ? `<a id="${escapeHtml(id)}"></a>` : ''}${inner}` };
  }
  const text = `[${inner || href}](${markdownUrl(href)})`;
  return c.isBlock(el) ? { block: true, text } : { block: false, text };
}
