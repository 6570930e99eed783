// Reads what a Docusaurus site folder says about its docs without running any of its JavaScript:
// where the docs are (`docs:` preset options `path`, `routeBasePath`, `sidebarPath`), its
// `baseUrl`, its static folders, whether `.md` files are MDX (`markdown.format`), and every file
// under the docs folder with the id and URL Docusaurus gives it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { matchingBrace } from './js-literal.ts';
import type { SyntaxMode } from './mdx-tokens.ts';
import { splitNumberPrefix } from '../model/number-prefix.ts';

export class MigrateUsageError extends Error {}

export interface DocusaurusSite {
  siteDir: string;
  configFile?: string;
  docsDir: string;
  /** `docs` by default, '' when the docs are the site root. */
  routeBasePath: string;
  baseUrl: string;
  staticDirs: string[];
  /** How `.md` files are read: MDX unless `markdown.format` is `md` or `detect`. */
  mdMode: SyntaxMode;
  /** Number prefixes leave ids and URLs (`01-intro.md` is `intro`), unless the docs options say `numberPrefixParser: false`. */
  parsesNumberPrefixes: boolean;
  sidebarsFile?: string;
  /** Its config reads TeX formulas (remark-math, rehype-katex): the site here does with `markdown: { math: true }`. */
  math: boolean;
  /** Its config draws Mermaid diagrams (`markdown.mermaid`, @docusaurus/theme-mermaid), which this site shows as code. */
  mermaid: boolean;
}

const CONFIG_FILES = ['docusaurus.config.js', 'docusaurus.config.ts', 'docusaurus.config.mjs', 'docusaurus.config.cjs', 'docusaurus.config.mts'];

/** The `{…}` object literal that follows `key:` in a config source, as text; undefined when absent. */
function objectAfter(source: string, key: string): string | undefined {
  const m = new RegExp(`\\b${key}\\s*:\\s*\\{`).exec(source);
  if (!m) return undefined;
  const open = m.index + m[0].length - 1;
  const end = matchingBrace(source, open);
  return end === -1 ? undefined : source.slice(open, end);
}

function stringOption(source: string | undefined, key: string): string | undefined {
  if (!source) return undefined;
  const m = new RegExp(`\\b${key}\\s*:\\s*(['"\`])([^'"\`]*)\\1`).exec(source);
  return m?.[2];
}

export function readDocusaurusSite(siteDir: string): DocusaurusSite {
  const abs = path.resolve(siteDir);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) throw new MigrateUsageError(`the Docusaurus site folder ${siteDir} does not exist`);
  const configName = CONFIG_FILES.find((f) => existsSync(path.join(abs, f)));
  const config = configName ? readFileSync(path.join(abs, configName), 'utf8') : '';
  // The docs options live under the classic preset's `docs: {…}` (or a docs plugin's options).
  const docsOptions = objectAfter(config, 'docs');
  const docsDir = path.resolve(abs, stringOption(docsOptions, 'path') ?? 'docs');
  if (!existsSync(docsDir) || !statSync(docsDir).isDirectory()) {
    throw new MigrateUsageError(`${siteDir} has no docs folder (${path.relative(process.cwd(), docsDir) || docsDir}); give the folder that holds docusaurus.config.js`);
  }
  const routeBasePath = (stringOption(docsOptions, 'routeBasePath') ?? 'docs').replace(/^\/+|\/+$/g, '');
  const baseUrl = stringOption(config, 'baseUrl') ?? '/';
  const staticList = /\bstaticDirectories\s*:\s*\[([^\]]*)\]/.exec(config)?.[1];
  const staticNames = staticList ? [...staticList.matchAll(/(['"])([^'"]+)\1/g)].map((m) => m[2]) : ['static'];
  const format = stringOption(objectAfter(config, 'markdown'), 'format');
  const sidebarPath = stringOption(docsOptions, 'sidebarPath');
  const sidebarCandidates = sidebarPath ? [sidebarPath] : ['sidebars.js', 'sidebars.ts', 'sidebars.mjs', 'sidebars.cjs'];
  const sidebars = sidebarCandidates.map((f) => path.resolve(abs, f)).find((f) => existsSync(f));
  return {
    siteDir: abs,
    configFile: configName ? path.join(abs, configName) : undefined,
    docsDir,
    routeBasePath,
    baseUrl: baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`,
    staticDirs: staticNames.map((s) => path.resolve(abs, s)).filter((d) => existsSync(d)),
    mdMode: format === 'md' || format === 'detect' ? 'md' : 'mdx',
    parsesNumberPrefixes: !/\bnumberPrefixParser\s*:\s*false\b/.test(docsOptions ?? ''),
    sidebarsFile: sidebars,
    math: /['"](?:remark-math|rehype-katex|rehype-mathjax)['"]/.test(config),
    mermaid: /['"]@docusaurus\/theme-mermaid['"]|\bmermaid\s*:\s*true\b/.test(config),
  };
}

/** Files under a folder, relative and `/`-separated, sorted; build output and dependencies skipped. */
export function listTree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => !f.split('/').some((p) => p === 'node_modules' || p === '.git' || p === '.docusaurus' || p === '.DS_Store'))
    .filter((f) => statSync(path.join(dir, f)).isFile())
    .sort();
}

/** The front matter keys that decide a doc's id and URL in Docusaurus. */
export function readIdAndSlug(source: string): { id?: string; slug?: string; parseNumberPrefixes?: boolean } {
  const m = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!m) return {};
  try {
    const data = parseYaml(m[1]) as Record<string, unknown> | null;
    return {
      id: typeof data?.id === 'string' ? data.id : undefined,
      slug: typeof data?.slug === 'string' ? data.slug : undefined,
      parseNumberPrefixes: typeof data?.parse_number_prefixes === 'boolean' ? data.parse_number_prefixes : undefined,
    };
  } catch {
    return {};
  }
}

/**
 * The doc id and URL Docusaurus gives `rel` (relative to the docs folder): folder and file number
 * prefixes removed (unless the site's `numberPrefixParser: false`; the file's kept with its front
 * matter `parse_number_prefixes: false`), `id` replacing the file name, `slug` the URL (absolute,
 * or relative to the folder), an `index`/`README`/same-name-as-folder file standing for its folder.
 */
export function docusaurusDoc(rel: string, source: string, site: Pick<DocusaurusSite, 'routeBasePath' | 'parsesNumberPrefixes'>): { id: string; route: string } {
  const parts = rel.replace(/\.mdx?$/, '').split('/');
  const file = parts.pop()!;
  const dirs = parts.map((p) => (site.parsesNumberPrefixes ? splitNumberPrefix(p).name : p));
  const { id, slug, parseNumberPrefixes } = readIdAndSlug(source);
  const stem = site.parsesNumberPrefixes && parseNumberPrefixes !== false ? splitNumberPrefix(file).name : file;
  const dir = dirs.join('/');
  const docId = [...dirs, id ?? stem].join('/');
  let urlPath: string;
  if (slug !== undefined) urlPath = slug.startsWith('/') ? slug : path.posix.normalize(`/${dir}/${slug}`);
  else if (/^(index|readme)$/i.test(stem) || stem === dirs[dirs.length - 1]) urlPath = `/${dir}`;
  else urlPath = `/${dir ? `${dir}/` : ''}${id ?? stem}`;
  const route = `/${[site.routeBasePath, ...urlPath.split('/')].filter(Boolean).join('/')}`;
  return { id: docId, route };
}
