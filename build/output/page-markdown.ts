// Each doc as plain Markdown, for machines (`<route>.md`, llms-full.txt) and the "Скопировать как
// Markdown" button: the source without its front matter, with our directives written out as
// Markdown any reader understands (admonitions as quotes with a bold title, every tab under its
// label, the light variant of a themed image, an API badge as inline code) and links to other
// pages made absolute site URLs, so the text stands on its own outside the site.
import type { Blockquote, Content, Heading, Link, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import path from 'node:path';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { ADMONITION_TITLES } from '../markdown/directives.ts';
import { normaliseAdmonitionTitles } from '../markdown/preprocess.ts';
import { applyHighlightComments, takeCustomHeadingId } from '../markdown/docusaurus-forms.ts';

export interface MarkdownContext {
  /** The site's address without a trailing slash (config url + baseUrl). */
  siteUrl: string;
  /** Absolute source path → route, to turn `.md` links into page URLs. */
  routeOfFile: Map<string, string>;
}

/** The site's address without a trailing slash: config url + baseUrl. */
export function siteUrlOf(config: { url: string; baseUrl: string }): string {
  return `${config.url.replace(/\/+$/, '')}${config.baseUrl.replace(/\/+$/, '')}`;
}

const text = (value: string) => ({ type: 'text', value }) as const;
const strong = (value: string): PhrasingContent => ({ type: 'strong', children: [text(value)] });
type Directive = ContainerDirective | LeafDirective | TextDirective;
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
  if (node.name === 'themed-image') {
    const src = attrs.light ?? attrs.dark ?? '';
    const image = { type: 'image', url: src.startsWith('/') ? `${ctx.siteUrl}${src}` : src, alt: attrs.alt ?? '' } as const;
    return node.type === 'textDirective' ? [image as unknown as RootContent] : [{ type: 'paragraph', children: [image] } as Paragraph];
  }
  if (node.name === 'api-endpoint') {
    const code = { type: 'inlineCode', value: `${attrs.method ?? ''} ${attrs.path ?? ''}`.trim() } as const;
    return node.type === 'textDirective' ? [code as unknown as RootContent] : [{ type: 'paragraph', children: [code] } as Paragraph];
  }
  // Anything else (a directive of a future version): its content, or its name as text.
  const children = (node.children ?? []) as RootContent[];
  return children.length ? children : [text(`:${node.name}`) as unknown as RootContent];
}

/** Relative links to other docs become their pages' absolute URLs; site paths get the site's address. */
function absoluteLink(url: string, sourceFile: string, ctx: MarkdownContext): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('#')) return url;
  if (url.startsWith('/')) return `${ctx.siteUrl}${url}`;
  const [file, hash] = url.split('#');
  const route = /\.mdx?$/.test(file) ? ctx.routeOfFile.get(path.resolve(path.dirname(sourceFile), decodeURI(file))) : undefined;
  if (route !== undefined) return `${ctx.siteUrl}${route}${hash ? `#${hash}` : ''}`;
  return url;
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
    if (child.type === 'code') {
      applyHighlightComments(child);
      // The title stays (it names the file); the highlighted-line range means nothing outside the site.
      child.meta = child.meta?.replace(/\s*\{[\d,\s-]*\}\s*/g, ' ').trim() || null;
    }
    if (child.type === 'link' || child.type === 'definition') (child as Link).url = absoluteLink((child as Link).url, sourceFile, ctx);
    if ('children' in child) rewrite(child as { children: Content[] }, sourceFile, ctx);
    out.push(child);
  }
  parent.children = out;
}

const processor = unified()
  .use(remarkParse)
  .use(remarkFrontmatter)
  .use(remarkGfm)
  .use(remarkDirective)
  .use(remarkStringify, { bullet: '-', fences: true, rule: '-', emphasis: '_', listItemIndent: 'one' });

/**
 * Where the compile stage writes the site's address into its Markdown: it does not know the site
 * config (its results are cached by content), so the address is put in when the page is published.
 */
export const SITE_URL_PLACEHOLDER = 'https://sg-site-url.invalid';

/**
 * The Markdown of a tree the compile stage has parsed (a copy taken before the site's own
 * transforms): no second parse, and cached with the compiled page. Without a leading `# h1`.
 */
export function markdownOfTree(tree: Root, sourceFile: string, routeOfFile: Map<string, string>): string {
  rewrite(tree as unknown as { children: Content[] }, sourceFile, { siteUrl: SITE_URL_PLACEHOLDER, routeOfFile });
  return String(processor.stringify(tree));
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

/** A page's Markdown from its source (parsed here: the dev server and tests; the build uses markdownOfTree). */
export function pageMarkdown(title: string, body: string, sourceFile: string, ctx: MarkdownContext): string {
  // `:::warning Заголовок` (Docusaurus's title form) as the site's own pipeline reads it.
  const tree = processor.parse(normaliseAdmonitionTitles(body)) as Root;
  return publishedMarkdown(title, markdownOfTree(tree, sourceFile, ctx.routeOfFile), ctx.siteUrl);
}
