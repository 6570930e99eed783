// Pages for machines, in the llmstxt.org format: /llms.txt lists every documentation page with
// its URL and description, grouped like the sidebars (one section per sidebar, categories as
// nested lists); /llms-full.txt is every page's Markdown in sidebar order. Links in llms.txt go
// to each page's own Markdown (`<route>.md`), which is what a language model reads best.
import type { SiteConfig } from '../../src/config/schema.ts';
import type { PageData, SidebarData, SidebarNode } from '../../src/data/types.ts';
import type { SourcePage } from '../model/content.ts';
import { markdownUrlOf } from '../model/routes.ts';
import { markdownDestination, markdownText, pageMarkdown, publishedMarkdownBytes } from './page-markdown.ts';
import { siteUrlOf } from '../model/site-url.ts';
import type { LlmsFullParts } from './llms-full-parts.ts';
import { hashOf } from './compress-core.ts';
import { SEGMENT_SETTINGS, segmentStarts, type GzipSegments, type PageStart } from './segmented-gzip.ts';

export interface LlmsInput {
  config: SiteConfig;
  siteUrl: string;
  sidebars: SidebarData[];
  /** Listed docs by route (unlisted pages and drafts are not in it). */
  pages: Map<string, PageData>;
}

/** The sidebar's label in the navbar ("Информация"), or its id when no navbar item names it. */
function sidebarLabel(config: SiteConfig, id: string): string {
  for (const item of config.navbar.items) {
    if (item.type === 'docSidebar' && item.sidebarId === id && item.label) return item.label;
  }
  return id;
}

/** Routes of a sidebar's pages in reading order (a category's own page before its items). */
export function routesInOrder(items: SidebarNode[]): string[] {
  return items.flatMap((n) => (n.type === 'link' ? [n.href] : [...(n.href ? [n.href] : []), ...routesInOrder(n.items)]));
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

export function renderLlmsTxt({ config, siteUrl, sidebars, pages }: LlmsInput): string {
  const line = (route: string, indent: string) => {
    const page = pages.get(route);
    if (!page) return [];
    const description = page.description ? `: ${oneLine(page.description)}` : '';
    return [`${indent}- [${markdownText(oneLine(page.title))}](${markdownDestination(`${siteUrl}${markdownUrlOf(route)}`)})${description}`];
  };
  const list = (items: SidebarNode[], indent: string): string[] => items.flatMap((n) => {
    if (n.type === 'link') return line(n.href, indent);
    const inner = [...(n.href ? line(n.href, `${indent}  `) : []), ...list(n.items, `${indent}  `)];
    return inner.length ? [`${indent}- ${oneLine(n.label)}`, ...inner] : [];
  });
  const sections = sidebars.map((s) => {
    const lines = list(s.items, '');
    return lines.length ? `## ${sidebarLabel(config, s.id)}\n\n${lines.join('\n')}\n` : '';
  }).filter(Boolean);
  return `# ${config.title}\n\n> ${oneLine(config.tagline)}\n\n`
    + `Документация ${config.title}, версия «${config.docs.version.label}». Каждая страница доступна и как Markdown: адрес страницы с окончанием .md.\n\n`
    + `${sections.join('\n')}`;
}

/** The listed docs that llms-full.txt holds, in its order: sidebar order, each page once. */
function llmsFullRoutes(sidebars: SidebarData[], has: (route: string) => boolean): string[] {
  const seen = new Set<string>();
  for (const s of sidebars) for (const route of routesInOrder(s.items)) if (has(route)) seen.add(route);
  return [...seen];
}

/** String.prototype.trimEnd() on UTF-8 bytes: only the tail is decoded. */
function trimEndBytes(data: Buffer): Buffer {
  const window = 256;
  const tail = data.subarray(Math.max(0, data.length - window)).toString('utf8');
  const kept = tail.trimEnd();
  // All of the window was whitespace: the rest may be too.
  if (kept.length === 0 && data.length > window) return Buffer.from(data.toString('utf8').trimEnd());
  return data.subarray(0, data.length - Buffer.byteLength(tail.slice(kept.length)));
}

const NEWLINE = Buffer.from('\n');

/**
 * llms-full.txt from each listed page's published Markdown (bytes, so that 10 MB of text is never
 * decoded and encoded again). With `parts` and page keys, unchanged pages are copied from the
 * previous llms-full.txt (build/output/llms-full-parts.ts).
 */
function renderLlmsFull({ config, siteUrl }: { config: SiteConfig; siteUrl: string }, routes: string[], page: (route: string) => { key?: string; content: () => Buffer }, parts?: LlmsFullParts): { data: Buffer; hash: string; starts: PageStart[] } {
  // Bytes, or where a part lies in the previous file: copied into place below.
  const pieces: (Buffer | [number, number])[] = [Buffer.from(`# ${config.title}\n\n> ${oneLine(config.tagline)}\n\n`)];
  const layout: [string, number, number][] = [];
  const starts: PageStart[] = [];
  let at = (pieces[0] as Buffer).length;
  routes.forEach((route, i) => {
    const { key, content } = page(route);
    starts.push({ route, at });
    const head = Buffer.from(`${i > 0 ? '\n---\n\n' : ''}<!-- ${siteUrl}${route} -->\n\n`);
    const body = (key && parts?.part(key)) || trimEndBytes(content());
    const length = Array.isArray(body) ? body[1] - body[0] : body.length;
    pieces.push(head, body, NEWLINE);
    at += head.length;
    if (key) layout.push([key, at, at + length]);
    at += length + 1;
  });
  const data = Buffer.allocUnsafe(at);
  let to = 0;
  for (const piece of pieces) {
    if (Array.isArray(piece)) {
      if (!parts!.copy(piece[0], piece[1], data, to)) {
        // The previous file is shorter than its layout said (cut since): made again without it.
        parts!.close();
        return renderLlmsFull({ config, siteUrl }, routes, page, parts);
      }
      to += piece[1] - piece[0];
    } else to += piece.copy(data, to);
  }
  // Hashed once: the layout's cache and the output's known bytes both name the file by it.
  const hash = hashOf(data);
  parts?.record(data, hash, layout);
  return { data, hash, starts };
}

export interface MachineFile {
  rel: string;
  /**
   * What decides the file's bytes, when the build can name it without making them (build/output/known-bytes.ts):
   * a page's title, the id of its compiled Markdown and the site's address.
   */
  key?: string;
  /** The file's content, made when asked for. */
  content: () => string | Buffer;
  /** hashOf(content()), when making it gives that too. */
  hash?: () => string;
  /** Its gzip copy is one of these files, made by the build, not by the compressor (llms-full.txt and that copy). */
  precompressed?: true;
  /** Work content() needs, done off the build's thread: awaited before content() when the file is to be made. */
  prepare?: () => Promise<void>;
}

/** Every doc's and Markdown page's `<route>.md`, and llms.txt / llms-full.txt over the listed docs. */
export function machinePages(input: { config: SiteConfig; sources: SourcePage[]; pages: PageData[]; sidebars: SidebarData[]; routeOfFile: Map<string, string>;
  /** Each source's Markdown made by the compile stage (build/markdown/compile.ts), as UTF-8; parsed here when absent. */
  compiledMarkdown?: (absPath: string) => Buffer | undefined;
  /** The id of that Markdown, which names its text (build/cache/body-store.ts): it keys the files made of it. */
  compiledMarkdownId?: (absPath: string) => string | undefined;
  /** The previous llms-full.txt's parts, for pages that did not change. */
  llmsFullParts?: LlmsFullParts;
  /** Given, llms-full.txt.gz is made too, from these cached segments (build/output/segmented-gzip.ts). */
  llmsFullGzip?: GzipSegments; }): MachineFile[] {
  const { config, sources, pages, sidebars, routeOfFile } = input;
  const siteUrl = siteUrlOf(config);
  const byRoute = new Map(pages.map((p) => [p.route, p]));
  const files: MachineFile[] = [];
  const listed = new Map<string, PageData>();
  const listedFiles = new Map<string, MachineFile>();
  for (const s of sources) {
    const page = byRoute.get(s.route);
    if (!page || (s.kind !== 'doc' && s.kind !== 'markdown-page')) continue;
    const id = input.compiledMarkdownId?.(s.absPath);
    // A page the compile stage did not make Markdown for is made from its source, taken now: the
    // build lets the sources' texts go before the files are made.
    const source = id ? undefined : s.body;
    const content = () => {
      const compiled = input.compiledMarkdown?.(s.absPath);
      return compiled === undefined ? Buffer.from(pageMarkdown(page.title, source ?? s.body, s.absPath, { siteUrl, routeOfFile })) : publishedMarkdownBytes(page.title, compiled, siteUrl);
    };
    const file: MachineFile = { rel: markdownUrlOf(s.route).slice(1), ...(id ? { key: JSON.stringify([page.title, id, siteUrl]) } : {}), content };
    files.push(file);
    if (s.kind === 'doc' && !page.unlisted) {
      listed.set(s.route, page);
      listedFiles.set(s.route, file);
    }
  }
  // llms-full.txt is keyed by its pages' keys in its order, when every page has one.
  const fullRoutes = llmsFullRoutes(sidebars, (route) => listedFiles.has(route));
  const fullKeys = fullRoutes.map((route) => listedFiles.get(route)!.key);
  const fullKey = fullKeys.every(Boolean) ? JSON.stringify([config.title, config.tagline, siteUrl, fullRoutes, fullKeys]) : undefined;
  // Made once, for the file and its gzip copy, and only if one of them is asked for.
  let full: ReturnType<typeof renderLlmsFull> | undefined;
  const makeFull = () => (full ??= renderLlmsFull({ config, siteUrl }, fullRoutes, (route) => listedFiles.get(route) as { key?: string; content: () => Buffer }, input.llmsFullParts));
  const gzip = input.llmsFullGzip;
  files.push(
    // Keyed by all it is made of, so that an edit that changes no title or description links the previous one.
    { rel: 'llms.txt', key: JSON.stringify([config.title, config.tagline, config.docs.version.label, config.navbar.items, siteUrl, sidebars, [...listed].map(([route, p]) => [route, p.title, p.description])]),
      content: () => renderLlmsTxt({ config, siteUrl, sidebars, pages: listed }) },
    { rel: 'llms-full.txt', ...(fullKey ? { key: fullKey } : {}), content: () => makeFull().data, hash: () => makeFull().hash, ...(gzip ? { precompressed: true } : {}) },
  );
  if (gzip) {
    files.push({
      rel: 'llms-full.txt.gz', ...(fullKey ? { key: JSON.stringify([SEGMENT_SETTINGS, fullKey]) } : {}), precompressed: true,
      prepare: () => {
        const { data, starts } = makeFull();
        return gzip.prepare(data, segmentStarts(starts));
      },
      content: () => {
        const { data, starts } = makeFull();
        return gzip.gzip(data, segmentStarts(starts));
      },
    });
  }
  return files;
}
