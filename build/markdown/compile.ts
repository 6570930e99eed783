// Markdown → HTML for one page. One unified processor per thread, reused for every page.
import type { Root as MdRoot, Code, Heading } from 'mdast';
import type { Root, Element, Nodes } from 'hast';
import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import { VFile } from 'vfile';
import type { Warning } from '../errors.ts';
import type { AssetRef, CompileContext } from './context.ts';
import { remarkSiteDirectives } from './directives.ts';
import { remarkSiteLinks } from './links.ts';
import { remarkCheckCodeLanguages, rehypeCodeBlocks } from './code.ts';
import { rehypeHeadings, type TocEntry } from './headings.ts';
import { rehypePrism } from './highlighter.ts';
import { normaliseAdmonitionTitles } from './preprocess.ts';
import { sanitizeSchema } from './sanitize.ts';

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
}

/** Takes a leading `# h1` off the page: the layout renders the title itself. */
function remarkLeadingH1() {
  return (tree: MdRoot, file: VFile) => {
    const first = tree.children[0] as Heading | undefined;
    if (first?.type === 'heading' && first.depth === 1) {
      file.data.h1 = toString(first);
      tree.children.shift();
    }
  };
}

/** Keeps the first paragraph's text as the page's fallback description. */
function remarkExcerpt() {
  return (tree: MdRoot, file: VFile) => {
    const first = tree.children.find((n) => n.type === 'paragraph');
    if (!first) return;
    const text = toString(first).replace(/\s+/g, ' ').trim();
    file.data.excerpt = text.length > 160 ? `${text.slice(0, 157).replace(/\s+\S*$/, '')}…` : text;
  };
}

// rehype-sanitize rebuilds nodes and drops `data`, where remark-rehype keeps a fence's meta
// string (`title="…" {1,3}`); park it in a data attribute across the sanitiser and restore it.
function remarkKeepCodeMeta() {
  return (tree: MdRoot) => {
    visit(tree, 'code', (node: Code) => {
      if (node.meta) node.data = { ...(node.data ?? {}), hProperties: { dataMeta: node.meta } };
    });
  };
}

function rehypeRestoreCodeMeta() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName === 'code' && typeof node.properties.dataMeta === 'string') {
        node.data = { ...(node.data ?? {}), meta: node.properties.dataMeta } as Element['data'];
        delete node.properties.dataMeta;
      }
    });
  };
}

// Re-parsing the whole tree through parse5 is the slowest step of the pipeline; most pages
// have no raw HTML, so only pay for it when there is some.
function rehypeRawWhenNeeded(this: Processor) {
  const raw = (rehypeRaw as (this: Processor) => (tree: Root, file: VFile) => Root).call(this);
  return (tree: Root, file: VFile) => {
    let found = false;
    visit(tree as Nodes, 'raw', () => {
      found = true;
      return false;
    });
    return found ? raw(tree, file) : tree;
  };
}

function createProcessor() {
  return unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkDirective)
    .use(remarkLeadingH1)
    .use(remarkExcerpt)
    .use(remarkSiteDirectives)
    .use(remarkSiteLinks)
    .use(remarkCheckCodeLanguages)
    .use(remarkKeepCodeMeta)
    .use(remarkRehype, {
      allowDangerousHtml: true,
      footnoteLabel: 'Примечания',
      footnoteBackLabel: (i: number) => `Вернуться к тексту, сноска ${i + 1}`,
    })
    .use(rehypeRawWhenNeeded)
    .use(rehypeSanitize, sanitizeSchema)
    .use(rehypeRestoreCodeMeta)
    .use(rehypeHeadings)
    .use(rehypePrism, { ignoreMissing: true })
    .use(rehypeCodeBlocks)
    .use(rehypeStringify)
    .freeze();
}

let processor: ReturnType<typeof createProcessor> | undefined;

export function compileMarkdown(input: MarkdownInput, routeOfFile: Map<string, string>): CompiledMarkdown {
  processor ??= createProcessor();
  const source = normaliseAdmonitionTitles(input.body);
  const ctx: CompileContext = {
    file: input.file,
    absPath: input.absPath,
    source,
    lineOffset: input.lineOffset,
    routeOfFile,
    warnings: [],
    assets: [],
  };
  const vfile = new VFile({ path: input.absPath, value: source, data: { ctx } });
  const html = String(processor.processSync(vfile));
  return {
    h1: vfile.data.h1 as string | undefined,
    html,
    excerpt: vfile.data.excerpt as string | undefined,
    toc: (vfile.data.toc as TocEntry[] | undefined) ?? [],
    warnings: ctx.warnings,
    assets: ctx.assets,
  };
}
