// `npm run migrate -- <docusaurus site> <target docs folder>`: converts every page of a Docusaurus
// docs folder into this generator's Markdown, copies its other files, and reports what it could
// not convert. The result always builds: what cannot be converted is kept on its page, marked.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { readDocusaurusSite, MigrateUsageError } from './docusaurus-site.ts';
import { Plan, relativeUrl, type PlannedFile } from './plan.ts';
import { convertFrontMatter } from './front-matter.ts';
import { convertBody } from './convert-body.ts';
import { rewriteUrls } from './urls.ts';
import { LinkTargets } from './link-targets.ts';
import { takeMarkers } from './unconverted.ts';
import { suggestSidebars } from './sidebars.ts';
import { suggestRedirects, type MovedPage } from './redirects.ts';
import { splitFrontMatter } from '../model/frontmatter.ts';
import { readTextFile } from '../model/source-file.ts';
import { isCategoryIndexName } from '../model/category-index.ts';
import { docIdAndRoute, routeOfSlug } from '../model/content.ts';
import { convertCategory, readCategorySettings, type CategorySettings } from './categories.ts';
import { cardList } from './doc-cards.ts';
import { splitNumberPrefix, withoutNumberPrefixes } from '../model/number-prefix.ts';
import type { FileReport, MigrationReport, ReportItem } from './report.ts';

export { MigrateUsageError };

export interface MigrateOptions {
  siteDir: string;
  targetDir: string;
  /** Write into a target folder that is not empty (files of the same name are replaced). */
  force?: boolean;
  /** The target site's static folder: static files the pages link to are copied there, keeping their URLs. */
  staticDir?: string;
}

function checkTarget(targetDir: string, docsDir: string, force: boolean) {
  const inside = (a: string, b: string) => a === b || a.startsWith(b + path.sep);
  if (inside(targetDir, docsDir) || inside(docsDir, targetDir)) {
    throw new MigrateUsageError(`the target folder ${targetDir} overlaps the Docusaurus docs folder ${docsDir}; choose another one`);
  }
  if (!existsSync(targetDir)) return;
  if (!statSync(targetDir).isDirectory()) throw new MigrateUsageError(`the target ${targetDir} exists and is not a folder`);
  if (readdirSync(targetDir).length > 0 && !force) {
    throw new MigrateUsageError(`the target folder ${targetDir} is not empty; choose an empty or new folder, or add --force to write into it`);
  }
}

/** The folder of a target path ('' for the root). */
const folderOf = (target: string) => (path.posix.dirname(target) === '.' ? '' : path.posix.dirname(target));

/** A folder as Docusaurus's doc ids write it: number prefixes dropped. */
const folderIdOf = (folder: string) => withoutNumberPrefixes(folder.split('/').filter(Boolean).join('/'));

/** Category settings by target folder, read from the planned `_category_` files. */
function categoriesOf(plan: Plan): (folder: string) => CategorySettings | undefined {
  const byFolder = new Map<string, CategorySettings>();
  for (const f of plan.files) {
    if (f.kind !== 'copy' || !/(^|\/)_category_\.(json|ya?ml)$/.test(f.target)) continue;
    const folder = folderOf(f.target);
    byFolder.set(folder, readCategorySettings(readFileSync(f.source, 'utf8'), folderIdOf(folder), (id) => plan.ourDocId(id)));
  }
  return (folder) => byFolder.get(folder);
}

/** Converts one page or partial; returns its text and what the report says about it. */
function convertFile(file: PlannedFile, plan: Plan, links: LinkTargets, docCards: () => string | undefined): { text: string; items: ReportItem[] } {
  const source = readTextFile(file.source);
  const fm = file.kind === 'page'
    ? convertFrontMatter(source, { stem: file.stem!, keepOwnPrefix: file.keepOwnPrefix, docIdOf: (id) => plan.ourDocId(id) })
    : convertFrontMatter(source, { stem: path.basename(file.target, '.md'), docIdOf: (id) => plan.ourDocId(id) });
  const mode = file.source.endsWith('.mdx') ? 'mdx' : plan.site.mdMode;
  const importedFile = (from: string) => (from.startsWith('@site/') ? path.join(plan.site.siteDir, from.slice('@site/'.length))
    : from.startsWith('.') ? path.resolve(path.dirname(file.source), from) : undefined);
  const body = convertBody(fm.body, {
    mode,
    math: plan.site.math,
    docCards,
    includePath(from) {
      const abs = importedFile(from);
      if (!abs) return undefined;
      if (!plan.ofSource(abs) && !existsSync(abs)) return undefined;
      const partial = plan.fragmentOf(abs, () => {
        const base = path.basename(abs).replace(/\.mdx?$/, '.md');
        return plan.adopt(abs, '_partials', base.startsWith('_') ? base : `_${base}`, 'partial');
      });
      return relativeUrl(file.target, partial.target);
    },
    snippetPath(from) {
      const abs = importedFile(from);
      if (!abs || !existsSync(abs)) return undefined;
      // A file of the docs folder is copied with it; one from elsewhere goes to _snippets/.
      const copy = plan.ofSource(abs) ?? plan.adopt(abs, '_snippets', path.basename(abs), 'copy');
      return relativeUrl(file.target, copy.target);
    },
  });
  const urls = rewriteUrls(body.markdown, (url, kind) => links.decide(file, url, kind));
  const head = fm.block && urls.text ? `${fm.block}\n` : fm.block;
  const headLines = head.split('\n').length - 1;
  const { text, lines } = takeMarkers(head + urls.text);
  const items: ReportItem[] = [
    ...fm.items,
    ...body.items.map(({ marker, ...item }) => ({
      ...item,
      sourceLine: item.sourceLine === undefined ? undefined : item.sourceLine + fm.sourceLines,
      targetLine: marker === undefined ? undefined : lines.get(marker),
    })),
    ...urls.problems.map((p) => ({ kind: 'not-converted' as const, targetLine: p.line + headLines, what: p.what, todo: p.todo })),
  ];
  return { text, items: items.sort((a, b) => (a.targetLine ?? a.sourceLine ?? 0) - (b.targetLine ?? b.sourceLine ?? 0)) };
}

/** A converted page's route in this generator (build/model/content.ts's, from its path and front matter); null for a draft, which is not built. */
function routeHere(target: string, text: string): string | null {
  try {
    const { frontMatter } = splitFrontMatter(text, target);
    if (frontMatter.draft) return null;
    return docIdAndRoute(target, frontMatter, target, text).route;
  } catch {
    return null; // front matter the build rejects: the report lists it already
  }
}

export function migrate(options: MigrateOptions): MigrationReport {
  const site = readDocusaurusSite(options.siteDir);
  const targetDir = path.resolve(options.targetDir);
  checkTarget(targetDir, site.docsDir, options.force ?? false);
  const plan = new Plan(site);
  const links = new LinkTargets(plan, options.staticDir ? path.resolve(options.staticDir) : undefined);
  const files: FileReport[] = [];
  const written: { file: PlannedFile; text?: string }[] = [];
  const moved: MovedPage[] = [];
  const categoryOf = categoriesOf(plan);
  const categoryLabelSlugger = new GithubSlugger();
  const general: string[] = [];
  const staticLists = new Set<string>();
  // The plan grows while pages are converted (partials from outside the docs, static images).
  for (let i = 0; i < plan.files.length; i++) {
    const file = plan.files[i];
    const sourceRel = path.relative(site.siteDir, file.source).split(path.sep).join('/');
    const category = /(^|\/)_category_\.(json|ya?ml)$/.exec(file.target);
    if (file.kind === 'copy' && category) {
      const original = readFileSync(file.source, 'utf8');
      // A generated-index category is built here too (build/model/generated-index.ts): the file
      // stays as it is; only its page's old URL joins the redirects. Docusaurus put the page at its
      // slug, else at /category/ and its label slugged (github-slugger, one for all categories);
      // here it is at the slug, else at the folder's route.
      const folder = folderOf(file.target);
      const settings = categoryOf(folder);
      const generated = settings?.generatedIndex;
      if (generated) {
        const label = settings!.label ?? splitNumberPrefix(path.posix.basename(folder)).name;
        const oldSlug = generated.slug ?? `/category/${categoryLabelSlugger.slug(label)}`;
        // The folder as the build's routes write it (number prefixes dropped: build/model/number-prefix.ts).
        const indexRel = `${folderIdOf(folder)}/index.md`;
        const route = generated.slug ? routeOfSlug(generated.slug, indexRel, indexRel, '') : `/${folderIdOf(folder)}`;
        moved.push({ oldUrl: `${site.baseUrl.replace(/\/$/, '')}/${[site.routeBasePath, ...oldSlug.split('/')].filter(Boolean).join('/')}`, route });
      }
      const { text, items } = convertCategory(original, category[2] === 'json', folderIdOf(folderOf(file.target)), (id) => plan.ourDocId(id));
      written.push({ file, text: text === original ? undefined : text });
      if (text !== original) files.push({ source: sourceRel, target: file.target, items });
      continue;
    }
    if (file.kind === 'copy') {
      written.push({ file });
      continue;
    }
    const docCards = () => {
      // The page its folder's category links to (its _category_ link, or the index/README/same-name
      // convention, which the build follows too): ::doc-cards, which keeps following the folder.
      const folder = folderOf(file.target);
      const linked = categoryOf(folder)?.linkDocId;
      if (folder && (linked ? linked === file.target.replace(/\.md$/, '') : isCategoryIndexName(path.posix.basename(file.target, '.md'), folder))) return '::doc-cards';
      // Elsewhere a list written once, linked as the page's other links are (to the Docusaurus files; rewritten afterwards).
      const list = cardList(plan.files, folderOf(file.target), file.target, categoryOf,
        (page) => relativeUrl(path.relative(site.docsDir, file.source).split(path.sep).join('/'), path.relative(site.docsDir, page.source).split(path.sep).join('/')));
      if (list !== undefined) staticLists.add(file.target);
      return list;
    };
    const { text, items } = convertFile(file, plan, links, docCards);
    written.push({ file, text });
    if (file.kind === 'page' && file.route !== undefined) moved.push({ oldUrl: `${site.baseUrl.replace(/\/$/, '')}${file.route}`, route: routeHere(file.target, text) });
    files.push({ source: sourceRel, target: file.target, items });
  }
  for (const { file, text } of written) {
    const out = path.join(targetDir, file.target);
    mkdirSync(path.dirname(out), { recursive: true });
    if (text === undefined) copyFileSync(file.source, out);
    else writeFileSync(out, text);
  }
  for (const copy of links.staticCopies) {
    const out = path.join(path.resolve(options.staticDir!), copy.rel);
    mkdirSync(path.dirname(out), { recursive: true });
    copyFileSync(copy.source, out);
  }

  if (staticLists.size > 0) general.push(`DocCardList: on ${staticLists.size} page(s) that no category links to, written as a list of links to the folder's pages; those lists no longer follow the folders: edit them when pages come and go.`);
  const copied = written.filter((w) => w.text === undefined);
  const categories = copied.filter((w) => /(^|\/)_category_\.(json|ya?ml)$/.test(w.file.target)).length;
  if (copied.length > 0) general.push(`Copied ${copied.length} other file(s) as they are (${categories} _category_ file(s); static images into _static/).`);
  if (links.staticCopies.length > 0) general.push(`Copied ${links.staticCopies.length} static file(s) into ${options.staticDir}.`);
  let sidebarsSnippet: string | undefined;
  if (site.sidebarsFile) {
    const name = path.basename(site.sidebarsFile);
    general.push(`Sidebars: ${name} was not run. Here sidebars are configured in src/site.config.ts (\`sidebars\`, same item shapes, doc ids are file paths without .md);`
      + ' a folder can also be listed with { type: \'autogenerated\', dirName: \'.\' }.');
    const suggestion = suggestSidebars(site.sidebarsFile, (id) => plan.ourDocId(id));
    general.push(...suggestion.notes.map((n) => `Sidebars: ${n}.`));
    sidebarsSnippet = suggestion.snippet;
  }
  const inPrefixedFolder = (f: PlannedFile) => f.kind === 'page' && path.posix.dirname(f.target).split('/').some((d) => splitNumberPrefix(d).number !== undefined);
  if (!site.parsesNumberPrefixes && plan.files.some(inPrefixedFolder)) {
    general.push('Number prefixes: Docusaurus kept them in ids and URLs (numberPrefixParser: false). Pages keep theirs here (parse_number_prefixes: false), but a folder\'s prefix is never part of an id or URL here: the pages in such folders have new URLs (redirected below) and ids (the sidebars snippet uses them).');
  }
  if (site.math) general.push('Formulas: the Docusaurus config reads TeX between dollar signs (remark-math). Set `markdown: { math: true }` in src/site.config.ts: the same $…$ and $$ … $$ are shown as MathML, with no KaTeX stylesheet to load.');
  if (site.mermaid) general.push('Mermaid: the ```mermaid blocks stay as they are. The first build draws them (it needs Chromium, /usr/bin/chromium or CHROMIUM_PATH) into docs/_diagrams/: commit that folder, and later builds need no browser.');
  const redirects = suggestRedirects(moved, site.configFile ? readFileSync(site.configFile, 'utf8') : '', site.baseUrl);
  general.push(...redirects.notes.map((n) => `Redirects: ${n}.`));
  return { siteDir: site.siteDir, targetDir, files, general, sidebarsSnippet, redirectsSnippet: redirects.snippet };
}
