// The build, top to bottom: config → content → routes → Markdown → sidebars → bundles →
// render → static files → link check → swap into place. Each step lives in its own module;
// this file only orders them, times them and collects warnings.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SidebarData } from '../src/data/types.ts';
import { bundleClient, bundleServer, type BundleInput } from './bundle.ts';
import { compilePages } from './compile-stage.ts';
import { loadSiteConfig } from './config.ts';
import type { Warning } from './errors.ts';
import { bootScript } from './boot-script.ts';
import { buildCsp, writeCspFiles } from './csp.ts';
import { startCompression } from './compress.ts';
import { checkAnchors } from './anchors.ts';
import { checkLinks, siteRefs } from './links.ts';
import { copyStatic, discardStaging, OutputWriter, prepareStaging, stagingDirFor, swapInto, writeOut } from './output.ts';
import { checkRoutes } from './routes.ts';
import { assemblePages, copyContentAssets, discoverSite, pageFiles, prepaintFor, renderApp, routesOfFiles, sidebarFiles, sitePaths } from './site.ts';
import { buildSearchIndex } from './search.ts';
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

export async function build(options: BuildOptions): Promise<BuildResult> {
  // React picks its development or production build when first imported; the server render
  // must use production (the development build is ~5x slower and warns about things we test).
  process.env.NODE_ENV ??= 'production';
  const paths = sitePaths(options);
  const { root, outDir, cacheDir, configPath, staticDir } = paths;
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
  const { config, adapted, sources } = discoverSite(loaded, paths);
  checkRoutes(sources);
  lap('content');

  // 2. Markdown, compiled once (cached by content hash, spread over worker threads).
  const routeOfFile = routesOfFiles(sources);
  const markdownSources = sources.filter((s) => s.kind !== 'react-page');
  const { results: compiled, stats } = await compilePages(markdownSources, routeOfFile, cacheDir);
  for (const c of compiled.values()) warnings.push(...c.warnings);
  lap('markdown');

  // 3. Titles, sidebars, page data.
  const { pages, sidebars, sidebarById, warnings: sidebarWarnings } = assemblePages({ config, sources, compiled, root, configPath });
  warnings.push(...sidebarWarnings);
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
    // Each sidebar is one immutable JSON file the browser caches across pages.
    const { files: sidebarJson, urls: sidebarUrls } = sidebarFiles(sidebars);
    for (const f of sidebarJson) out.add(f.rel, f.json);
    const prepaint = prepaintFor(config);
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
        appHtml = renderApp(renderer, config, page, sidebar);
        renderCache.set(key, appHtml);
      }
      const files = pageFiles({ config, page, appHtml, assets, prepaint, sidebarUrls });
      htmlByRoute.set(page.route, files.html);
      out.add(files.htmlPath, files.html);
      if (files.dataPath) out.add(files.dataPath, files.data!);
    }
    renderCache.save();
    lap('render');
    await out.flush();
    lap('write');

    // 5b. The search index over the rendered pages (static files, loaded on first search).
    await buildSearchIndex(staging, pages);
    lap('search');

    // 6. Static files, content images, sitemap.
    copyStatic(staticDir, staging);
    copyContentAssets(compiled.values(), staging);
    const listed = pages.filter((p) => !p.unlisted && p.kind !== 'not-found').map((p) => p.route);
    writeOut(staging, 'sitemap.xml', renderSitemap(config, listed));
    writeOut(staging, 'robots.txt', renderRobots(config));
    writeCspFiles(staging, buildCsp([prepaint, bootScript(assets.js)], [assets.inlineCss]));
    lap('emit');

    // 6b. .gz/.br beside every text file (build/compress.ts): files unchanged since the previous
    // output link its copies, the rest compress on the thread pool while the link check runs.
    const compressing = startCompression(staging, { previous: outDir });

    // 7. Every link and anchor must resolve before the output replaces the old one.
    // The same output as the last checked build needs no second check.
    if (options.checkLinks !== false) {
      const checked = KeyValueCache.open<true>(cacheDir, 'links');
      const outputKey = hashKey(...[...htmlByRoute].flat(), ...assets.initialFiles, JSON.stringify(sidebarUrls));
      if (!checked.get(outputKey)) {
        const sourceOfRoute = new Map(sources.map((s) => [s.route, s.file]));
        // The page-not-found page is served at any path, so its relative and locale links are not checked.
        const notFound = new Set(pages.filter((p) => p.kind === 'not-found').map((p) => p.route));
        const refs = siteRefs(new Map([...htmlByRoute].filter(([route]) => !notFound.has(route))));
        checkAnchors(refs, htmlByRoute, sourceOfRoute);
        const pageRoutes = new Set(pages.filter((p) => p.kind !== 'not-found').map((p) => p.route));
        await checkLinks(staging, refs, pageRoutes, sourceOfRoute);
        checked.set(outputKey, true);
        checked.save();
      }
      lap('links');
    }

    await compressing;
    lap('compress');
    const firstLoad = measureFirstLoad(staging, assets.initialFiles, assets.inlineCss, htmlByRoute);
    swapInto(staging, outDir);
    lap('swap');
    return { outDir, pages: pages.length, warnings, timings, compiled: stats.compiled, cached: stats.cached, workers: stats.workers, firstLoad, adaptedConfig: adapted };
  } catch (e) {
    discardStaging(staging);
    throw e;
  }
}
