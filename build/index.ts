// The build, top to bottom: config → content → routes → Markdown → sidebars → bundles →
// render → static files → link check → swap into place. Each step lives in its own module;
// this file only orders them, times them and collects warnings.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../src/config/schema.ts';
import type { InitialData, PageData, SidebarData } from '../src/data/types.ts';
import { prepaintScript } from '../src/client/prepaint.ts';
import { bundleClient, bundleServer, type BundleInput } from './bundle.ts';
import { compilePages } from './compile-stage.ts';
import { adaptConfigToDocs, loadSiteConfig } from './config.ts';
import { discoverContent, type SourcePage } from './content.ts';
import type { Warning } from './errors.ts';
import { renderDocument } from './html-document.ts';
import { buildCsp, CSP_FILE } from './csp.ts';
import { checkAnchors } from './anchors.ts';
import { checkLinks } from './links.ts';
import type { CompiledMarkdown } from './markdown/compile.ts';
import { copyStatic, discardStaging, OutputWriter, prepareStaging, stagingDirFor, swapInto, writeOut } from './output.ts';
import { checkRoutes, dataPathOf, htmlPathOf, NOT_FOUND_ROUTE } from './routes.ts';
import { configLocation, resolveSidebars } from './sidebars.ts';
import { renderRobots, renderSitemap } from './sitemap.ts';
import { measureFirstLoad, type FirstLoad } from './stats.ts';
import { hashKey, KeyValueCache } from './kv-cache.ts';

export interface BuildOptions {
  projectRoot: string;
  docsDir?: string;
  /** src/pages by default; null builds docs only. */
  pagesDir?: string | null;
  configPath?: string;
  staticDir?: string;
  outDir?: string;
  /** .cache by default; null turns the compiled-page cache off. */
  cacheDir?: string | null;
  checkLinks?: boolean;
}

export interface BuildResult {
  outDir: string;
  pages: number;
  warnings: Warning[];
  timings: Record<string, number>;
  compiled: number;
  cached: number;
  workers: number;
  firstLoad: FirstLoad;
  adaptedConfig: boolean;
}

function humanise(id: string): string {
  const last = id.split('/').pop() ?? id;
  return last.charAt(0).toUpperCase() + last.slice(1).replace(/[-_]/g, ' ');
}

function tocFor(page: SourcePage, compiled: CompiledMarkdown, config: SiteConfig) {
  if (page.frontMatter.hide_table_of_contents) return [];
  const min = page.frontMatter.toc_min_heading_level ?? config.toc.minHeadingLevel;
  const max = page.frontMatter.toc_max_heading_level ?? config.toc.maxHeadingLevel;
  return compiled.toc.filter((t) => t.level >= min && t.level <= max);
}

const hashOf = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 10);

export async function build(options: BuildOptions): Promise<BuildResult> {
  // React picks its development or production build when first imported; the server render
  // must use production (the development build is ~5x slower and warns about things we test).
  process.env.NODE_ENV ??= 'production';
  const root = path.resolve(options.projectRoot);
  const docsDir = path.resolve(options.docsDir ?? path.join(root, 'docs'));
  const outDir = path.resolve(options.outDir ?? path.join(root, 'dist'));
  const cacheDir = options.cacheDir === null ? null : path.resolve(options.cacheDir ?? path.join(root, '.cache'));
  const configPath = path.resolve(options.configPath ?? path.join(root, 'src', 'site.config.ts'));
  const staticDir = path.resolve(options.staticDir ?? path.join(root, 'static'));
  const timings: Record<string, number> = {};
  const warnings: Warning[] = [];
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - t);
    t = now;
  };

  // 1. Config and content.
  const loaded = await loadSiteConfig(configPath, root);
  const docsOnly = discoverContent({ projectRoot: root, docsDir, pagesDir: null });
  const { config, adapted } = adaptConfigToDocs(loaded, new Set(docsOnly.map((d) => d.id)));
  const pagesDir = adapted ? null : options.pagesDir === undefined ? path.join(root, 'src', 'pages') : options.pagesDir;
  const sources = pagesDir ? [...docsOnly, ...discoverContent({ projectRoot: root, docsDir: null, pagesDir })] : docsOnly;
  checkRoutes(sources);
  lap('content');

  // 2. Markdown, compiled once (cached by content hash, spread over worker threads).
  const routeOfFile = new Map(sources.filter((s) => s.kind !== 'react-page').map((s) => [s.absPath, s.route]));
  const markdownSources = sources.filter((s) => s.kind !== 'react-page');
  const { results: compiled, stats } = await compilePages(markdownSources, routeOfFile, cacheDir);
  for (const c of compiled.values()) warnings.push(...c.warnings);
  lap('markdown');

  // 3. Titles, sidebars, page data.
  const titleOf = (s: SourcePage) => s.frontMatter.title ?? compiled.get(s.absPath)?.h1 ?? humanise(s.id);
  const docs = sources.filter((s) => s.kind === 'doc');
  const resolved = resolveSidebars(
    config.sidebars,
    docs.map((d) => ({ id: d.id, route: d.route, label: d.frontMatter.sidebar_label ?? titleOf(d), position: d.frontMatter.sidebar_position })),
    configLocation(path.relative(root, configPath), configPath),
  );
  warnings.push(...resolved.warnings.filter((w) => {
    const id = /doc "([^"]+)"/.exec(w.message)?.[1];
    return !docs.find((d) => d.id === id)?.frontMatter.unlisted;
  }));
  const sidebarById = new Map(resolved.sidebars.map((s) => [s.id, s]));

  const pages: PageData[] = sources.map((s) => {
    if (s.kind === 'react-page') {
      const isHome = s.route === '/';
      return { route: s.route, kind: 'react-page', title: isHome ? config.title : humanise(s.id), description: config.tagline, html: '', toc: [], unlisted: false, breadcrumbs: [] };
    }
    const c = compiled.get(s.absPath)!;
    const place = s.kind === 'doc' ? resolved.placement.get(s.id) : undefined;
    return {
      route: s.route,
      kind: s.kind,
      title: titleOf(s),
      description: s.frontMatter.description ?? c.excerpt,
      html: c.html,
      toc: tocFor(s, c, config),
      unlisted: s.frontMatter.unlisted ?? false,
      sidebarId: place?.sidebarId,
      breadcrumbs: place?.breadcrumbs ?? [],
      prev: place?.prev,
      next: place?.next,
    };
  });
  if (!pages.some((p) => p.route === '/')) pages.push(generatedHome(config, resolved.sidebars));
  pages.push({ route: NOT_FOUND_ROUTE, kind: 'not-found', title: 'Страница не найдена', description: 'Страница не найдена', html: '', toc: [], unlisted: true, breadcrumbs: [] });
  lap('routes');

  // 4. Bundles, written straight into the staging folder.
  const staging = stagingDirFor(outDir);
  prepareStaging(staging);
  try {
    const reactPages = new Map(sources.filter((s) => s.kind === 'react-page').map((s) => [s.route, s.absPath]));
    const bundleInput: BundleInput = { projectRoot: root, config, reactPages, outDir: staging, cacheDir: cacheDir ?? path.join(root, '.cache') };
    const [assets, renderer] = await Promise.all([bundleClient(bundleInput), bundleServer(bundleInput)]);
    lap('bundle');

    // 5. Render every route and write HTML + page data.
    const out = new OutputWriter(staging);
    const sidebarUrls: Record<string, string> = {};
    for (const s of resolved.sidebars) {
      const json = JSON.stringify(s);
      const rel = `_data/sidebars/${s.id}.${hashOf(json)}.json`;
      out.add(rel, json);
      sidebarUrls[s.id] = `/${rel}`;
    }
    const prepaint = prepaintScript({
      defaultMode: config.colorMode.defaultMode,
      canSwitch: !config.colorMode.disableSwitch,
      respectPrefersColorScheme: config.colorMode.respectPrefersColorScheme,
      announcementId: config.announcementBar?.id,
    });
    const htmlByRoute = new Map<string, string>();
    // A page's server render depends only on these inputs, so an unchanged page is not re-rendered.
    const renderCache = KeyValueCache.open<string>(cacheDir, 'render');
    // React itself is external to the server bundle, so its version (the lock file) is part of the key.
    const renderBase = hashKey(renderer.hash, readFileSync(path.join(root, 'package-lock.json')), JSON.stringify(config), JSON.stringify(sidebarUrls));
    for (const page of pages) {
      const sidebar: SidebarData | undefined = page.sidebarId ? sidebarById.get(page.sidebarId) : undefined;
      const key = hashKey(renderBase, JSON.stringify(page));
      let appHtml = renderCache.get(key);
      if (appHtml === undefined) {
        try {
          appHtml = renderer.render(config, page, sidebar);
        } catch (e) {
          throw new Error(`rendering ${page.route} failed: ${(e as Error).message}`);
        }
        renderCache.set(key, appHtml);
      }
      const { html: _html, ...rest } = page;
      // The sidebar is not inlined: it is one immutable JSON file the browser caches across pages.
      const data: InitialData = { page: rest, sidebarUrls };
      const html = renderDocument({ config, page, appHtml, data, assets, prepaint, sidebarUrl: page.sidebarId ? sidebarUrls[page.sidebarId] : undefined });
      htmlByRoute.set(page.route, html);
      out.add(htmlPathOf(page.route), html);
      if (page.kind !== 'not-found') out.add(dataPathOf(page.route), JSON.stringify(page));
    }
    renderCache.save();
    lap('render');
    await out.flush();
    lap('write');

    // 6. Static files, content images, sitemap.
    copyStatic(staticDir, staging);
    for (const c of compiled.values()) {
      for (const a of c.assets) {
        const dest = path.join(staging, a.url);
        mkdirSync(path.dirname(dest), { recursive: true });
        copyFileSync(a.source, dest);
      }
    }
    const listed = pages.filter((p) => !p.unlisted && p.kind !== 'not-found').map((p) => p.route);
    writeOut(staging, 'sitemap.xml', renderSitemap(config, listed));
    writeOut(staging, 'robots.txt', renderRobots(config));
    writeOut(staging, CSP_FILE, `${buildCsp([prepaint])}\n`);
    lap('emit');

    // 7. Every link and anchor must resolve before the output replaces the old one.
    // The same output as the last checked build needs no second check.
    if (options.checkLinks !== false) {
      const checked = KeyValueCache.open<true>(cacheDir, 'links');
      const outputKey = hashKey(...[...htmlByRoute].flat(), ...assets.initialFiles, JSON.stringify(sidebarUrls));
      if (!checked.get(outputKey)) {
        const sourceOfRoute = new Map(sources.map((s) => [s.route, s.file]));
        checkAnchors(htmlByRoute, sourceOfRoute);
        await checkLinks(staging, pages.filter((p) => p.kind !== 'not-found').map((p) => p.route), sourceOfRoute);
        checked.set(outputKey, true);
        checked.save();
      }
      lap('links');
    }

    const firstLoad = measureFirstLoad(staging, assets.initialFiles, htmlByRoute);
    swapInto(staging, outDir);
    lap('swap');
    return { outDir, pages: pages.length, warnings, timings, compiled: stats.compiled, cached: stats.cached, workers: stats.workers, firstLoad, adaptedConfig: adapted };
  } catch (e) {
    discardStaging(staging);
    throw e;
  }
}

/** The home page of a docs folder the config does not describe: links to its sections. */
function generatedHome(config: SiteConfig, sidebars: SidebarData[]): PageData {
  const first = (items: SidebarData['items']): string | undefined => {
    for (const n of items) {
      if (n.type === 'link') return n.href;
      const inner = n.href ?? first(n.items);
      if (inner) return inner;
    }
    return undefined;
  };
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const items = sidebars.flatMap((s) => s.items).map((n) => {
    const href = n.type === 'link' ? n.href : n.href ?? first(n.items);
    return href ? `<li><a href="${esc(href)}">${esc(n.label)}</a></li>` : '';
  });
  return {
    route: '/', kind: 'markdown-page', title: config.title, description: config.tagline,
    html: `<p>${esc(config.tagline)}</p><ul>${items.join('')}</ul>`, toc: [], unlisted: false, breadcrumbs: [],
  };
}
