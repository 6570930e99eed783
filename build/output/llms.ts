// Pages for machines, in the llmstxt.org format: /llms.txt lists every documentation page with
// its URL and description, grouped like the sidebars (one section per sidebar, categories as
// nested lists); /llms-full.txt is every page's Markdown in sidebar order. Links in llms.txt go
// to each page's own Markdown (`<route>.md`), which is what a language model reads best.
import type { SiteConfig } from '../../src/config/schema.ts';
import type { PageData, SidebarData, SidebarNode } from '../../src/data/types.ts';
import type { SourcePage } from '../model/content.ts';
import { markdownUrlOf } from '../model/routes.ts';
import { pageMarkdown, publishedMarkdown, siteUrlOf } from './page-markdown.ts';

export interface LlmsInput {
  config: SiteConfig;
  siteUrl: string;
  sidebars: SidebarData[];
  /** Listed docs by route (unlisted pages and drafts are not in it). */
  pages: Map<string, PageData>;
  /** Each listed doc's Markdown by route. */
  markdown: Map<string, string>;
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
    return [`${indent}- [${oneLine(page.title)}](${siteUrl}${markdownUrlOf(route)})${description}`];
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

export function renderLlmsFullTxt({ config, siteUrl, sidebars, markdown }: LlmsInput): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const s of sidebars) {
    for (const route of routesInOrder(s.items)) {
      const md = markdown.get(route);
      if (!md || seen.has(route)) continue;
      seen.add(route);
      parts.push(`<!-- ${siteUrl}${route} -->\n\n${md.trimEnd()}\n`);
    }
  }
  return `# ${config.title}\n\n> ${oneLine(config.tagline)}\n\n${parts.join('\n---\n\n')}`;
}

export interface MachineFile {
  rel: string;
  content: string;
}

/** Every doc's and Markdown page's `<route>.md`, and llms.txt / llms-full.txt over the listed docs. */
export function machinePages(input: { config: SiteConfig; sources: SourcePage[]; pages: PageData[]; sidebars: SidebarData[]; routeOfFile: Map<string, string>;
  /** Each source's Markdown made by the compile stage (build/markdown/compile.ts); parsed here when absent. */
  compiledMarkdown?: (absPath: string) => string | undefined; }): MachineFile[] {
  const { config, sources, pages, sidebars, routeOfFile } = input;
  const siteUrl = siteUrlOf(config);
  const byRoute = new Map(pages.map((p) => [p.route, p]));
  const files: MachineFile[] = [];
  const listed = new Map<string, PageData>();
  const markdown = new Map<string, string>();
  for (const s of sources) {
    const page = byRoute.get(s.route);
    if (!page || (s.kind !== 'doc' && s.kind !== 'markdown-page')) continue;
    const compiled = input.compiledMarkdown?.(s.absPath);
    const md = compiled === undefined ? pageMarkdown(page.title, s.body, s.absPath, { siteUrl, routeOfFile }) : publishedMarkdown(page.title, compiled, siteUrl);
    files.push({ rel: markdownUrlOf(s.route).slice(1), content: md });
    if (s.kind === 'doc' && !page.unlisted) {
      listed.set(s.route, page);
      markdown.set(s.route, md);
    }
  }
  const llms = { config, siteUrl, sidebars, pages: listed, markdown };
  files.push({ rel: 'llms.txt', content: renderLlmsTxt(llms) }, { rel: 'llms-full.txt', content: renderLlmsFullTxt(llms) });
  return files;
}
