// The build, top to bottom, once build/index.ts found that the output in place is not of these
// inputs: config → content → routes → bundles alongside Markdown → sidebars → render → write
// (compression and the search index's reading start) → search index, written beside the static
// files and the link check → swap into place. Each step
// lives in its own module; this file only orders them, times them and collects warnings.
import { markdownSettingsOf, useMarkdownSettings } from './markdown/settings.ts';
import { readFileSync } from 'node:fs';
import { tuneHeapForSite } from './v8-flags.ts';
import path from 'node:path';
import type { BundleInput } from './render/bundle.ts';
import { cachedBundles } from './render/bundle-cache.ts';
import { hashKey, KeyValueCache } from './cache/kv-cache.ts';
import type { ReadFrontMatter } from './model/frontmatter.ts';
import { compileSite, pageBodies } from './markdown/compile-stage.ts';
import { filesShownBy } from './markdown/compile.ts';
import type { BodyStore } from './cache/body-store.ts';
import { buildUserGuide, GUIDE_PATH, GuideWorker } from './pdf/stage.ts';
import { GuideStream } from './pdf/stream.ts';
import { GuideError } from './pdf/guide-error.ts';
import { loadSiteConfig } from './model/config.ts';
import { failOnWarnings, throwIfAny, type BuildError, type Warning } from './errors.ts';
import { bootScript } from './render/boot-script.ts';
import { buildCsp, imageOriginsOf, writeCspFiles } from './render/csp.ts';
import { Compressor } from './output/compress.ts';
import { checkAnchors } from './checks/anchors.ts';
import { checkLinks, preloadLinkChecker } from './checks/links.ts';
import { SiteRefs, type SiteRef } from './checks/html-refs.ts';
import { addCopies, OutputWriter, staticFiles, WRITE_BATCH, writeOut } from './output/files.ts';
import { PreviousOutput } from './output/previous-output.ts';
import { checkOutputPath, discardStaging, prepareStaging, removeStagingOnSignal, stagingDirFor } from './output/staging.ts';
import { commitOutput, KeptFiles, recoverCommits } from './output/commit.ts';
import { checkRoutes } from './model/routes.ts';
import { checkPageImages } from './model/page-images.ts';
import { resolveRedirects } from './model/redirects.ts';
import { configLocation } from './model/sidebars.ts';
import { REDIRECT_SCRIPT, REDIRECTS_JSON_FILE, REDIRECTS_NGINX_FILE, redirectPage, redirectRules, redirectsNginxInclude } from './output/redirect-page.ts';
import { filesUnder } from './file-tree.ts';
import { readerOf } from './model/content.ts';
import type { SourceFile } from './model/source-file.ts';
import { assemblePages, contentAssets, discoverSite, pagePaths, prepaintFor, routesOfFiles, sidebarFiles } from './model/site.ts';
import { SearchIndexer, type StoredHtml } from './search/index.ts';
import { OPENSEARCH_FILE, renderOpenSearch, renderRobots, renderSitemap, sitemapEntries } from './output/sitemap.ts';
import { machinePages, type MachineFile } from './output/llms.ts';
import { KnownBytes } from './output/known-bytes.ts';
import { LlmsFullParts } from './output/llms-full-parts.ts';
import { GzipSegments } from './output/segmented-gzip.ts';
import { measureFirstLoad } from './render/stats.ts';
import { SidebarViews } from './render/sidebar-views.ts';
import { RenderReuse, type PageKeys } from './render/reuse.ts';
import { PageMaker } from './render/make-page.ts';
import { docCardsKey, docCardsOfPages, fillDocCards } from './render/doc-cards.ts';
import { NO_OUTSIDE_INPUTS, outsideInputs, sameOutsideInputs, STAMP_FILE, withOutsideInputs, type BuildStamp, type OutsideInputs } from './cache/up-to-date.ts';
import { readCategories } from './model/categories.ts';
import { generatedIndexPages } from './model/generated-index.ts';
import { readTagDefinitions, siteTags, tagLinks } from './model/tags.ts';
import { pageMetaResolver } from './model/page-meta.ts';

import type { BuildOptions, BuildResult } from './index.ts';
import type { PageData } from '../src/data/types.ts';
import type { SitePaths } from './model/paths.ts';
import type { LastCommit } from './model/last-updated.ts';

/**
 * Files to compress before the compressor starts its worker (build/output/compress.ts). A page's
 * HTML takes ~4 ms to compress here, and a worker ~0.2 s of CPU to start beside the build: a
 * text edit of the 1000-page corpus has ~15 files to compress, a title edit ~80.
 */
const COMPRESS_WORKER_AFTER = 32;

/**
 * Pages to render from which the search index reads them in a thread of its own (build/search/index.ts,
 * expect): starting it costs ~0.2 s of CPU, reading a page here ~1 ms. SG_SEARCH_READER_AFTER
 * overrides it (the tests take that path with a small site).
 */
const SEARCH_READER_AFTER = Number(process.env.SG_SEARCH_READER_AFTER ?? 100);

/** The ids of a page not made yet (set in its place in the link check's order, replaced once it is). */
const NO_IDS = new Set<string>();

/** What the up-to-date check (build/index.ts) already worked out. */
export interface Prechecked {
  paths: SitePaths;
  warnings: Warning[];
  gitDates: Map<string, LastCommit>;
  /** The walked files' and the dates' fingerprint; null without a cache: no stamp is written. */
  fingerprint: string | null;
  /** What the last build was made from outside the walked files, and the fingerprint with it as it was before this build read it. */
  outside: { inputs: OutsideInputs; fingerprint: string | null };
  /** The pages' sources as the check read them, taken (and let go) by discovery. */
  sourceBytes?: Map<string, SourceFile>;
}

/**
 * Hands the pages for machines to the writer. A function of its own because a loop in the
 * pipeline's async body would leave its last item in a register of the suspended frame for the
 * rest of the build: that item is llms-full.txt, every page's Markdown in one string (230 MB of
 * heap at 10 000 pages).
 */
async function addMachineFiles(out: OutputWriter, known: KnownBytes, files: MachineFile[], compressor: Compressor): Promise<void> {
  for (const f of files) {
    if (f.prepare && !known.isKnown(out, f.key)) await f.prepare();
    const { hash } = known.add(out, f.rel, f.key, f.content, f.hash);
    if (f.precompressed) compressor.precompressed(f.rel, hash);
  }
}

export async function runPipeline(options: BuildOptions, pre: Prechecked): Promise<BuildResult> {
  const { paths, warnings, fingerprint } = pre;
  const git = { dates: pre.gitDates };
  const { root, outDir, cacheDir, configPath, staticDir } = paths;
  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - t);
    t = now;
  };

  // 1. Config and content.
  const { config: loaded, files: configFiles, env: configEnv } = await loadSiteConfig(configPath, root, cacheDir);
  // Drafts (`draft: true`) are not part of a production build at all: no page, sitemap entry,
  // search entry, sidebar item, pager link or llms line. The dev server shows them.
  const frontMatter = KeyValueCache.open<ReadFrontMatter>(cacheDir, 'front-matter');
  const { config, adapted, sources } = discoverSite(loaded, paths, { drafts: false, memo: frontMatter, ...(pre.sourceBytes ? { read: readerOf(pre.sourceBytes) } : {}) });
  pre.sourceBytes?.clear();
  frontMatter.save();
  for (const s of sources) warnings.push(...(s.warnings ?? []));
  tuneHeapForSite(sources.reduce((n, s) => n + s.size, 0));
  // Docusaurus's _category_ files: labels, order and index pages of autogenerated folders.
  const { categories, warnings: categoryWarnings } = readCategories(paths.docsDir, root);
  warnings.push(...categoryWarnings);
  // A generated-index category's page, made as Markdown: from here on a page like the others.
  sources.push(...generatedIndexPages(categories, paths.docsDir, sources));
  // The docs' tags: a page per tag and one of all tags, made as Markdown too (build/model/tags.ts).
  const tagDefs = readTagDefinitions(paths.docsDir, root);
  const tags = siteTags(sources, tagDefs, config, paths.docsDir);
  sources.push(...tags.pages);
  warnings.push(...tags.warnings);
  await useMarkdownSettings(markdownSettingsOf(config, paths.docsDir)); // the config decides what Prism highlights, and whether pages have formulas
  checkRoutes(sources);
  checkPageImages(sources, staticDir);
  lap('content');

  checkOutputPath(outDir);
  const staging = stagingDirFor(outDir);
  // The guard comes first: a signal that arrived after the folder was made and before its
  // handler was in place would end the build with the folder left behind (and no message).
  const stopGuarding = options.exitOnSignal ? removeStagingOnSignal(staging) : () => {};
  // Files of the output in place that this build makes again with the same bytes stay there
  // (build/output/commit.ts); a build killed while it put its output in place is finished first.
  let kept: KeptFiles;
  try {
    recoverCommits(outDir);
    kept = new KeptFiles(outDir);
    prepareStaging(staging, outDir);
  } catch (e) {
    stopGuarding();
    throw e;
  }
  let compressor: Compressor | undefined;
  // The output in place's files, listed once for the compressor and the commit (nothing changes it in between).
  let outputFiles: string[] | undefined;
  const listOutput = () => (outputFiles ??= filesUnder(outDir));
  let pageStore: BodyStore | undefined;
  let bundling: ReturnType<typeof cachedBundles> | undefined;
  let search: SearchIndexer | undefined;
  let searchWriting: Promise<void> | undefined;
  let linkCheck: Promise<{ sent: boolean; errors: BuildError[] }> | undefined;
  // The user guide's worker starts now, so that loading pdfkit and its fonts overlaps the compile.
  const guideWorker = config.userGuidePdf === false || options.userGuide === false ? null : new GuideWorker();
  try {
    // .gz/.br beside every text file (build/output/compress.ts): files unchanged since the
    // previous output keep or link its copies; the rest compress in a worker thread while the
    // pages render and the search index and the link check run on this one. The worker starts
    // once there is enough to compress to pay for it: a cold build's first pages, not an edit of
    // a page or two, whose few files this thread compresses at the end.
    compressor = new Compressor(staging, { previous: outDir, workerAfter: COMPRESS_WORKER_AFTER, listPrevious: listOutput });
    // 2. Bundles (esbuild, in its own process) written straight into the staging folder, while
    // 3. the Markdown is compiled (cached by content hash, spread over worker threads).
    const reactPages = new Map(sources.filter((s) => s.kind === 'react-page').map((s) => [s.route, s.absPath]));
    // A cached bundle's file that the output in place has as that very file stays there, with its compressed copies.
    const keepInPlace = (rel: string, cached: string) => kept.keepIfSameFile(rel, cached) && (compressor!.add(rel, path.join(outDir, rel), true), true);
    const bundleInput: BundleInput = { projectRoot: root, config, reactPages, outDir: staging, cacheDir: cacheDir ?? path.join(root, '.cache'), keepInPlace };
    bundling = cachedBundles(bundleInput, cacheDir);
    bundling.catch(() => {}); // awaited below, or settled before the staging folder is discarded
    const routeOfFile = routesOfFiles(sources);
    const markdownSources = sources.filter((s) => s.kind !== 'react-page');
    // Each page's HTML and Markdown stay in the body store until a stage needs that page's.
    // While the workers compile, this thread loads the link checker, which the end of the build needs.
    // The user guide is drawn as the pages compile, when this thread compiles them (build/pdf/stream.ts).
    const guideStream = GuideStream.begin(guideWorker, { config, sources, categories, root, configPath, staging, staticDir });
    const compiledSite = await compileSite(markdownSources, routeOfFile, cacheDir, options.checkLinks !== false ? preloadLinkChecker : undefined, guideStream);
    pageStore = compiledSite.bodies;
    const { results: compiled, bodies, stats } = compiledSite;
    for (const c of compiled.values()) warnings.push(...c.warnings);
    lap('markdown');
    const { client: { assets, initialJsGzip }, server: renderer, fromCache: bundlesFromCache } = await bundling;
    lap('bundle');

    // 4. Titles, sidebars, page data.
    const { pages, sidebars, sidebarById, warnings: sidebarWarnings } = assemblePages({ config, sources, compiled, root, configPath, categories, metaOf: pageMetaResolver(config, paths.docsDir, git.dates, tagLinks(tagDefs, config, tags.docsOfTag)) });
    warnings.push(...sidebarWarnings);
    // `::doc-cards`: the cards of the category each such page is the link of, or of a tag's docs (build/render/doc-cards.ts).
    const withCards = new Set(sources.filter((s) => compiled.get(s.absPath)?.docCards).map((s) => s.route));
    const docCards = docCardsOfPages(pages, sidebarById, (p) => withCards.has(p.route), tags.docsOfTag);
    const fillCards = (html: string, route: string) => fillDocCards(html, docCards.get(route), tags.docsOfTag.has(route));
    for (const [route, cards] of docCards) {
      if (!cards) warnings.push({ file: sources.find((s) => s.route === route)!.file, message: '::doc-cards is on a page no sidebar category links to: it shows nothing (link a category to this page, { type: "doc", id: … } or its _category_ file)' });
    }
    const redirects = resolveRedirects(config, new Set(pages.map((p) => p.route)), configLocation(path.relative(root, configPath), configPath));
    // Pages for machines: each page's Markdown (its URL goes into the page data), llms.txt and
    // llms-full.txt (build/output/llms.ts).
    lap('routes');
    const pageBody = pageBodies(sources, compiledSite);
    // Files the output in place already has with the same bytes are linked from it (build/output/previous-output.ts).
    const previousOutput = PreviousOutput.open(outDir);
    // llms-full.txt's gzip copy is made from cached segments, not by the compressor (build/output/segmented-gzip.ts).
    const llmsFullGzip = new GzipSegments(cacheDir);
    let machineFiles = machinePages({
      config, sources, pages, sidebars, routeOfFile, compiledMarkdown: pageBody.markdownBytes, compiledMarkdownId: pageBody.markdownId,
      llmsFullParts: new LlmsFullParts(cacheDir, previousOutput), llmsFullGzip,
    });
    // Nothing past this point reads a source's text: let it go, so that a large site does not
    // hold it through render and search.
    for (const s of sources) s.raw = s.body = '';
    lap('llms');

    // 4b. The user guide PDF (build/pdf/), rendered beside the HTML; awaited before the link check.
    const guideImages = guideWorker ? contentAssets(compiled.values()) : [];
    const userGuide = guideWorker && buildUserGuide({ config, pages, sidebars, root, staging, staticDir, cacheDir, worker: guideWorker, stream: guideStream, htmlOf: (page) => fillCards(pageBody.html(page), page.route), images: guideImages });
    userGuide?.catch(() => {}); // awaited below

    // 5. Render every route and write its HTML and page data, in batches so that the output is
    // never all in memory at once. What the link check and the statistics need of each page is
    // taken as it goes: its references and ids, what search needs, and one page in every fifty
    // for the bytes.
    const out = new OutputWriter(staging, previousOutput, kept);
    // Each sidebar is one JSON file, loaded by the browser after a page has hydrated with its view of it.
    const { files: sidebarJson } = sidebarFiles(sidebars);
    for (const f of sidebarJson) out.addOrReuse(f.rel, f.json);
    const knownBytes = new KnownBytes(cacheDir);
    await addMachineFiles(out, knownBytes, machineFiles, compressor);
    machineFiles = []; // the writer holds their bytes until its first flush
    llmsFullGzip.save();
    const written = (rel: string, linkedFrom?: string, inPlace?: boolean) => compressor!.add(rel, linkedFrom, inPlace);
    // Written now, so that the compressor starts on llms.txt and the pages' `.md` files while the pages render.
    await out.flush(written);
    const prepaint = prepaintFor(config);
    const checkingLinks = options.checkLinks !== false;
    const refs = new Map<string, SiteRef[]>();
    const siteRefs = new SiteRefs();
    const ids = new Map<string, Set<string>>();
    // Sizes of sampled pages' HTML, measured off this thread when not known (build/render/reuse.ts).
    const sampleGzip: (number | Promise<number>)[] = [];
    const sampleEvery = Math.max(1, Math.floor(pages.length / 50));
    // A page whose inputs are those of the previous build is copied from it (build/render/reuse.ts).
    // Each page's view of its sidebar: inlined in the page, and part of its key.
    const sidebarViews = new SidebarViews(sidebars);
    const reuse = new RenderReuse(cacheDir, outDir, JSON.stringify([renderer.hash, config, assets, prepaint]), JSON.stringify([renderer.hash, config]), sidebars, sidebarViews);
    // A page that is not linked whole is made around its frame (build/render/make-page.ts).
    const maker = new PageMaker({ renderer, config, assets, prepaint, sidebarViews, sidebarById, reuse, siteRefs });
    // The search index reads each page as it goes by (build/search/index.ts), so that a page's
    // HTML is let go once its files are written: the pages' HTML is the largest thing a build
    // would otherwise hold until the end (about 50 KB a page of Russian text).
    search = new SearchIndexer({ cacheDir, readWorkerAfter: SEARCH_READER_AFTER });
    // First the pages whose files are the previous build's, linked from it; then the others are
    // made, once the compressor knows how many files are coming (a title edit's few dozen pages
    // start its worker before the first of them, not in the middle).
    const toMake: { i: number; page: PageData; keys: PageKeys; stored?: StoredHtml }[] = [];
    for (const [i, page] of pages.entries()) {
      const body = pageBody.htmlBody(page.route);
      // A page with cards: they are part of its HTML, so of what identifies it.
      const stored = body && (docCards.has(page.route)
        ? { id: `${body.id}:${hashKey(docCardsKey(docCards.get(page.route))).slice(0, 16)}`, load: () => fillCards(bodies.read(body), page.route) }
        : { id: body.id, load: () => bodies.read(body) });
      const keys = reuse.keysOf(page, stored?.id);
      const paths = pagePaths(page);
      const old = reuse.take(keys, paths.htmlPath, paths.dataPath);
      // Set now for every page, so that the link check meets the pages in the sidebar's order.
      if (checkingLinks) {
        ids.set(page.route, old?.ids ?? NO_IDS);
        if (page.kind !== 'not-found') refs.set(page.route, old?.refs ?? []);
      }
      if (!old) {
        toMake.push({ i, page, keys, ...(stored ? { stored } : {}) });
        continue;
      }
      if (i % sampleEvery === 0) sampleGzip.push(reuse.htmlGzipOf(keys.key, () => readFileSync(old.htmlFile)));
      out.link(paths.htmlPath, old.htmlFile);
      if (paths.dataPath && old.dataFile) out.link(paths.dataPath, old.dataFile);
      search.read(page, stored);
      page.html = '';
      if (out.size >= WRITE_BATCH) await out.flush(written);
    }
    compressor.expect(2 * toMake.length); // a page's HTML and its page data
    search.expect(toMake.length);
    for (const { i, page, keys, stored } of toMake) {
      const made = maker.make(page, keys, stored);
      if (checkingLinks) {
        ids.set(page.route, made.ids);
        if (made.refs) refs.set(page.route, made.refs);
      }
      if (i % sampleEvery === 0) sampleGzip.push(reuse.htmlGzipOf(keys.key, () => made.html));
      out.add(made.htmlPath, made.html);
      if (made.dataPath && made.dataFile) out.link(made.dataPath, made.dataFile);
      else if (made.dataPath) out.add(made.dataPath, made.data!);
      search.read(page, stored);
      page.html = '';
      if (out.size >= WRITE_BATCH) await out.flush(written);
    }
    toMake.length = 0;
    await out.flush(written);
    lap('render+write');

    // 5b. The search index over the pages read above (static files, loaded on first search):
    // written while the static files are copied and the links checked, so that the pages still in
    // its reading thread (build/search/index.ts) are read meanwhile; awaited before the tree is
    // handed to the compressor, which must not meet a file half written.
    searchWriting = search.write(staging, { previous: previousOutput, kept, written, known: knownBytes }).then(() => knownBytes.save());
    searchWriting.catch(() => {}); // awaited below, or settled before the staging folder is discarded

    // 6. Static files, content images, sitemap.
    addCopies(out, staticFiles(staticDir));
    addCopies(out, contentAssets(compiled.values()));
    // The redirects' pages: the previous output's file stays when its bytes are the same.
    for (const r of redirects) {
      const { rel, html } = redirectPage(r, config);
      out.addOrReuse(rel, html);
    }
    await out.flush(written);
    writeOut(staging, 'sitemap.xml', renderSitemap(config, sitemapEntries(pages)));
    writeOut(staging, 'robots.txt', renderRobots(config));
    writeOut(staging, OPENSEARCH_FILE, renderOpenSearch(config));
    const rules = redirectRules(redirects, config);
    writeOut(staging, REDIRECTS_NGINX_FILE, redirectsNginxInclude(rules));
    writeOut(staging, REDIRECTS_JSON_FILE, `${JSON.stringify(rules)}\n`);
    writeCspFiles(staging, buildCsp([prepaint, bootScript(assets.js), ...(redirects.length ? [REDIRECT_SCRIPT] : [])], [assets.inlineCss], imageOriginsOf(compiled.values())));
    lap('emit');

    // 7. Every link and anchor must resolve before the output replaces the old one. Checked while
    // the user guide is still being drawn (this thread has nothing else to do then): the pages'
    // links to the guide are not sent to linkinator, as the PDF is this build's own output — the
    // build writes it, or fails, below (or was told to skip it this once, --no-user-guide).
    linkCheck = checkingLinks ? checkSiteLinks() : undefined;
    linkCheck?.catch(() => {}); // awaited below, after the guide, whose error comes first; settled before the staging folder is discarded
    async function checkSiteLinks() {
      const sourceOfRoute = new Map(sources.map((s) => [s.route, { file: s.file, absPath: s.absPath }]));
      const brokenAnchors = checkAnchors(refs, ids, sourceOfRoute);
      const pageRoutes = new Set(pages.filter((p) => p.kind !== 'not-found').map((p) => p.route));
      if (config.userGuidePdf !== false) pageRoutes.add(`/${GUIDE_PATH}`);
      const linkCheck = await checkLinks(staging, refs, pageRoutes, sourceOfRoute, cacheDir, { root: outDir, has: (rel) => kept.has(rel) });
      // Both kinds together, in the order of the files and lines, so that one build names every broken link.
      return { sent: linkCheck.sent, errors: [...linkCheck.errors, ...brokenAnchors].sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0)) };
    }

    let guideOutcome: BuildResult['userGuide'];
    if (userGuide) {
      try {
        guideOutcome = (await userGuide).outcome;
      } catch (e) {
        // Named by the page's source file, and the image it could not draw by its own file and line there.
        if (!(e instanceof GuideError)) throw e;
        throw e.atSource((route) => sources.find((s) => s.route === route), guideImages, root);
      }
      lap('pdf');
    }

    let linksSentToChecker = false;
    if (linkCheck) {
      const { sent, errors } = await linkCheck;
      linksSentToChecker = sent;
      throwIfAny(errors, 50);
      lap('links');
    }

    await searchWriting;
    lap('search');
    compressor.addTree();
    await compressor.finish();
    lap('compress');
    const firstLoad = measureFirstLoad(initialJsGzip, assets.inlineCss, await Promise.all(sampleGzip));
    if (options.strict) failOnWarnings(warnings); // before the output is touched
    if (fingerprint) {
      const outside = outsideInputs(paths, [...configFiles, ...[...compiled.values()].flatMap(filesShownBy)], configEnv);
      const checked = sameOutsideInputs(outside, pre.outside.inputs) && pre.outside.fingerprint;
      const record: BuildStamp = {
        fingerprint: checked || withOutsideInputs(fingerprint, root, outside), pages: pages.length, warnings, firstLoad, adaptedConfig: adapted,
        ...(sameOutsideInputs(outside, NO_OUTSIDE_INPUTS) ? {} : { outside }),
      };
      writeOut(staging, STAMP_FILE, JSON.stringify(record));
    }
    commitOutput(staging, outDir, kept, listOutput);
    stopGuarding();
    // Only now: the cache names files of the output that is in place.
    reuse.save(outDir);
    lap('swap');
    return { outDir, pages: pages.length, warnings, timings, compiled: stats.compiled, cached: stats.cached, rendered: pages.length - reuse.reused, framesReused: reuse.framesReused, workers: stats.workers, workersStartedEarly: stats.workersStartedEarly, diagramsDrawn: stats.diagrams, ...(guideOutcome ? { userGuide: guideOutcome } : {}), bundlesFromCache, linksSentToChecker, firstLoad, adaptedConfig: adapted };
  } catch (e) {
    await Promise.allSettled([bundling, compressor?.settle(), guideWorker?.close(), search?.settle(), searchWriting, linkCheck]);
    discardStaging(staging);
    stopGuarding();
    throw e;
  } finally {
    pageStore?.close(); // a process that builds again (the tests, the benchmarks) keeps no packs open
  }
}
