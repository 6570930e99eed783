// Each doc as plain Markdown, for machines (`<route>.md`, llms-full.txt) and the "Скопировать как
// Markdown" button: the author's own source without its front matter, with our directives written
// out as Markdown any reader understands (admonitions as quotes with a bold title, every tab under
// its label, the light variant of a themed image, an API badge as inline code), included fragments
// in place, and links to other pages, images and files made absolute site URLs, so the text
// stands on its own outside the site.
import type { Blockquote, Code, Content, Definition, Heading, Image, ImageReference, Link, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { ADMONITION_TITLES, DETAILS_SUMMARY } from '../markdown/directives.ts';
import { normaliseForeignForms } from '../markdown/preprocess.ts';
import { fileHashOf, localTarget, mayHoldImageReferences, PATHNAME, publishedPath, routeOfFileLink, type PublishedKind } from '../markdown/links.ts';
import { walk } from '../markdown/walk.ts';
import { perMathSetting } from '../markdown/math.ts';
import { applyHighlightComments, DIFF_LINES, hasCustomHeadingId, takeCustomHeadingId, takeLanguageFlag } from '../markdown/docusaurus-forms.ts';

/** Absolute source path → route (a Map, or the compile's recording view of one: build/markdown/context.ts). */
export interface RouteLookup {
  get(file: string): string | undefined;
}

export interface MarkdownContext {
  /** The site's address without a trailing slash (config url + baseUrl). */
  siteUrl: string;
  /** Absolute source path → route, to turn `.md` links into page URLs. */
  routeOfFile: RouteLookup;
  /**
   * The site path an image or linked file next to the pages is published at, undefined when the
   * URL is not one's or there is no such file. The compile passes its own, which reads each file
   * once for both outputs (build/markdown/links.ts publishedFile); by default the file is read here.
   */
  publishedUrl?: (url: string, fromFile: string, kind: PublishedKind) => string | undefined;
  /** The labels image references use (`![alt][label]`): their definitions point at images. Set by markdownOfSource. */
  imageLabels?: Set<string>;
}

function readPublishedUrl(url: string, fromFile: string, kind: PublishedKind): string | undefined {
  const target = localTarget(url, fromFile);
  const hash = target && fileHashOf(target.abs);
  return hash ? publishedPath(target.abs, hash, kind) + target.rest : undefined;
}


/** A URL as a Markdown link's destination: one with a space or a parenthesis is written in `<…>`, as CommonMark reads it. */
export const markdownDestination = (url: string) => (/[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url);

/** Text written into generated Markdown (a link's text, a heading): what would end or change it, escaped (`## #` is an empty heading). */
export const markdownText = (s: string) => s.replace(/[\\[\]*_`<#]/g, '\\$&');

const text = (value: string) => ({ type: 'text', value }) as const;
const strong = (value: string): PhrasingContent => ({ type: 'strong', children: [text(value)] });
type Directive = ContainerDirective | LeafDirective | TextDirective;
/** Directives that only navigate (the page's contents, its category's cards): the Markdown has its headings and needs neither. */
const NAVIGATION_ONLY = new Set(['toc', 'doc-cards']);

const isDirective = (n: { type: string }): n is Directive => n.type === 'containerDirective' || n.type === 'leafDirective' || n.type === 'textDirective';

/** The `[label]` of a container directive, given as its first paragraph by remark-directive. */
function splitLabel(node: ContainerDirective): { label?: string; body: RootContent[] } {
  const [first, ...rest] = node.children;
  if (first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
    return { label: first.children.map((c) => ('value' in c ? c.value : '')).join(''), body: rest as RootContent[] };
  }
  return { body: node.children as RootContent[] };
}

/** Our directives as plain Markdown nodes (build/markdown/directives.ts renders them as HTML). */
function plainOf(node: Directive, ctx: MarkdownContext): RootContent[] {
  const attrs = node.attributes ?? {};
  if (node.type === 'containerDirective' && node.name in ADMONITION_TITLES) {
    const { label, body } = splitLabel(node);
    const title: Paragraph = { type: 'paragraph', children: [strong(label ?? ADMONITION_TITLES[node.name as keyof typeof ADMONITION_TITLES])] };
    return [{ type: 'blockquote', children: [title, ...body] } as Blockquote];
  }
  if (node.type === 'containerDirective' && node.name === 'tabs') {
    return (node.children as RootContent[]).flatMap((tab) => {
      if (!isDirective(tab) || tab.name !== 'tab') return [tab];
      const label: Paragraph = { type: 'paragraph', children: [strong(tab.attributes?.label ?? '')] };
      return [label, ...(tab.children as RootContent[])];
    });
  }
  if (node.type === 'containerDirective' && node.name === 'details') {
    const { label, body } = splitLabel(node);
    return [{ type: 'paragraph', children: [strong(label ?? DETAILS_SUMMARY)] } as Paragraph, ...body];
  }
  if (node.name === 'themed-image') {
    const src = attrs.light ?? attrs.dark ?? '';
    const image = { type: 'image', url: src.startsWith('/') ? `${ctx.siteUrl}${src}` : src, alt: attrs.alt ?? '' } as const;
    return node.type === 'textDirective' ? [image as unknown as RootContent] : [{ type: 'paragraph', children: [image] } as Paragraph];
  }
  if (node.type === 'leafDirective' && NAVIGATION_ONLY.has(node.name)) return [];
  if (node.name === 'api-endpoint') {
    const code = { type: 'inlineCode', value: `${attrs.method ?? ''} ${attrs.path ?? ''}`.trim() } as const;
    return node.type === 'textDirective' ? [code as unknown as RootContent] : [{ type: 'paragraph', children: [code] } as Paragraph];
  }
  // Anything else (a directive of a future version): its content, or its name as text.
  const children = (node.children ?? []) as RootContent[];
  return children.length ? children : [text(`:${node.name}`) as unknown as RootContent];
}

/** Relative links to other docs become their pages' absolute URLs; site paths get the site's address. */
function absoluteLink(url: string, sourceFile: string, ctx: MarkdownContext, kind: PublishedKind = 'files'): string {
  if (PATHNAME.test(url)) return `${ctx.siteUrl}${url.replace(PATHNAME, '')}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('#')) return url;
  if (url.startsWith('/')) return `${ctx.siteUrl}${url}`;
  const route = kind === 'files' ? routeOfFileLink(url, sourceFile, ctx.routeOfFile) : undefined;
  if (route !== undefined) return route === null ? url : `${ctx.siteUrl}${route}`;
  const published = (ctx.publishedUrl ?? readPublishedUrl)(url, sourceFile, kind);
  return published ? `${ctx.siteUrl}${published}` : url;
}

function rewrite(parent: { children: Content[] }, sourceFile: string, ctx: MarkdownContext): void {
  const out: Content[] = [];
  for (const child of parent.children) {
    if (isDirective(child)) {
      const replaced = plainOf(child, ctx) as Content[];
      for (const r of replaced) if ('children' in r) rewrite(r as { children: Content[] }, sourceFile, ctx);
      out.push(...replaced);
      continue;
    }
    if (child.type === 'yaml') continue;
    // What only the site reads: `{#id}` after a heading, highlight comments in code.
    if (child.type === 'heading') takeCustomHeadingId(child);
    if (child.type === 'code') plainCode(child);
    if (child.type === 'link' || child.type === 'definition') (child as Link).url = absoluteLink((child as Link).url, sourceFile, ctx, ctx.imageLabels?.has((child as Definition).identifier) ? 'img' : 'files');
    if (child.type === 'image') (child as Image).url = absoluteLink((child as Image).url, sourceFile, ctx, 'img');
    if ('children' in child) rewrite(child as { children: Content[] }, sourceFile, ctx);
    out.push(child);
  }
  parent.children = out;
}

/** A code block without what only the site reads: highlight comments, and the highlighted-line range (the title stays: it names the file; so do the marks of lines added and removed). */
function plainCode(node: Code): void {
  applyHighlightComments(node, { keepDiffMarks: true });
  takeLanguageFlag(node);
  node.meta = node.meta?.replace(/\s*\{[\d,\s-]*\}\s*/g, ' ').replace(DIFF_LINES, ' ').trim() || null;
}

/** Reads a page as the compile does (formulas when the site has them) and prints what it rewrote. */
const processor = perMathSetting((mathSyntax) => unified()
  .use(remarkParse)
  .use(remarkFrontmatter)
  .use(remarkGfm)
  .use(mathSyntax)
  .use(remarkDirective)
  .use(remarkStringify, { bullet: '-', fences: true, rule: '-', emphasis: '_', listItemIndent: 'one' }));

/**
 * Where the compile stage writes the site's address into its Markdown: it does not know the site
 * config (its results are cached by content), so the address is put in when the page is published.
 */
export const SITE_URL_PLACEHOLDER = 'https://sg-site-url.invalid';

/** Nodes as Markdown, rewritten for machines (directives, links, code) and printed. */
function printed(nodes: Content[], sourceFile: string, ctx: MarkdownContext, inline: boolean): string {
  const root = { type: 'root', children: inline ? [{ type: 'paragraph', children: nodes }] : nodes } as unknown as Root;
  rewrite(root as unknown as { children: Content[] }, sourceFile, ctx);
  const text = String(processor().stringify(root)).replace(/\n+$/, '');
  // A link or an inline directive stays on its line: a soft break in its text reads as a space.
  return inline ? text.replace(/\n/g, ' ') : text;
}

/** A replacement of source[start, end). */
interface Edit { start: number; end: number; text: string }

type Positioned = Content & { position?: { start: { offset?: number }; end: { offset?: number } } };
const startOf = (n: Positioned) => n.position?.start.offset;
const endOf = (n: Positioned) => n.position?.end.offset;

/**
 * A page's Markdown is its own source, copied, with edits where the source says something only
 * this site understands: directives (written out as plain Markdown), `{#id}` after headings,
 * highlight comments and line ranges in code, links to other docs (made site URLs), and the
 * include lines (replaced by the fragments' text). Everything else keeps the author's formatting,
 * and copying it costs a fraction of printing the whole tree (which was a quarter of the compile).
 */
class SourceEditor {
  readonly edits: Edit[] = [];

  constructor(private readonly source: string, private readonly sourceFile: string, private readonly ctx: MarkdownContext) {}

  /** Replaces a node (or a run of nodes, to `through`); lines after the first get the prefix of the containers it sits in (`> `, a list item's indent). */
  private replace(node: Positioned, text: string, through: Positioned = node): void {
    const start = startOf(node)!;
    const lineStart = this.source.lastIndexOf('\n', start - 1) + 1;
    const prefix = this.source.slice(lineStart, start).replace(/[^>\s]/g, ' ');
    const lines = text.split('\n').map((l, i) => (i === 0 ? l : l ? prefix + l : prefix.trimEnd()));
    this.edits.push({ start, end: endOf(through)!, text: lines.join('\n') });
  }

  /** Takes a block that prints as nothing off the page with its line and the blank lines after it. */
  private remove(node: Positioned): void {
    const start = startOf(node)!;
    const lineStart = this.source.lastIndexOf('\n', start - 1) + 1;
    if (this.source.slice(lineStart, start).trim() !== '') return this.replace(node, '');
    const end = /^[ \t]*(?:\r?\n[ \t]*)*(?:\r?\n|$)/.exec(this.source.slice(endOf(node)!))![0].length + endOf(node)!;
    this.edits.push({ start: lineStart, end, text: '' });
  }

  private print(node: Content, inline = false): string {
    return printed([structuredClone(node)], this.sourceFile, this.ctx, inline);
  }

  visit(parent: { children: Content[] }, isRoot = false): void {
    const children = parent.children as Positioned[];
    for (let i = 0; i < children.length; i++) {
      const node = children[i];
      const start = startOf(node);
      if (start === undefined || endOf(node) === undefined) continue; // made by a plugin: not in the source
      // An included fragment: its nodes all stand at the include line, whose text is the directive.
      if (this.source.startsWith('::include', start)) {
        let last = i;
        while (last + 1 < children.length && startOf(children[last + 1]) === start) last++;
        this.replace(node, printed(structuredClone(children.slice(i, last + 1)), this.sourceFile, this.ctx, false), children[last]);
        i = last;
        continue;
      }
      switch (node.type) {
        case 'containerDirective':
        case 'leafDirective':
        case 'textDirective':
          if (node.type === 'leafDirective' && NAVIGATION_ONLY.has((node as Directive).name)) this.remove(node);
          else this.replace(node, this.print(node, node.type === 'textDirective'));
          continue;
        case 'definition':
          this.link(node, this.ctx.imageLabels?.has(node.identifier) ? 'img' : 'files');
          continue;
        case 'image': {
          // Its alt is plain text: printed whole, with the image's site URL.
          const url = absoluteLink(node.url, this.sourceFile, this.ctx, 'img');
          if (url !== node.url) this.replace(node, printed([{ ...node, url }], this.sourceFile, this.ctx, true));
          continue;
        }
        case 'link':
          if (this.link(node)) continue; // printed whole, its text with it
          break;
        case 'code': {
          const plain = structuredClone(node);
          plainCode(plain);
          // A snippet (`<<< ./file`, build/markdown/snippets.ts): the source has its line, the Markdown its code.
          if (this.source.startsWith('<<<', start) || plain.value !== node.value || plain.meta !== (node.meta ?? null)) this.replace(node, printed([plain], this.sourceFile, this.ctx, false));
          continue;
        }
        case 'yaml':
          this.edits.push({ start, end: endOf(node)!, text: '' });
          continue;
        case 'heading':
          // The page's own title as `# …`: a setext title would not read as one (publishedMarkdownBytes).
          if (isRoot && i === 0 && node.depth === 1 && this.source[start] !== '#') {
            this.replace(node, this.print(node));
            continue;
          }
          if (this.customId(node)) continue; // printed whole
          break;
      }
      if ('children' in node) this.visit(node as { children: Content[] });
    }
  }

  /**
   * A link to another doc, to a file next to the pages (or the definition an image reference
   * uses, to its image), or to a path of the site, gets its site URL: only its destination
   * is replaced, `[text](here)` or `[label]: here`, so the text keeps its formatting. Where the
   * destination is not where the syntax says (it always is), the link is printed instead: true then.
   */
  private link(node: Link | Definition, kind: PublishedKind = 'files'): boolean {
    const url = absoluteLink(node.url, this.sourceFile, this.ctx, kind);
    if (url === node.url) return false;
    const start = startOf(node)!;
    const end = endOf(node)!;
    let from: number;
    if (node.type === 'link') {
      // `](` follows the text: after the last child, or right after `[` when there is none.
      const textEnd = node.children.length ? endOf(node.children.at(-1) as Positioned) : start + 1;
      from = textEnd !== undefined && this.source.startsWith('](', textEnd) ? textEnd + 2 : -1;
    } else {
      const label = /^\[(?:[^\]\\]|\\.)*\]:/.exec(this.source.slice(start, end));
      from = label ? start + label[0].length : -1;
    }
    const dest = from < 0 ? null : destinationAt(this.source, from, end);
    if (!dest) {
      this.replace(node, this.print(node, node.type === 'link'));
      return true;
    }
    this.edits.push({ start: dest.start, end: dest.end, text: markdownDestination(url) });
    return false;
  }

  /** `## Заголовок {#id}` loses its `{#id}`; where the text is not as the tree has it (escapes), the heading is printed instead: true then. */
  private customId(node: Heading): boolean {
    // Most headings have no `{#id}`: found so without copying the heading.
    if (!hasCustomHeadingId(node)) return false;
    const last = node.children.at(-1) as Positioned & { value: string };
    const plain = structuredClone(node);
    if (takeCustomHeadingId(plain) === undefined) return false;
    const kept = plain.children.length < node.children.length ? '' : (plain.children.at(-1) as { value: string }).value;
    const cut = last.value.slice(kept.length);
    const end = endOf(last)!;
    if (this.source.slice(end - cut.length, end) === cut) {
      this.edits.push({ start: end - cut.length, end, text: '' });
      return false;
    }
    this.replace(node, printed([plain], this.sourceFile, this.ctx, false));
    return true;
  }
}

/**
 * Where a link destination is written, from `from` (just past `(` or `]:`) up to `end`: after
 * optional white space, `<…>` or a run of characters without spaces and with balanced parentheses.
 */
function destinationAt(source: string, from: number, end: number): { start: number; end: number } | null {
  let at = from;
  while (at < end && /\s/.test(source[at])) at++;
  if (source[at] === '<') {
    const close = source.indexOf('>', at);
    return close < 0 || close >= end ? null : { start: at, end: close + 1 };
  }
  let depth = 0;
  let i = at;
  for (; i < end; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (/\s/.test(c)) break;
    else if (c === '(') depth++;
    else if (c === ')' && depth-- === 0) break;
  }
  return i > at ? { start: at, end: i } : null;
}

/**
 * A page's Markdown for machines from its source and the tree parsed from it, read before the
 * site's own transforms change it (SourceEditor): no front matter; a leading `# h1` stays
 * (publishedMarkdownBytes adds the title where there is none).
 */
export function markdownOfSource(tree: Root, source: string, sourceFile: string, routeOfFile: RouteLookup, publishedUrl?: MarkdownContext['publishedUrl']): string {
  const editor = new SourceEditor(source, sourceFile, { siteUrl: SITE_URL_PLACEHOLDER, routeOfFile, publishedUrl, imageLabels: imageLabelsOf(tree, source) });
  editor.visit(tree as unknown as { children: Content[] }, true);
  const parts: string[] = [];
  let at = 0;
  for (const e of editor.edits.sort((a, b) => a.start - b.start)) {
    parts.push(source.slice(at, e.start), e.text);
    at = e.end;
  }
  parts.push(source.slice(at));
  return `${parts.join('').replace(/\r\n?/g, '\n').replace(/^(?:[ \t]*\n)+/, '').trimEnd()}\n`;
}

/** The labels of the page's image references; walked for only on a page that mayHoldImageReferences. */
function imageLabelsOf(tree: Root, source: string): Set<string> | undefined {
  if (!mayHoldImageReferences(source)) return undefined;
  const labels = new Set<string>();
  walk(tree, (n) => {
    if (n.type === 'imageReference') labels.add((n as unknown as ImageReference).identifier);
  });
  return labels;
}

/** publishedMarkdownBytes() on a string (the dev server, one page at a time). */
export function publishedMarkdown(title: string, markdown: string, siteUrl: string): string {
  return publishedMarkdownBytes(title, Buffer.from(markdown), siteUrl).toString('utf8');
}

const PLACEHOLDER_BYTES = Buffer.from(SITE_URL_PLACEHOLDER);
const H1_BYTES = Buffer.from('# ');

/**
 * A page's published Markdown: `# title` unless the page starts with its own h1, the site's
 * address in its links. On UTF-8 bytes, so that output assembled from many pages (llms-full.txt)
 * is never decoded.
 */
export function publishedMarkdownBytes(title: string, markdown: Buffer, siteUrl: string): Buffer {
  const url = Buffer.from(siteUrl);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = markdown.indexOf(PLACEHOLDER_BYTES); at >= 0; at = markdown.indexOf(PLACEHOLDER_BYTES, from)) {
    parts.push(markdown.subarray(from, at), url);
    from = at + PLACEHOLDER_BYTES.length;
  }
  parts.push(markdown.subarray(from));
  const withUrl = parts.length === 1 ? markdown : Buffer.concat(parts);
  return withUrl.subarray(0, 2).equals(H1_BYTES) ? withUrl : Buffer.concat([Buffer.from(`# ${title.replace(/\n/g, ' ')}\n\n`), withUrl]);
}

/** A page's Markdown from its source (parsed here: the dev server and tests; the build's compile makes it from its own parse). */
export function pageMarkdown(title: string, body: string, sourceFile: string, ctx: MarkdownContext): string {
  // `:::warning Заголовок` (Docusaurus's title form) as the site's own pipeline reads it.
  const source = normaliseForeignForms(body);
  const tree = processor().parse(source) as Root;
  return publishedMarkdown(title, markdownOfSource(tree, source, sourceFile, ctx.routeOfFile, ctx.publishedUrl), ctx.siteUrl);
}
