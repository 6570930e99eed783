// Markdown → HTML for one page. One unified processor per thread, reused for every page.
import type { Root as MdRoot, Blockquote, Code, Definition, Heading, Html, Image, Link, Paragraph } from 'mdast';
import type { Root, Element } from 'hast';
import { unified, type Pluggable, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { toString } from 'mdast-util-to-string';
import { VFile } from 'vfile';
import type { Warning } from '../errors.ts';
import { contextOf, depsOf, warn, recordingRoutes, type AssetRef, type CompileContext, type CompileDeps } from './context.ts';
import { ADMONITION_TITLES, createDirectiveHandler, type Directive } from './directives.ts';
import { imageReferencesAsImages, mayHoldImageReferences, publishedFile, rewriteImage, rewriteLink, rewriteRawHtmlUrl } from './links.ts';
import { checkCodeBlock, rehypeCodeBlocks } from './code.ts';
import { fillInlineToc, HeadingIds, type PlacedHeading, type TocEntry } from './headings.ts';
import { SKIP, walk } from './walk.ts';
import { rehypePrism } from './highlighter.ts';
import { normaliseForeignForms } from './preprocess.ts';
import { alertToAdmonition, applyHighlightComments, takeCustomHeadingId, takeLanguageFlag } from './docusaurus-forms.ts';
import { markdownOfSource } from '../output/page-markdown.ts';
import { sanitizeSchema } from './sanitize.ts';
import { removedFromRawHtml } from './raw-html.ts';
import { remarkIncludes } from './includes.ts';
import { rejectJsxComponent, rejectModuleLines } from './mdx-forms.ts';
import { rehypeSections } from './sections.ts';
import { perMathSetting, rehypeMath } from './math.ts';
import { diagramFigure } from './diagram.ts';
import { DIAGRAM_LANGUAGE } from '../diagrams/store.ts';

export interface MarkdownInput {
  file: string;
  absPath: string;
  body: string;
  lineOffset: number;
}

export interface CompiledMarkdown {
  /** Text of a leading `# h1`, removed from the HTML because the layout prints the title. */
  h1?: string;
  html: string;
  /** Plain text of the first paragraph: the meta description when front matter gives none. */
  excerpt?: string;
  toc: TocEntry[];
  warnings: Warning[];
  assets: AssetRef[];
  /** The page as plain Markdown for machines (build/output/page-markdown.ts), from the same parse. */
  markdown: string;
  /** Fragments the page includes (absolute paths): editing one compiles this page again. */
  includes?: string[];
  /** It has a `::doc-cards`, filled when the page is rendered (build/render/doc-cards.ts). */
  docCards?: true;
  /** The sites its images come from (`https://img.example.org`): the Content-Security-Policy allows them. */
  imageOrigins?: string[];
  /** The routes and images it was compiled against: the cache takes it again only while they hold. */
  deps: CompileDeps;
}

/** The files besides its source that a page's HTML is made from: fragments, snippets' files, images. */
export function filesShownBy(page: Pick<CompiledMarkdown, 'includes' | 'assets'>): string[] {
  return [...(page.includes ?? []), ...page.assets.map((a) => a.source)];
}

/**
 * Time this thread spent on the pages' plain Markdown (build/output/page-markdown.ts), for the
 * benchmark's account of what the `.md` and llms outputs cost (scripts/bench-outputs.ts).
 */
let markdownOutputMs = 0;
export const markdownOutputTime = () => markdownOutputMs;

/**
 * The site's Markdown pass, one walk over the tree: directives, link and image rewriting,
 * code-block checks, plus the leading `# h1` (the layout prints the title itself) and the first
 * paragraph (the fallback meta description).
 */
function remarkSite() {
  return (tree: MdRoot, file: VFile) => {
    const ctx = contextOf(file);
    // The page's plain Markdown, from the tree before anything below changes it: one parse serves both outputs.
    const started = performance.now();
    file.data.markdown = markdownOfSource(tree, ctx.source, ctx.absPath, ctx.routes, (url, _from, kind) => publishedFile(url, ctx, kind)?.url);
    markdownOutputMs += performance.now() - started;
    const first = tree.children[0] as Heading | undefined;
    if (first?.type === 'heading' && first.depth === 1) {
      file.data.h1 = toString(first);
      tree.children.shift();
    }
    const paragraph = tree.children.find((n) => n.type === 'paragraph');
    if (paragraph) {
      const text = toString(paragraph).replace(/\s+/g, ' ').trim();
      file.data.excerpt = text.length > 160 ? `${text.slice(0, 157).replace(/\s+\S*$/, '')}…` : text;
    }
    // `![alt][label]` points at its file through a definition: made an image before the walk rewrites definitions as links.
    if (mayHoldImageReferences(ctx.source)) imageReferencesAsImages(tree);
    const directive = createDirectiveHandler(ctx);
    walk(tree, (node, index, parent) => {
      switch (node.type) {
        case 'containerDirective':
        case 'leafDirective':
        case 'textDirective':
          return directive(node as Directive, index, parent);
        case 'link':
        case 'definition':
          rewriteLink(node as Link | Definition, ctx);
          return;
        case 'image':
          rewriteImage(node as Image, ctx);
          return;
        case 'code': {
          if ((node as Code).lang === DIAGRAM_LANGUAGE) {
            const figure = diagramFigure(node as Code, ctx);
            if (figure) parent.children[index] = figure as never;
            return SKIP;
          }
          applyHighlightComments(node as Code);
          takeLanguageFlag(node as Code);
          checkCodeBlock(node as Code, ctx);
          return SKIP;
        }
        case 'blockquote':
          if (alertToAdmonition(node as Blockquote)) return directive(node as unknown as Directive, index, parent);
          return;
        case 'heading':
          takeCustomHeadingId(node as Heading);
          return;
        case 'html': {
          rejectJsxComponent(node as Html, ctx.file, (node as Html).position ? (node as Html).position!.start.line + ctx.lineOffset : undefined);
          file.data.hasRaw = true;
          const removed = removedFromRawHtml((node as Html).value);
          if (removed.length) warn(ctx, (node as Html).position?.start.line, `raw HTML the page does not get, removed by the sanitiser: ${removed.join(', ')} (write it in Markdown or a directive; see "Raw HTML" in the README)`);
          return;
        }
        case 'paragraph':
          warnColonsAsText(node as Paragraph, ctx);
          return;
      }
    });
  };
}

/**
 * Colons left as text at the start of a paragraph, said where they are, since the page shows them:
 * - a `:::` line: the container it was meant to close had been closed already, most often by the
 *   `:::` of a container nested inside it with as many colons (the outer fence closes at the first
 *   fence that is long enough, as in Docusaurus);
 * - `:::name Title` with a name that is no container here (a kind Docusaurus was configured with,
 *   a typo): only the known kinds take a title after a space (build/markdown/preprocess.ts).
 */
function warnColonsAsText(node: Paragraph, ctx: CompileContext) {
  const first = node.children[0];
  if (first?.type !== 'text' || !first.value.startsWith(':::')) return;
  const line = node.position?.start.line;
  if (node.children.length === 1 && /^:{3,}[ \t]*$/.test(first.value)) {
    warn(ctx, line, `"${first.value.trim()}" closes no container and is shown as text: a container nested in another needs fewer colons than the outer one (::::tip … :::danger … ::: … ::::)`);
    return;
  }
  const opening = /^:{3,}([a-z][\w-]*)[ \t]+\S/i.exec(first.value);
  if (opening) warn(ctx, line, `":::${opening[1]}" is no container this site knows and is shown as text; the containers are ${[...Object.keys(ADMONITION_TITLES), 'details', 'tabs'].join(', ')} and code-group, in lower case`);
}

// Re-parsing the whole tree through parse5 is the slowest step of the pipeline; most pages
// have no raw HTML, so only pay for it when there is some.
function rehypeRawWhenNeeded(this: Processor) {
  const raw = (rehypeRaw as (this: Processor) => (tree: Root, file: VFile) => Root).call(this);
  return (tree: Root, file: VFile) => (file.data.hasRaw ? raw(tree, file) : tree);
}

/**
 * The sites a page's images come from (`https://img.example.org`), sorted: the site's
 * Content-Security-Policy allows only its own images otherwise (build/render/csp.ts), and a
 * reader would see a broken image where the author saw none.
 */
function imageOriginsIn(tree: Root): string[] {
  const origins = new Set<string>();
  walk(tree, (n) => {
    const node = n as unknown as Element;
    if (node.type !== 'element' || node.tagName !== 'img' || typeof node.properties.src !== 'string') return;
    const src = node.properties.src;
    if (!/^(?:https?:)?\/\//i.test(src)) return;
    try {
      // `//host/x.png` is fetched with the page's scheme: the policy names the host alone, which means the same.
      origins.add(src.startsWith('//') ? new URL(src, 'https://site').host : new URL(src).origin);
    } catch {
      // not a URL a browser would load either
    }
  });
  return [...origins].sort();
}

/** After sanitising: heading ids, anchors and the TOC; code meta back where Prism reads it; tables as Tab stops. */
function rehypeSite() {
  return (tree: Root, file: VFile) => {
    // Only a page with an image and another site's address in its text, or with fragments, can
    // show that site's images. Walking every page with an address (the benchmark corpus's code
    // blocks hold http:// ones) took ~2 % more CPU in a cold build, in 5 alternated pairs.
    const ctx = contextOf(file);
    const mayShowOtherSites = (ctx.source.includes('![') || /<img\b/i.test(ctx.source)) && ctx.source.includes('//');
    if (mayShowOtherSites || ctx.includes?.length) file.data.imageOrigins = imageOriginsIn(tree);
    const headings = new HeadingIds(file.data.placeHeadings === true);
    if (file.data.hasRaw) {
      // Raw HTML's links and images as the Markdown's; its ids, so that no heading is given one of them.
      walk(tree, (n) => {
        const node = n as unknown as Element;
        if (node.type !== 'element') return;
        rewriteRawHtmlUrl(node, ctx);
        if (typeof node.properties.id === 'string') headings.reserve(node.properties.id, node.position?.start.line);
      });
    }
    const inlineTocs: Element[] = [];
    walk(tree, (n) => {
      const node = n as unknown as Element;
      if (node.type !== 'element') return SKIP;
      if (typeof node.properties.dataInlineToc === 'string') inlineTocs.push(node);
      if (node.tagName === 'pre') {
        const code = node.children[0] as Element | undefined;
        if (code?.type === 'element' && typeof code.properties.dataMeta === 'string') {
          code.data = { ...(code.data ?? {}), meta: code.properties.dataMeta } as Element['data'];
          delete code.properties.dataMeta;
        }
        return SKIP;
      }
      // A table wider than the column scrolls sideways, and a keyboard can only scroll what takes
      // focus. Which tables are wider depends on the screen, so every table starts as a Tab stop
      // (right without JavaScript, and before the client has measured); the client takes the
      // Tab stop away from the ones that fit (src/client/content-enhancers.ts).
      if (node.tagName === 'table') node.properties.tabIndex = 0;
      // A link to another site opens in a new tab, as the chrome's do: the same test as
      // src/theme/new-tab.ts, written here because a compiled page is cached by build/'s code alone.
      if (node.tagName === 'a' && typeof node.properties.href === 'string' && /^https?:\/\//i.test(node.properties.href)) {
        node.properties.target = '_blank';
        node.properties.rel = ['noopener', 'noreferrer'];
      }
      // GFM's footnote section has its own visually hidden heading: not part of the outline.
      if (node.tagName === 'section' && node.properties.dataFootnotes !== undefined) return SKIP;
      if (headings.heading(node)) return SKIP;
    });
    file.data.toc = headings.toc;
    file.data.headings = headings.placed;
    // Generated ids never repeat; one given by hand may: the second heading cannot be linked to.
    for (const { id, line } of headings.repeated) warn(contextOf(file), line, `two headings have the id "${id}": links to #${id} reach the first only; give this one another {#id}`);
    for (const { id, line } of headings.layoutClashes) warn(contextOf(file), line, `the id "${id}" is the page layout's own (the main content, the sidebar, a code block's switch): a link to #${id} would not reach this element; give it another id`);
    for (const node of inlineTocs) fillInlineToc(node, headings.toc);
  };
}

function createProcessor(mathSyntax: Pluggable[]) {
  return unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(mathSyntax)
    .use(remarkDirective)
    .use(remarkIncludes)
    .use(remarkSite)
    .use(remarkRehype, {
      allowDangerousHtml: true,
      footnoteLabel: 'Примечания',
      footnoteBackLabel: (i: number) => `Вернуться к тексту, сноска ${i + 1}`,
    })
    .use(rehypeRawWhenNeeded)
    .use(rehypeSanitize, sanitizeSchema)
    .use(rehypeMath)
    .use(rehypeSite)
    .use(rehypePrism, { ignoreMissing: true })
    .use(rehypeCodeBlocks)
    .use(rehypeSections)
    .use(rehypeStringify)
    .freeze();
}

const processor = perMathSetting(createProcessor);

/**
 * A page read as UTF-8 that is not (saved as Windows-1251 or Latin-1, or cut mid-character) has
 * its bad bytes turned into "�" by the decoder: say where the first one is, rather than publish
 * them. A "�" typed on purpose is told apart by nothing, and is as rare.
 */
function undecodedWarning(input: MarkdownInput): Warning | undefined {
  const at = input.body.indexOf('\uFFFD');
  if (at === -1) return undefined;
  let line = input.lineOffset + 1;
  for (let i = input.body.indexOf('\n'); i !== -1 && i < at; i = input.body.indexOf('\n', i + 1)) line++;
  return { file: input.file, line, message: 'bytes that are not UTF-8 were shown as "�" (the file is in another encoding, or damaged); save the file as UTF-8' };
}

function runProcessor(input: MarkdownInput, routeOfFile: Map<string, string>, placeHeadings = false): { html: string; vfile: VFile; ctx: CompileContext } {
  rejectModuleLines(input.body, input.file, input.lineOffset);
  const source = normaliseForeignForms(input.body);
  const deps: CompileContext['deps'] = { routes: new Map(), files: new Map() };
  const ctx: CompileContext = {
    file: input.file,
    absPath: input.absPath,
    source,
    lineOffset: input.lineOffset,
    routes: recordingRoutes(routeOfFile, deps),
    deps,
    warnings: [],
    assets: [],
    localFiles: new Map(),
  };
  const undecoded = undecodedWarning(input);
  if (undecoded) ctx.warnings.push(undecoded);
  const vfile = new VFile({ path: input.absPath, value: source, data: { ctx, placeHeadings } });
  return { html: String(processor().processSync(vfile)), vfile, ctx };
}

export function compileMarkdown(input: MarkdownInput, routeOfFile: Map<string, string>): CompiledMarkdown {
  const { html, vfile, ctx } = runProcessor(input, routeOfFile);
  return {
    h1: vfile.data.h1 as string | undefined,
    html,
    excerpt: vfile.data.excerpt as string | undefined,
    toc: (vfile.data.toc as TocEntry[] | undefined) ?? [],
    warnings: ctx.warnings,
    assets: ctx.assets,
    markdown: vfile.data.markdown as string,
    ...(ctx.includes?.length ? { includes: ctx.includes } : {}),
    ...(ctx.docCards ? { docCards: true as const } : {}),
    ...((vfile.data.imageOrigins as string[] | undefined)?.length ? { imageOrigins: vfile.data.imageOrigins as string[] } : {}),
    deps: depsOf(ctx.deps),
  };
}

/** The ids a page's headings get and where they stand (for `npm run write-heading-ids`): compiled as the build does. */
export function headingIdsOf(input: MarkdownInput, routeOfFile: Map<string, string>): PlacedHeading[] {
  return runProcessor(input, routeOfFile, true).vfile.data.headings as PlacedHeading[];
}
