// The dev session: the site held in memory between rebuilds (sources and compiled Markdown in
// build/dev/sources.ts, bundles, each route's page data and view of its sidebar; not the pages'
// HTML, which is on disk), so a change redoes only what depends on it. A one-page edit
// reads and compiles that page, re-assembles the page data (cheap), renders the routes whose
// data or sidebar actually changed and writes their files. Errors never end the session: they
// are kept per cause (a file, the config, the bundle, ...) and the last good output stays.
import { currentMarkdownSettings, markdownSettingsOf, useMarkdownSettings } from '../markdown/settings.ts';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../../src/config/schema.ts';
import type { PageData } from '../../src/data/types.ts';
import { SidebarViews } from '../render/sidebar-views.ts';
import { loadSiteConfig } from '../model/config.ts';
import { readGitDates, type LastCommit } from '../model/last-updated.ts';
import { pageMetaResolver, type PageMetaOf } from '../model/page-meta.ts';
import { machinePages } from '../output/llms.ts';
import { pageMarkdown, publishedMarkdown } from '../output/page-markdown.ts';
import { siteUrlOf } from '../model/site-url.ts';
import type { BundleInput } from '../render/bundle.ts';
import { bodyToFirstLine, docIdOf, routeOfPath, sourceKindOf, type SourcePage } from '../model/content.ts';
import { bootScript } from '../render/boot-script.ts';
import { buildCsp, imageOriginsOf } from '../render/csp.ts';
import { BuildError, formatError, type Warning } from '../errors.ts';
import type { CompiledMarkdown } from '../markdown/compile.ts';
import { copyStatic, OutputWriter, WRITE_BATCH, writeOut } from '../output/files.ts';
import { checkRoutes, dataPathOf, htmlPathOf, markdownUrlOf } from '../model/routes.ts';
import { checkPageImages } from '../model/page-images.ts';
import { resolveRedirects, type Redirect } from '../model/redirects.ts';
import { configLocation } from '../model/sidebars.ts';
import { REDIRECT_SCRIPT } from '../output/redirect-page.ts';
import { fillCardsOfPages } from '../render/doc-cards.ts';
import {
  adaptSite, assemblePages, contentAssets, copyContentAssets, pageDataOf, pageFiles, prepaintFor, renderApp, routesOfFiles, sidebarDocOf, sidebarFiles, sitePaths,
  type AssembledPages, type PathOptions, type SitePaths,
} from '../model/site.ts';
import { DevBundler, type DevBundles } from './bundler.ts';
import { DevSiteFiles } from './site-files.ts';
import { compileSource, DevSources, sourceOfRoute } from './sources.ts';
import { drawDiagramsOf } from '../diagrams/index.ts';
import { timeSlicer } from '../time-slice.ts';
import { emptyPlan, type ChangePlan, type WatchedDirs } from './changes.ts';
import { linkWarnings } from './links.ts';
import { readCategories, type Categories } from '../model/categories.ts';
import { NO_TAG_DEFINITIONS, readTagDefinitions, tagLinks, type TagDefinitions } from '../model/tags.ts';
import { buildUserGuide, GUIDE_PATH } from '../pdf/stage.ts';
import { GuideError } from '../pdf/guide-error.ts';
import { byCodeUnit } from '../order.ts';
import { releaseHeapTuning, tuneHeapForSite } from '../v8-flags.ts';
import { InputStamps, stampedReader } from '../cache/input-stamps.ts';

/** The pages for machines made when asked for (DevSession.machineFiles). */
export const MACHINE_FILES = ['/llms.txt', '/llms-full.txt'];

/** The warm-up after the first build (warmUp): pages spread over the site, and at most this much of this thread's time. */
const WARM_UP_PAGES = 40;
const WARM_UP_MS = 600;

export interface RebuildResult {
  /** Output exists (false until a first build succeeds, e.g. with a broken config at start). */
  built: boolean;
  /** Routes whose output changed: added, rebuilt or removed. */
  routes: string[];
  /** Of those, the routes whose page is gone (its file was deleted or moved). */
  removed: string[];
  /** Open tabs must load again (theme, config or static files changed). */
  reload: boolean;
  /** Pages whose layout was rendered again. */
  rendered: number;
  /**
   * Pages left to render after this result (see DevSession.deferAbove): the background renders
   * them, and a request for one renders it first.
   */
  deferred: number;
  /** Markdown pages compiled. */
  compiled: number;
  /** Warnings of what was rebuilt (the full list on the first build). */
  warnings: Warning[];
  /** Every current error, formatted `file:line: message\n  fix: …`. */
  errors: string[];
  /** Routes served before the first build was done (renderEarly) whose built page differs. */
  provisional: string[];
  sidebarVersions: Record<string, string>;
  /** Milliseconds per step of this rebuild. */
  timings: Record<string, number>;
}

/**
 * What a route's files were made from: enough to tell whether they must be made again. Not its
 * HTML: a page is rendered again whenever it changes, and 10 000 pages' renders (each with its
 * sidebar) held here ran the dev server out of memory.
 */
interface RenderedRoute {
  page: PageData;
  /**
   * The hash of the page's view of its sidebar (build/render/sidebar-views.ts): what of the
   * sidebar its files depend on. The hash, not the JSON: after a title edit every page compared
   * its view's JSON (40 KB at 10 000 pages) with the last one's.
   */
  sidebarHash: string;
}

/** What a page rendered alone during the first build needs (DevSession.renderEarly). */
interface FirstBuild {
  config: SiteConfig;
  list: SourcePage[];
  /** Settles with false when the bundles failed. */
  bundling: Promise<boolean>;
}

/** Error causes besides files (which are keyed by their absolute path). */
const CONFIG = ' config';
const BUNDLE = ' bundle';
const ROUTES = ' routes';
const SIDEBARS = ' sidebars';
const CATEGORIES = ' categories';
const REDIRECTS = ' redirects';
const renderKey = (route: string) => ` render ${route}`;

/**
 * Beyond this many pages to render again (a title edit changes every page of its sidebar), a
 * rebuild renders only the pages it read or compiled and leaves the rest to the background.
 */
const DEFER_RENDER_ABOVE = 50;

/** A compiled page's Markdown as the machine pages take it (build/output/llms.ts). */
const bytesOf = (markdown: string | undefined) => (markdown === undefined ? undefined : Buffer.from(markdown));

/**
 * Same data, same render. Runs for every route on every rebuild, so it compares field by field
 * (a page's HTML string is the same object until its file is compiled again) and goes into only
 * the small structured fields that differ by identity (TOC, breadcrumbs, prev/next).
 */
function samePage(a: PageData, b: PageData): boolean {
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const k of keys) {
    const u = x[k];
    const v = y[k];
    if (u === v) continue;
    if (!sameData(u, v)) return false;
  }
  return true;
}

/**
 * Plain data (JSON's kinds) equal with the keys in the same order, as their JSON would be equal;
 * compared in place: after a title edit, turning two versions of every page's table of contents
 * and links into JSON took 110 ms at 10 000 pages. Where it differs from comparing JSON (an
 * undefined value, NaN) it says "different": a page rendered again, never one missed.
 */
function sameData(u: unknown, v: unknown): boolean {
  if (u === v) return true;
  if (typeof u !== 'object' || typeof v !== 'object' || u === null || v === null || Array.isArray(u) !== Array.isArray(v)) return false;
  if (Array.isArray(u)) {
    const w = v as unknown[];
    if (u.length !== w.length) return false;
    for (let i = 0; i < u.length; i++) if (!sameData(u[i], w[i])) return false;
    return true;
  }
  const x = u as Record<string, unknown>;
  const y = v as Record<string, unknown>;
  const keys = Object.keys(x);
  const others = Object.keys(y);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i++) if (keys[i] !== others[i] || !sameData(x[keys[i]], y[keys[i]])) return false;
  return true;
}

/**
 * A page not compiled yet, as far as the sidebars need it: the text of a leading `# ` heading
 * with its inline marks dropped (the compile gives the exact title later).
 */
function titleOnly(body: string): CompiledMarkdown {
  const first = /^\s*# +(.+?)(?: +#+)? *$/m.exec(body.replace(/^(\s*\n)*/, '').split('\n', 1)[0] ?? '');
  const h1 = first?.[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*_]/g, '').trim();
  return { h1: h1 || undefined, html: '', toc: [], warnings: [], assets: [], markdown: '', deps: {} };
}

/** A page's compiled Markdown by its route. */
function compiledByRoute(sources: SourcePage[], compiled: Map<string, CompiledMarkdown>): (route: string) => CompiledMarkdown | undefined {
  const files = new Map(sources.map((s) => [s.route, s.absPath]));
  return (route) => { const file = files.get(route); return file === undefined ? undefined : compiled.get(file); };
}

export class DevSession {
  readonly paths: SitePaths;
  readonly srcDir: string;
  private loaded?: SiteConfig;
  /** The config file and the files it imports, as last loaded. */
  private configFiles: string[] = [];
  private config?: SiteConfig;
  /** Last-commit dates of the docs (build/model/last-updated.ts), read on the first rebuild. */
  private gitDates?: Map<string, LastCommit>;
  private adapted = false;
  /** Set by close(): background work (the warm-up) stops. */
  private closing = false;
  private routeOfFile = new Map<string, string>();
  /** Each route's source file (the sources of the last rebuild's list). */
  private fileOfRoute = new Map<string, string>();
  private errors = new Map<string, unknown>();
  /** The sources, their compiled Markdown, and what this rebuild read or compiles again (build/dev/sources.ts). */
  private readonly src: DevSources;
  private bundler?: DevBundler;
  private bundles?: DevBundles;
  private bundleInput: BundleInput;
  private rendered = new Map<string, RenderedRoute>();
  /**
   * Routes whose page data or sidebar in `rendered` is newer than their files: rendered in the
   * background after a rebuild, or at once when a request asks for one (renderNow).
   */
  private deferred = new Set<string>();
  private readonly deferAbove: number;
  /** The rebuild in progress: a background pass stops for it, a request waits for it. */
  private updating?: Promise<RebuildResult>;
  private background?: Promise<void>;
  /** A rebuild ended while a background pass was stopping: start another after it. */
  private backgroundAgain = false;
  private sidebarVersions: Record<string, string> = {};
  /** Each sidebar file's JSON as last written (its name stays; its bytes change with the sidebar). */
  private writtenSidebars = new Map<string, string>();
  private sidebarWarnings = new Set<string>();
  /** llms.txt and llms-full.txt may not show the pages as they are: made again when asked for (machineFiles). */
  private llmsStale = true;
  private llmsWriting?: Promise<string | undefined>;
  private readonly siteFiles: DevSiteFiles;
  private built = false;
  /** The last page data and sidebars, and what they were assembled from (see update). */
  private assembled?: AssembledPages;
  /** The pages' views of the assembled sidebars (build/render/sidebar-views.ts), for the pages rendered later. */
  private views?: SidebarViews;
  /** What the sidebars and every page's place are made of (see layoutPartOf), as of the last rebuild. */
  private layoutKey: { pages: string[]; rest: string } = { pages: [], rest: '' };
  private layoutParts = new WeakMap<SourcePage, { compiled?: CompiledMarkdown; json: string }>();
  /** The docs folder's _category_ files, as last read. */
  private categories?: Categories;
  /** docs/tags.yml, as last read. */
  private tagDefs?: TagDefinitions;
  /** Each tag page's docs (build/model/tags.ts), for its cards. */
  private docsOfTag = new Map<string, string[]>();
  /** The cards each page with a `::doc-cards` shows (build/render/doc-cards.ts), to see when they change. */
  private cardsShown = new Map<string, string>();
  private sidebarOut?: { sidebars: AssembledPages['sidebars'] } & ReturnType<typeof sidebarFiles>;
  private timings: Record<string, number> = {};
  /** The current Content-Security-Policy (the pre-paint script's hash depends on the config). */
  csp: string | undefined;
  /** While the first build runs: what renderEarly needs, and the pages it served. */
  private firstBuild?: Promise<FirstBuild | undefined>;
  private settleFirstBuild?: (first: FirstBuild | undefined) => void;
  private earlyPages = new Map<string, string>();
  private earlyRendering = new Set<Promise<string | undefined>>();
  /** The user guide for the last assembled pages, once asked for (see userGuide). */
  private guide?: { assembled: AssembledPages; rendering: Promise<string | undefined> };

  constructor(options: PathOptions & { outDir: string; deferAbove?: number }) {
    this.paths = sitePaths(options);
    this.deferAbove = options.deferAbove ?? DEFER_RENDER_ABOVE;
    this.srcDir = path.join(this.paths.root, 'src');
    this.siteFiles = new DevSiteFiles(this.paths.outDir);
    this.src = new DevSources(this.paths, this.errors);
    this.bundleInput = {
      projectRoot: this.paths.root,
      config: undefined as unknown as SiteConfig, // set before the first bundle
      reactPages: new Map(),
      outDir: this.paths.outDir,
      cacheDir: this.paths.cacheDir ?? path.join(this.paths.root, '.cache'),
    };
  }

  /** What the watcher watches and how paths are told apart. */
  get dirs(): WatchedDirs {
    return { configPath: this.paths.configPath, configFiles: new Set(this.configFiles), srcDir: this.srcDir, docsDir: this.paths.docsDir, pagesDir: this.paths.pagesDir, staticDir: this.paths.staticDir };
  }

  get devClient(): string {
    return this.bundles?.devClient ?? '';
  }

  /** Builds everything into the (emptied) output folder. */
  async start(): Promise<RebuildResult> {
    rmSync(this.paths.outDir, { recursive: true, force: true });
    // _headers/ marks the folder as an output (never served): the next start may empty it (build/model/paths.ts, checkSitePaths).
    mkdirSync(path.join(this.paths.outDir, '_headers'), { recursive: true });
    let settle!: (first: FirstBuild | undefined) => void;
    this.firstBuild = new Promise((resolve) => (settle = resolve));
    this.settleFirstBuild = settle;
    try {
      return await this.update(emptyPlan());
    } finally {
      settle(undefined); // a first build that stopped early (a broken config): nothing to render alone
      this.firstBuild = undefined;
    }
  }

  async update(plan: ChangePlan): Promise<RebuildResult> {
    const updating = this.rebuild(plan);
    this.updating = updating;
    try {
      return await updating;
    } finally {
      this.updating = undefined;
      // A full build over, edits allocate little: V8's own heap growth again (build/v8-flags.ts).
      releaseHeapTuning();
      if (this.deferred.size) this.startBackground();
    }
  }

  private async rebuild(plan: ChangePlan): Promise<RebuildResult> {
    // Until a first build succeeded, every change retries all of it.
    const full = !this.built;
    this.timings = {};
    let t = performance.now();
    const lap = (step: string) => {
      const now = performance.now();
      this.timings[step] = Math.round(now - t);
      t = now;
    };
    const warnings: Warning[] = [];
    const { root, configPath, outDir } = this.paths;

    // 1. The config.
    if (plan.config || full) {
      try {
        ({ config: this.loaded, files: this.configFiles } = await loadSiteConfig(configPath, root, this.paths.cacheDir));
        // The config decides what Prism highlights, and whether pages have formulas: when that
        // changes, every page compiles again, as the build's cache key says.
        const compiledWith = JSON.stringify(currentMarkdownSettings());
        await useMarkdownSettings(markdownSettingsOf(this.loaded, this.paths.docsDir));
        if (!full && JSON.stringify(currentMarkdownSettings()) !== compiledWith) this.src.markAllStale();
        this.errors.delete(CONFIG);
      } catch (e) {
        this.errors.set(CONFIG, e);
      }
    }
    if (!this.loaded) return this.result({ warnings });

    lap('config');

    // 2. Sources: the changed ones, or every one. On the first build the bundles start first:
    // they depend on the config and the React pages, not on the docs' text, so esbuild (its own
    // process) works while the docs are read.
    const pageChanges = full ? this.src.everySource() : plan.pages;
    const earlyBundling = full ? this.bundleFromListing(this.loaded, pageChanges) : undefined;
    this.src.touched.clear();
    const routesBefore = this.routeOfFile;
    const before = { membership: this.src.membership, adapted: this.adapted, routesChecked: !this.errors.has(ROUTES) };
    const pause = timeSlicer(20); // esbuild's replies come in meanwhile
    // The first build knows a page unchanged since any build or dev server of this cache looked at
    // it by its stamp, without reading it (build/cache/input-stamps.ts): a large site's first page
    // then waits for no file but its own. Later rebuilds read what the watcher reports.
    const stamps = full && this.paths.cacheDir ? new InputStamps(this.paths.cacheDir) : undefined;
    const reader = stamps && stampedReader(stamps);
    for (const [file, state] of pageChanges) {
      this.src.read(file, state, reader);
      await pause();
    }
    stamps?.save();
    // A large site's first build keeps the heap near what is alive, as the build does (build/v8-flags.ts).
    if (full) tuneHeapForSite([...this.src.byFile.values()].reduce((n, s) => n + s.size, 0));
    const site = adaptSite(this.loaded, this.src.docIds(), this.paths.pagesDir);
    const configChanged = JSON.stringify(site.config) !== JSON.stringify(this.config);
    this.config = site.config;
    this.adapted = site.adapted;
    const config = site.config;
    // The _category_ files and docs/tags.yml are read again when one changed (or on a full
    // rebuild); a generated-index category's page and the tag pages join the sources here, as
    // they do in the build.
    if (full || plan.categories || !this.categories) {
      try {
        const read = readCategories(this.paths.docsDir, root);
        this.categories = read.categories;
        warnings.push(...read.warnings);
        this.tagDefs = readTagDefinitions(this.paths.docsDir, root);
        this.errors.delete(CATEGORIES);
      } catch (e) {
        this.errors.set(CATEGORIES, e);
      }
    }
    const generated = this.src.syncGenerated(config, this.categories, this.tagDefs);
    if (generated.docsOfTag) this.docsOfTag = generated.docsOfTag;
    warnings.push(...generated.warnings);
    const list = this.src.list(this.adapted);

    // 3. Routes. Pages linking to a page that appeared, vanished or moved compile again. With the
    // same sources as last time, each read again at its old route, the routes are as they were
    // and were checked then: a text edit on a large site does not go over every route.
    const sameRoutes = !full && before.routesChecked && before.membership === this.src.membership && before.adapted === this.adapted
      && [...this.src.touched].every((f) => routesBefore.get(f) === this.src.byFile.get(f)?.route);
    try {
      if (!sameRoutes) checkRoutes(list);
      checkPageImages(list, this.paths.staticDir);
      this.errors.delete(ROUTES);
    } catch (e) {
      this.errors.set(ROUTES, e);
    }
    if (!sameRoutes) {
      this.routeOfFile = routesOfFiles(list);
      this.fileOfRoute = new Map(list.map((s) => [s.route, s.absPath]));
    }
    if (!full) {
      const moved = sameRoutes ? [] : [...new Set([...routesBefore.keys(), ...this.routeOfFile.keys()])].filter((f) => routesBefore.get(f) !== this.routeOfFile.get(f));
      this.src.markMentioning([...moved, ...plan.pageAssets], list);
    }

    lap('sources');

    // 4. Bundles (after a theme edit, or when what they embed changed: config, React pages),
    // made while 5. the Markdown compiles. On the first build a page asked for meanwhile is
    // rendered alone as soon as the bundles are there (renderEarly).
    const reactPages = new Map(list.filter((s) => s.kind === 'react-page').map((s) => [s.route, s.absPath]));
    const reactChanged = JSON.stringify([...reactPages]) !== JSON.stringify([...this.bundleInput.reactPages]);
    const bundleConfigChanged = JSON.stringify(config) !== JSON.stringify(this.bundleInput.config);
    const bundling = earlyBundling && !reactChanged && !bundleConfigChanged ? earlyBundling
      : full || plan.theme || configChanged || reactChanged ? (earlyBundling ?? Promise.resolve(false)).then(() => this.rebuildBundles(config, reactPages))
        : Promise.resolve(false);
    if (full) this.settleFirstBuild?.({ config, list, bundling });
    // A page asked for already goes first: compiling the whole site takes every core.
    if (full && this.earlyRendering.size) {
      await bundling;
      await Promise.all(this.earlyRendering);
    }
    const compiledNow = await this.src.compileStale(list, this.routeOfFile, warnings);
    lap('markdown');
    const bundled = await bundling;
    if (!this.bundles) return this.result({ warnings });
    lap('bundle');

    // 6. Page data and sidebars for every route (cheap), then render what changed.
    const renderable = list.filter((s) => s.kind === 'react-page' || this.src.compiled.has(s.absPath));
    const metaOf = this.metaOf(config);
    // Sidebars (and so every page's place: prev/next, breadcrumbs) depend on the docs' ids,
    // routes, labels and positions and on the config. With those as they were, only the pages
    // read or compiled again get new data; the rest is kept as is.
    const categories = this.categories ?? new Map();
    // docs/tags.yml and the tags that have pages too: every tagged doc's links follow them.
    const layoutKey = { pages: renderable.map((s) => this.layoutPartOf(s)), rest: JSON.stringify([[...categories], [...(this.tagDefs?.byKey ?? [])], [...this.docsOfTag.keys()]]) };
    // Compared part by part: a part kept from the last rebuild is the same string, so that most comparisons are by reference.
    const sameLayout = layoutKey.rest === this.layoutKey.rest && layoutKey.pages.length === this.layoutKey.pages.length
      && layoutKey.pages.every((part, i) => part === this.layoutKey.pages[i]);
    let assembled: AssembledPages;
    if (this.assembled && !full && !configChanged && sameLayout) {
      const placement = this.assembled.placement;
      const docsById = new Map(renderable.filter((d) => d.kind === 'doc').map((d) => [d.id, d]));
      const fresh = new Map([...this.src.touched, ...compiledNow].map((f) => this.src.byFile.get(f))
        .filter((s): s is SourcePage => s !== undefined && (s.kind === 'react-page' || this.src.compiled.has(s.absPath)))
        .map((s) => [s.route, pageDataOf(s, this.src.compiled, config, placement, metaOf, docsById)]));
      assembled = { ...this.assembled, pages: this.assembled.pages.map((p) => fresh.get(p.route) ?? p) };
      // The same docs as the last assembly that succeeded: an error since (a doc deleted, then
      // restored) is gone.
      this.errors.delete(SIDEBARS);
    } else {
      try {
        assembled = assemblePages({ config, sources: renderable, compiled: this.src.compiled, root, configPath, metaOf, categories });
        this.errors.delete(SIDEBARS);
      } catch (e) {
        this.errors.set(SIDEBARS, e);
        return this.result({ warnings, compiled: compiledNow.size });
      }
    }
    const compiledOfRoute = (route: string) => { const s = this.sourceAt(route); return s && this.src.compiled.get(s.absPath); };
    const cardsChanged = fillCardsOfPages(assembled.pages, assembled.sidebarById, this.docsOfTag,
      (p) => compiledOfRoute(p.route)?.docCards === true, (r) => compiledOfRoute(r)?.html ?? '', this.cardsShown);
    this.assembled = assembled;
    const layoutChanged = !sameLayout;
    this.layoutKey = layoutKey;
    const newSidebarWarnings = new Set(assembled.warnings.map((w) => w.message));
    warnings.push(...assembled.warnings.filter((w) => !this.sidebarWarnings.has(w.message)));
    this.sidebarWarnings = newSidebarWarnings;

    const routes = new Set(assembled.pages.map((p) => p.route));
    let redirects: Redirect[] = [];
    try {
      redirects = resolveRedirects(config, routes, configLocation(path.relative(root, configPath), configPath));
      this.errors.delete(REDIRECTS);
    } catch (e) {
      this.errors.set(REDIRECTS, e);
    }

    lap('assemble');
    const out = new OutputWriter(outDir);
    if (this.sidebarOut?.sidebars !== assembled.sidebars) this.sidebarOut = { sidebars: assembled.sidebars, ...sidebarFiles(assembled.sidebars) };
    const { files: sidebarJson, versions: sidebarVersions } = this.sidebarOut;
    // The same sidebars (an edit that moved nothing): their views, made already, stay.
    if (this.views?.sidebars !== assembled.sidebars) this.views = new SidebarViews(assembled.sidebars);
    const views = this.views;
    for (const f of sidebarJson) {
      if (this.writtenSidebars.get(f.rel) !== f.json) out.add(f.rel, f.json);
      this.writtenSidebars.set(f.rel, f.json);
    }
    const sidebarsChanged = JSON.stringify(sidebarVersions) !== JSON.stringify(this.sidebarVersions);
    this.sidebarVersions = sidebarVersions;
    const prepaint = prepaintFor(config);
    const renderAll = full || bundled || configChanged;
    // With every sidebar as it was (same JSON) and the same layout (docs/tags.yml included), no
    // page's place (prev/next, breadcrumbs) or tag links moved: only the pages read or compiled
    // again can have new data.
    const checkAll = renderAll || sidebarsChanged || layoutChanged;
    // Pages read or compiled again, and those whose cards show them (a title or description edited).
    const candidates = new Set([...[...this.src.touched, ...compiledNow].map((f) => this.src.byFile.get(f)?.route), ...cardsChanged]);
    const { assets, renderer } = this.bundles;
    const changed = new Set<string>();
    let rendered = 0;
    // Which pages need new files, before any is rendered: past deferAbove, only the pages read or
    // compiled again are rendered now, and the rest are deferred (startBackground, renderNow).
    const todo: { page: PageData; prev?: RenderedRoute; sidebarHash: string; same: boolean }[] = [];
    for (const page of assembled.pages) {
      const prev = this.rendered.get(page.route);
      if (!checkAll && prev && !candidates.has(page.route)) continue;
      // A page whose data and view of its sidebar are as they were has the same files: a title
      // edit renders again the pages that show the title, not every page of the sidebar.
      const sidebarHash = views.of(page.sidebarId, page.route)?.hash ?? '';
      const same = prev !== undefined && prev.sidebarHash === sidebarHash && samePage(prev.page, page);
      if (same && !renderAll) continue;
      todo.push({ page, prev, sidebarHash, same });
    }
    const defer = !full && todo.length > this.deferAbove;
    for (const { page, prev, sidebarHash, same } of todo) {
      if (defer && prev && !candidates.has(page.route)) {
        this.rendered.set(page.route, { page, sidebarHash });
        this.deferred.add(page.route);
        if (!same) changed.add(page.route);
        continue;
      }
      this.deferred.delete(page.route);
      // Every page here is rendered: one whose data and sidebar view are as they were is not
      // here unless everything renders again (renderAll).
      let appHtml: string;
      try {
        appHtml = renderApp(renderer, config, page, page.sidebarId ? assembled.sidebarById.get(page.sidebarId) : undefined);
        rendered++;
        this.errors.delete(renderKey(page.route));
      } catch (e) {
        this.errors.set(renderKey(page.route), new BuildError((e as Error).message, sourceOfRoute(page.route, list)));
        continue; // the last good render of this route stays
      }
      const files = pageFiles({ config, page, appHtml, assets, prepaint, sidebarView: views.of(page.sidebarId, page.route)?.view });
      out.add(files.htmlPath, files.html);
      if (files.dataPath) out.add(files.dataPath, files.data!);
      this.rendered.set(page.route, { page, sidebarHash });
      if (!same) changed.add(page.route);
      // Written as it goes, as the build does (build/pipeline.ts): a first build that held every
      // page's files until the end needed ~4 GB at 10 000 pages.
      if (out.size >= WRITE_BATCH) await out.flush();
    }
    const removed = this.removeGoneRoutes(routes);
    for (const route of removed) changed.add(route);
    // A page's Markdown depends on its own text and title (and the site URL): only pages read or
    // compiled again have a new one, whatever else moved in their sidebar.
    const newMarkdown = renderAll ? assembled.pages : todo.map((t) => t.page).filter((page) => changed.has(page.route) && candidates.has(page.route));
    await this.addMarkdownPages(out, config, newMarkdown);
    this.llmsStale = true;
    lap('render');
    await out.flush();
    lap('write');

    // 7. Static files, images next to pages; sitemap, redirects and CSP (build/dev/site-files.ts).
    if (full) copyStatic(this.paths.staticDir, outDir);
    else for (const [file, state] of plan.statics) this.copyStaticFile(file, state);
    copyContentAssets(full ? this.src.compiled.values() : [...compiledNow].map((f) => this.src.compiled.get(f)!).filter(Boolean), outDir);
    const csp = buildCsp([prepaint, bootScript(this.bundles.assets.js), ...(redirects.length ? [REDIRECT_SCRIPT] : [])], [this.bundles.assets.inlineCss], imageOriginsOf(this.src.compiled.values()));
    this.siteFiles.write(config, assembled.pages, redirects, csp);
    this.csp = csp;

    lap('emit');
    const wasBuilt = this.built;
    this.built = true;
    // Pages served before the first build was done whose final version differs.
    const provisional = [...this.earlyPages].filter(([route, html]) => this.rendered.has(route) && readFileSync(path.join(outDir, htmlPathOf(route)), 'utf8') !== html).map(([route]) => route);
    this.earlyPages.clear();
    return this.result({
      warnings, compiled: compiledNow.size, rendered, routes: [...changed], removed, provisional,
      reload: wasBuilt ? bundled || configChanged || plan.statics.size > 0 : true,
    });
  }

  /** The source of the page at `route`, as of the last rebuild. */
  private sourceAt(route: string): SourcePage | undefined {
    const file = this.fileOfRoute.get(route);
    return file === undefined ? undefined : this.src.byFile.get(file);
  }

  /**
   * What of one source the layout key holds (the doc as the sidebars see it, its route, whether it
   * is unlisted), as JSON. Kept per source object and compiled form, so that an edit turns into
   * JSON the page it changed and not all of them (10 ms at 10 000 pages).
   */
  private layoutPartOf(s: SourcePage): string {
    const compiled = this.src.compiled.get(s.absPath);
    const known = this.layoutParts.get(s);
    if (known && known.compiled === compiled) return known.json;
    const json = JSON.stringify([s.kind === 'doc' ? sidebarDocOf(s, this.src.compiled) : 0, s.route, s.frontMatter.unlisted]);
    this.layoutParts.set(s, { compiled, json });
    return json;
  }

  /** Forgets the rendered routes not among `routes` and removes their files; returns them. */
  private removeGoneRoutes(routes: Set<string>): string[] {
    const { outDir } = this.paths;
    const removed: string[] = [];
    for (const route of this.rendered.keys()) {
      if (routes.has(route)) continue;
      removed.push(route);
      this.rendered.delete(route);
      this.deferred.delete(route);
      this.errors.delete(renderKey(route));
      rmSync(path.join(outDir, htmlPathOf(route)), { force: true });
      rmSync(path.join(outDir, dataPathOf(route)), { force: true });
      rmSync(path.join(outDir, markdownUrlOf(route).slice(1)), { force: true });
    }
    return removed;
  }

  /** The Markdown beside each of these pages (the copy button's source, and for machines). */
  private async addMarkdownPages(out: OutputWriter, config: SiteConfig, pages: PageData[]) {
    const siteUrl = siteUrlOf(config);
    for (const page of pages) {
      const s = this.sourceAt(page.route);
      if (!s || !page.markdownUrl) continue;
      const compiledMd = this.src.compiled.get(s.absPath)?.markdown;
      out.add(page.markdownUrl.slice(1), compiledMd === undefined ? pageMarkdown(page.title, s.body, s.absPath, { siteUrl, routeOfFile: this.routeOfFile }) : publishedMarkdown(page.title, compiledMd, siteUrl));
      if (out.size >= WRITE_BATCH) await out.flush();
    }
  }

  /**
   * llms.txt and llms-full.txt of the pages as they are now, written into the dev output when
   * the browser asks for one of them. They hold every page (llms-full.txt all their text: 1 s to
   * make at 10 000 pages), so no edit makes them; one made stays until the next rebuild.
   */
  machineFiles(): Promise<string | undefined> {
    // Concurrent requests share one writing; the next request after it may write again.
    this.llmsWriting ??= this.writeMachineFiles().finally(() => (this.llmsWriting = undefined));
    return this.llmsWriting;
  }

  private async writeMachineFiles(): Promise<string | undefined> {
    while (this.updating) await this.updating.catch(() => undefined);
    const { assembled, config } = this;
    if (!this.llmsStale || !assembled || !config) return undefined;
    this.llmsStale = false;
    try {
      const out = new OutputWriter(this.paths.outDir);
      for (const f of machinePages({ config, sources: this.src.list(this.adapted), pages: assembled.pages, sidebars: assembled.sidebars, routeOfFile: this.routeOfFile,
        compiledMarkdown: (file) => bytesOf(this.src.compiled.get(file)?.markdown) })) {
        if (!f.rel.endsWith('.md')) out.add(f.rel, f.content());
      }
      await out.flush();
      return undefined;
    } catch (e) {
      this.llmsStale = true;
      return (e as Error).message;
    }
  }

  /**
   * Renders and writes a deferred page now (a request asks for it, or the background's turn came):
   * its page data, its sidebar and the bundles are the last rebuild's. Nothing for another route.
   */
  private renderNow(route: string): void {
    if (!this.deferred.has(route)) return;
    this.deferred.delete(route);
    const entry = this.rendered.get(route);
    const config = this.config;
    if (!entry || !config || !this.bundles || !this.assembled) return;
    const { page } = entry;
    try {
      const appHtml = renderApp(this.bundles.renderer, config, page, page.sidebarId ? this.assembled.sidebarById.get(page.sidebarId) : undefined);
      const files = pageFiles({ config, page, appHtml, assets: this.bundles.assets, prepaint: prepaintFor(config), sidebarView: this.views?.of(page.sidebarId, page.route)?.view });
      writeOut(this.paths.outDir, files.htmlPath, files.html);
      if (files.dataPath) writeOut(this.paths.outDir, files.dataPath, files.data!);
      this.errors.delete(renderKey(route));
    } catch (e) {
      this.errors.set(renderKey(route), new BuildError((e as Error).message, sourceOfRoute(route, this.src.list(this.adapted))));
    }
  }

  /**
   * Before a file is served: when it is a deferred page's HTML or data, that page is rendered
   * first (after the rebuild in progress, if any).
   */
  async prepare(urlPath: string): Promise<void> {
    while (this.updating) await this.updating.catch(() => undefined);
    if (this.deferred.size === 0) return;
    const data = /^\/_data\/(.+)\.json$/.exec(urlPath);
    const route = data ? (data[1] === 'index' ? '/' : `/${data[1]}`) : urlPath.replace(/\/index\.html$/, '/');
    this.renderNow(route);
  }

  /** Settles when no page is left to render (tests wait for it). */
  async idle(): Promise<void> {
    while (this.background) await this.background;
  }

  /**
   * Renders the deferred pages in 20 ms slices until none is left; a rebuild stops it, and starts
   * it again when it ends.
   */
  private startBackground() {
    if (this.background) {
      this.backgroundAgain = true;
      return;
    }
    const run = async () => {
      const pause = timeSlicer(20);
      await new Promise((resolve) => setImmediate(resolve)); // after the rebuild's result is out
      for (const route of this.deferred) {
        if (this.updating) return;
        this.renderNow(route);
        await pause();
      }
    };
    this.background = run().finally(() => {
      this.background = undefined;
      if (this.backgroundAgain && !this.updating) {
        this.backgroundAgain = false;
        this.startBackground();
      }
    });
  }

  /**
   * The first build's bundles, started from the file listing alone: doc ids and React pages
   * come from file names (a doc's id is its path, number prefixes dropped), so the config is
   * adapted as it will be once the docs are read. update() makes them again in the rare case it
   * was not (a doc that fails to parse, or keeps its prefix with `parse_number_prefixes: false`).
   */
  private bundleFromListing(loaded: SiteConfig, files: Map<string, 'changed' | 'removed'>): Promise<boolean> {
    const docIds = new Set<string>();
    const reactFiles: [string, string][] = [];
    for (const [file, state] of files) {
      const where = state === 'changed' ? this.src.locate(file) : null;
      const kind = where && sourceKindOf(where.rel, where.folder);
      if (kind === 'doc') docIds.add(docIdOf(where!.rel));
      else if (kind === 'react-page') reactFiles.push([routeOfPath(where!.rel), file]);
    }
    const site = adaptSite(loaded, docIds, this.paths.pagesDir);
    const reactPages = new Map(site.pagesDir ? reactFiles.sort(([, a], [, b]) => byCodeUnit(a, b)) : []);
    return this.rebuildBundles(site.config, reactPages);
  }

  /** Makes the browser bundles and the server renderer; false when they failed (the error is kept). */
  private async rebuildBundles(config: SiteConfig, reactPages: Map<string, string>): Promise<boolean> {
    this.bundleInput.config = config;
    this.bundleInput.reactPages = reactPages;
    try {
      this.bundler ??= await DevBundler.create(this.bundleInput);
      this.bundles = await this.bundler.rebuild();
      this.errors.delete(BUNDLE);
      return true;
    } catch (e) {
      this.errors.set(BUNDLE, e);
      return false;
    }
  }

  /**
   * While the first build runs, the page at `route` rendered alone: its own Markdown compiled
   * now, the other pages' titles taken from their front matter or first `# ` line until they are
   * compiled. Resolves with its HTML, or undefined when it must wait for the build (unknown route,
   * a failing page, first build over). The first build's output may differ from this render
   * (a title guessed wrong): `provisional` lists such routes when it is done.
   */
  renderEarly(route: string): Promise<string | undefined> {
    const rendering = this.renderAlone(route);
    this.earlyRendering.add(rendering);
    void rendering.finally(() => this.earlyRendering.delete(rendering));
    return rendering;
  }

  private async renderAlone(route: string): Promise<string | undefined> {
    const first = await this.firstBuild;
    if (this.built || !first) return undefined;
    const early = this.earlyPages.get(route);
    if (early) return early;
    const { config, list } = first;
    const source = list.find((s) => s.route === route);
    if (!source) return undefined;
    try {
      // Compiled while esbuild is still bundling (its new diagrams drawn first).
      const needed = source.kind !== 'react-page' && !this.src.compiled.has(source.absPath);
      if (needed) await drawDiagramsOf([source]);
      const own = needed ? compileSource(source, this.routeOfFile) : undefined;
      if (!(await first.bundling) || this.built || !this.bundles) return undefined;
      const compiled = new Map(this.src.compiled);
      if (own) compiled.set(source.absPath, own);
      // The other pages give their titles: the front matter's, or else a `# ` first line (taken
      // only then: a page known by its stamp has it from the cache, and is read for nothing else).
      for (const s of list) {
        if (s.kind !== 'react-page' && !compiled.has(s.absPath)) compiled.set(s.absPath, titleOnly(s.frontMatter.title === undefined ? bodyToFirstLine(s) : ''));
      }
      const categories = this.categories ?? readCategories(this.paths.docsDir, this.paths.root).categories;
      const metaOf = this.metaOf(config, this.tagDefs ?? readTagDefinitions(this.paths.docsDir, this.paths.root));
      const assembled = assemblePages({ config, sources: list, compiled, root: this.paths.root, configPath: this.paths.configPath, metaOf, categories });
      const compiledOfRoute = compiledByRoute(list, compiled);
      fillCardsOfPages(assembled.pages, assembled.sidebarById, this.docsOfTag, (p) => compiledOfRoute(p.route)?.docCards === true, (r) => compiledOfRoute(r)?.html ?? '');
      const page = assembled.pages.find((p) => p.route === route);
      if (!page || this.built) return undefined;
      const { assets, renderer } = this.bundles;
      const appHtml = renderApp(renderer, config, page, page.sidebarId ? assembled.sidebarById.get(page.sidebarId) : undefined);
      // Its sidebar's JSON (the browser loads it after hydration); the first build writes its own.
      for (const f of sidebarFiles(assembled.sidebars).files) writeOut(this.paths.outDir, f.rel, f.json);
      const prepaint = prepaintFor(config);
      const { html } = pageFiles({ config, page, appHtml, assets, prepaint, sidebarView: new SidebarViews(assembled.sidebars).of(page.sidebarId, page.route)?.view });
      // The policy that lets this page's inline scripts run (the build sets it too when done).
      this.csp ??= buildCsp([prepaint, bootScript(assets.js)], [assets.inlineCss], imageOriginsOf(this.src.compiled.values()));
      this.earlyPages.set(route, html);
      return html;
    } catch {
      return undefined; // the first build reports the error with its file and line
    }
  }

  /** Broken links in the content of the given routes: warnings in dev. */
  brokenLinks(routes: string[]): Warning[] {
    const pages = new Map([...this.rendered].map(([route, r]) => [route, r.page]));
    const checked = routes.map((r) => pages.get(r)).filter((p): p is PageData => p !== undefined);
    const sourceOf = (route: string) => {
      const s = this.sourceAt(route);
      return s && { file: s.file, text: () => s.raw };
    };
    return linkWarnings(checked, pages, this.paths.outDir, sourceOf, this.onDemandPaths());
  }

  /** Outputs made only when the browser asks for them (the user guide PDF), as site paths. */
  onDemandPaths(): Set<string> {
    return new Set([...MACHINE_FILES, ...(this.config && this.config.userGuidePdf !== false ? [`/${GUIDE_PATH}`] : [])]);
  }

  /**
   * The user guide PDF of the pages as they are now (drafts included, as the dev server shows
   * them), written into the dev output when the browser asks for it. Renders again only when a
   * page changed since the last request (the guide stage's cache); concurrent requests share one
   * render. Resolves with the error message when the guide cannot be made.
   */
  userGuide(): Promise<string | undefined> {
    const config = this.config;
    const assembled = this.assembled;
    // Turned off (userGuidePdf: false) or nothing built yet: no file, so the request gets the 404 page.
    if (!config || !assembled || config.userGuidePdf === false) return Promise.resolve(undefined);
    if (this.guide?.assembled !== assembled) {
      const { root, outDir, staticDir, cacheDir } = this.paths;
      const rendering = buildUserGuide({ config, pages: assembled.pages, sidebars: assembled.sidebars, root, staging: outDir, staticDir, cacheDir })
        // Said as the build says it: the page's file, the image's line, the fix.
        .then(() => undefined, (e: Error) => formatError(e instanceof GuideError ? e.atSource((route) => this.sourceAt(route), contentAssets(this.src.compiled.values()), root) : e));
      this.guide = { assembled, rendering };
    }
    return this.guide.rendering;
  }

  /** Routes the session serves (after the last successful rebuild). */
  get routes(): string[] {
    return [...this.rendered.keys()];
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.bundler?.dispose();
  }

  private result(r: Partial<RebuildResult> & { warnings: Warning[] }): RebuildResult {
    return {
      built: this.built, routes: [], removed: [], reload: false, rendered: 0, compiled: 0, provisional: [], ...r, deferred: this.deferred.size,
      errors: this.errorList(), sidebarVersions: this.sidebarVersions, timings: this.timings,
    };
  }

  private errorList(): string[] {
    const excluded = this.adapted && this.paths.pagesDir ? this.paths.pagesDir + path.sep : null;
    return [...this.errors]
      .filter(([key]) => !excluded || !key.startsWith(excluded))
      .sort(([a], [b]) => byCodeUnit(a, b))
      .map(([, e]) => formatError(e));
  }

  /**
   * The docs' edit links, last-updated dates and tag links, as the build gives them. The dates
   * come from git, read once per session: an edit in progress keeps the date of its last commit,
   * as it will in the build until it is committed.
   */
  private metaOf(config: SiteConfig, tagDefs = this.tagDefs ?? NO_TAG_DEFINITIONS): PageMetaOf {
    this.gitDates ??= readGitDates(this.paths.docsDir).dates;
    return pageMetaResolver(config, this.paths.docsDir, this.gitDates, tagLinks(tagDefs, config, this.docsOfTag));
  }

  /** Every file the compiled pages show (`<<<`, images) or include, and the config's files (absolute paths). */
  inputFiles(): string[] {
    return [...new Set([...this.configFiles, ...this.src.filesShown()])];
  }

  private copyStaticFile(file: string, state: 'changed' | 'removed') {
    const rel = path.relative(this.paths.staticDir, file);
    const dest = path.join(this.paths.outDir, rel);
    if (state === 'removed' || !existsSync(file)) {
      rmSync(dest, { force: true });
      return;
    }
    mkdirSync(path.dirname(dest), { recursive: true });
    copyFileSync(file, dest);
  }

  /**
   * Compiles some of the site's own pages in the background once the first build is done, and
   * throws the results away: that build compiled in worker threads (or took the cache), so this
   * thread's Markdown code had hardly run, and each edit compiled its page at the speed of code
   * not yet optimised (21–36 ms for a page of the generated corpus that takes 8 ms warm). One
   * page per turn of the event loop, so a request or an edit meanwhile waits for one page at most.
   */
  warmUp(): void {
    const pages = [...this.src.byFile.values()].filter((s) => s.kind !== 'react-page');
    const step = Math.max(1, Math.floor(pages.length / WARM_UP_PAGES));
    let next = 0;
    let spent = 0;
    const one = () => {
      if (this.closing || next >= pages.length || spent >= WARM_UP_MS) return;
      const s = pages[next];
      next += step;
      const started = performance.now();
      try {
        compileSource(s, this.routeOfFile);
      } catch {
        /* only a warm-up: the build reports the page's errors */
      }
      spent += performance.now() - started;
      setImmediate(one);
    };
    one();
  }
}
