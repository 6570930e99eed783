// The build, top to bottom: up-to-date check → config → content → routes → bundles alongside
// Markdown → sidebars → render → write (compression starts) → search index → static files →
// link check → swap into place. Each step lives in its own module; this file only orders them,
// times them and collects warnings.
import { useHighlightLanguages } from './markdown/highlighter.ts';
import path from 'node:path';
import type { SidebarData } from '../src/data/types.ts';
import { bundleClient, bundleServer, type BundleInput, type ClientAssets, type ServerRenderer } from './render/bundle.ts';
import { compilePages } from './markdown/compile-stage.ts';
import { buildUserGuide, GuideWorker } from './pdf/stage.ts';
import { loadSiteConfig } from './model/config.ts';
import type { Warning } from './errors.ts';
import { bootScript } from './render/boot-script.ts';
import { buildCsp, writeCspFiles } from './render/csp.ts';
import { Compressor } from './output/compress.ts';
import { checkAnchors } from './checks/anchors.ts';
import { checkLinks } from './checks/links.ts';
import { idsOf, pageRefs, type SiteRef } from './checks/html-refs.ts';
import { copyStatic, OutputWriter, writeOut } from './output/files.ts';
import { checkOutputPath, discardStaging, prepareStaging, removeStagingOnSignal, stagingDirFor, swapInto } from './output/staging.ts';
import { usableCacheDir } from './cache/usable.ts';
import { checkRoutes } from './model/routes.ts';
import { assemblePages, copyContentAssets, discoverSite, pageFiles, pagePaths, prepaintFor, renderApp, routesOfFiles, sidebarFiles, sitePaths, type PathOptions } from './model/site.ts';
import { buildSearchIndex } from './search/index.ts';
import { renderRobots, renderSitemap } from './output/sitemap.ts';
import { machinePages } from './output/llms.ts';
import { measureFirstLoad, type FirstLoad } from './render/stats.ts';
import { RenderReuse } from './render/reuse.ts';
import { inputFingerprint, readStamp, STAMP_FILE, type BuildStamp } from './cache/up-to-date.ts';
import { readGitDates } from './model/last-updated.ts';
import { readCategories } from './model/categories.ts';
import { pageMetaResolver } from './model/page-meta.ts';

/** Pages rendered between two writes: bounds the output held in memory (~0.1 MB a page). */
const WRITE_BATCH = 200;

/** Where things are (defaults: sitePaths in build/model/site.ts), and whether links are checked. */
export interface BuildOptions extends PathOptions {
  checkLinks?: boolean;
  /** The CLI's: Ctrl+C and SIGTERM remove the staging folder and exit 130/143 (build/output/staging.ts). */
  exitOnSignal?: boolean;
  /** false skips the user guide PDF for this build even when the config asks for it (the bench compares). */
  userGuide?: boolean;
}

export interface BuildResult {
  outDir: string;
  pages: number;
  warnings: Warning[];
  timings: Record<string, number>;
  compiled: number;
  cached: number;
  /** Pages whose HTML was rendered by this build (every page today: page-level reuse is issue 17's next step). */
  rendered: number;
  workers: number;
  firstLoad: FirstLoad;
  adaptedConfig: boolean;
  /** The output already held the build of exactly these inputs: nothing was done. */
  upToDate?: boolean;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  // React picks its development or production build when first imported; the server render
  // must use production (the development build is ~5x slower and warns about things we test).
  process.env.NODE_ENV ??= 'production';
  const warnings: Warning[] = [];
  // A cache folder that cannot be written costs speed, not the build: go on without it.
  const paths = usableCacheDir(sitePaths(options), warnings);
  const { root, outDir, cacheDir, configPath, staticDir } = paths;
  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - t);
    t = now;
  };

  // 0. Nothing changed since the output in place was built (build/cache/up-to-date.ts): done. Without a
  // cache (--no-cache) every build is a full one.
  // The last-updated dates come from git history (one `git log`, ~15 ms): part of the inputs.
  const git = readGitDates(paths.docsDir);
  if (git.warning) warnings.push(git.warning);
  const fingerprint = cacheDir === null ? null
    : inputFingerprint(paths, { docs: paths.docsDir, pages: paths.pagesDir, static: paths.staticDir, config: configPath, checkLinks: options.checkLinks !== false, userGuide: options.userGuide !== false, gitDates: [...git.dates].sort() });
  const stamp = fingerprint ? readStamp(outDir) : null;
  if (stamp && stamp.fingerprint === fingerprint) {
    lap('up-to-date check');
    return { outDir, pages: stamp.pages, warnings: stamp.warnings, timings, compiled: 0, cached: 0, rendered: 0, workers: 0, firstLoad: stamp.firstLoad, adaptedConfig: stamp.adaptedConfig, upToDate: true };
  }

  // 1. Config and content.
  const loaded = await loadSiteConfig(configPath, root);
  // Drafts (`draft: true`) are not part of a production build at all: no page, sitemap entry,
  // search entry, sidebar item, pager link or llms line. The dev server shows them.
  const { config, adapted, sources } = discoverSite(loaded, paths, { drafts: false });
  for (const s of sources) warnings.push(...(s.warnings ?? []));
  // Docusaurus's _category_ files: labels, order and index pages of autogenerated folders.
  const { categories, warnings: categoryWarnings } = readCategories(paths.docsDir, root);
  warnings.push(...categoryWarnings);
  await useHighlightLanguages(config.prism.languages); // the config decides what Prism highlights
  checkRoutes(sources);
  lap('content');

  checkOutputPath(outDir);
  const staging = stagingDirFor(outDir);
  prepareStaging(staging, outDir);
  const stopGuarding = options.exitOnSignal ? removeStagingOnSignal(staging) : () => {};
  let compressor: Compressor | undefined;
  let bundling: Promise<[ClientAssets, ServerRenderer]> | undefined;
  // The user guide's worker starts now, so that loading pdfkit and its fonts overlaps the compile.
  const guideWorker = config.userGuidePdf === false || options.userGuide === false ? null : new GuideWorker();
  try {
    // 2. Bundles (esbuild, in its own process) written straight into the staging folder, while
    // 3. the Markdown is compiled (cached by content hash, spread over worker threads).
    const reactPages = new Map(sources.filter((s) => s.kind === 'react-page').map((s) => [s.route, s.absPath]));
    const bundleInput: BundleInput = { projectRoot: root, config, reactPages, outDir: staging, cacheDir: cacheDir ?? path.join(root, '.cache') };
    bundling = Promise.all([bundleClient(bundleInput), bundleServer(bundleInput)]);
    bundling.catch(() => {}); // awaited below, or settled before the staging folder is discarded
    const routeOfFile = routesOfFiles(sources);
    const markdownSources = sources.filter((s) => s.kind !== 'react-page');
    const { results: compiled, stats } = await compilePages(markdownSources, routeOfFile, cacheDir);
    for (const c of compiled.values()) warnings.push(...c.warnings);
    lap('markdown');
    const [assets, renderer] = await bundling;
    lap('bundle');

    // 4. Titles, sidebars, page data.
    const { pages, sidebars, sidebarById, warnings: sidebarWarnings } = assemblePages({ config, sources, compiled, root, configPath, categories, metaOf: pageMetaResolver(config, paths.docsDir, git.dates) });
    warnings.push(...sidebarWarnings);
    // Pages for machines: each page's Markdown (its URL goes into the page data), llms.txt and
    // llms-full.txt (build/output/llms.ts).
    lap('routes');
    const machineFiles = machinePages({ config, sources, pages, sidebars, routeOfFile, compiledMarkdown: (file) => compiled.get(file)?.markdown });
    lap('llms');

    // 4b. The user guide PDF (build/pdf/), rendered beside the HTML; awaited before the link check.
    const userGuide = guideWorker && buildUserGuide({ config, pages, sidebars, root, staging, staticDir, cacheDir, worker: guideWorker });
    userGuide?.catch(() => {}); // awaited below

    // 5. Render every route and write its HTML and page data, in batches so that the output is
    // never all in memory at once. What the link check and the statistics need of each page is
    // taken as it goes: its references and ids, and one page in every fifty for the bytes.
    const out = new OutputWriter(staging);
    // Each sidebar is one immutable JSON file the browser caches across pages.
    const { files: sidebarJson, urls: sidebarUrls } = sidebarFiles(sidebars);
    for (const f of sidebarJson) out.add(f.rel, f.json);
    for (const f of machineFiles) out.add(f.rel, f.content);
    const prepaint = prepaintFor(config);
    // .gz/.br beside every text file (build/output/compress.ts), on the thread pool from here on: files
    // unchanged since the previous output link its copies, the rest compress while the pages
    // render and the search index and the link check run on the main thread.
    compressor = new Compressor(staging, { previous: outDir });
    const written = (rel: string) => compressor!.add(rel);
    const checkingLinks = options.checkLinks !== false;
    const refs = new Map<string, SiteRef[]>();
    const ids = new Map<string, Set<string>>();
    const sampleHtml: string[] = [];
    const sampleEvery = Math.max(1, Math.floor(pages.length / 50));
    // A page whose inputs are those of the previous build is copied from it (build/render/reuse.ts).
    const reuse = new RenderReuse(cacheDir, outDir, JSON.stringify([renderer.hash, config, assets, prepaint, sidebarUrls]), sidebars);
    for (const [i, page] of pages.entries()) {
      const key = reuse.keyOf(page);
      const paths = pagePaths(page);
      const old = reuse.take(key, paths.htmlPath, paths.dataPath);
      if (old) {
        if (checkingLinks) {
          ids.set(page.route, old.ids);
          if (page.kind !== 'not-found') refs.set(page.route, old.refs ?? []);
        }
        if (i % sampleEvery === 0) sampleHtml.push(old.html.toString('utf8'));
        out.add(paths.htmlPath, old.html);
        if (paths.dataPath && old.data) out.add(paths.dataPath, old.data);
      } else {
        const sidebar: SidebarData | undefined = page.sidebarId ? sidebarById.get(page.sidebarId) : undefined;
        const appHtml = renderApp(renderer, config, page, sidebar);
        const files = pageFiles({ config, page, appHtml, assets, prepaint, sidebarUrls });
        const pageIds = idsOf(files.html);
        // The page-not-found page is served at any path, so its relative and locale links are not checked.
        const pageRefList = page.kind !== 'not-found' ? pageRefs(files.html, page.route) : undefined;
        if (checkingLinks) {
          ids.set(page.route, pageIds);
          if (pageRefList) refs.set(page.route, pageRefList);
        }
        reuse.record(key, files.html, files.data, pageRefList, pageIds);
        if (i % sampleEvery === 0) sampleHtml.push(files.html);
        out.add(files.htmlPath, files.html);
        if (files.dataPath) out.add(files.dataPath, files.data!);
      }
      if (out.size >= WRITE_BATCH) await out.flush(written);
    }
    await out.flush(written);
    lap('render+write');

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

    compressor.addTree();

    if (userGuide) { await userGuide; lap('pdf'); }

    // 7. Every link and anchor must resolve before the output replaces the old one.
    if (checkingLinks) {
      const sourceOfRoute = new Map(sources.map((s) => [s.route, s.file]));
      checkAnchors(refs, ids, sourceOfRoute);
      const pageRoutes = new Set(pages.filter((p) => p.kind !== 'not-found').map((p) => p.route));
      await checkLinks(staging, refs, pageRoutes, sourceOfRoute);
      lap('links');
    }

    await compressor.finish();
    lap('compress');
    const firstLoad = measureFirstLoad(staging, assets.initialFiles, assets.inlineCss, sampleHtml);
    if (fingerprint) {
      const record: BuildStamp = { fingerprint, pages: pages.length, warnings, firstLoad, adaptedConfig: adapted };
      writeOut(staging, STAMP_FILE, JSON.stringify(record));
    }
    swapInto(staging, outDir);
    stopGuarding();
    // Only now: the cache names files of the output that is in place.
    reuse.save();
    lap('swap');
    return { outDir, pages: pages.length, warnings, timings, compiled: stats.compiled, cached: stats.cached, rendered: pages.length - reuse.reused, workers: stats.workers, firstLoad, adaptedConfig: adapted };
  } catch (e) {
    await Promise.allSettled([bundling, compressor?.settle(), guideWorker?.close()]);
    discardStaging(staging);
    stopGuarding();
    throw e;
  }
}
