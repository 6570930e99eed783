// The user guide drawn while the Markdown compiles. A site small enough to compile on the build's
// own thread leaves the second core to the guide's worker, which used to wait there until every
// page was compiled and then drew the whole guide, ~2.5 s on this site's 44 pages, after the HTML
// was done. Here the guide is laid out before the compile from a plan: the sidebars resolved with
// the titles the front matter gives (the pages' own headings are not known yet), and each page is
// handed to the worker as soon as it is compiled (build/markdown/compile-stage.ts compiles them in
// the guide's order), so that the worker draws it meanwhile.
//
// A plan is only a guess: the drawing depends on the sidebars' shape (which categories and pages,
// in which order), not on their labels, which go in at the end (build/pdf/render.ts). finish()
// checks that the final sidebars have the plan's shape and that every page sent is the page the
// guide shows; when not (or when drawing a page failed), the caller draws the whole guide again
// from the final input, so the PDF never depends on what was guessed.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { SiteConfig } from '../../src/config/schema.ts';
import type { SidebarNode } from '../../src/data/types.ts';
import type { CompiledForListener } from '../markdown/compile-stage.ts';
import type { Categories } from '../model/categories.ts';
import type { SourcePage } from '../model/content.ts';
import { configLocation, resolveSidebars } from '../model/sidebars.ts';
import { contentAssets, sidebarDocsOf, titleOfPage } from '../model/site.ts';
import { hasDocCards } from '../render/doc-cards.ts';
import type { GuideMeta, GuidePage } from './render.ts';
import { guideShape } from './shape.ts';
import { assetFilesOf, contentDate, guideMeta, type GuideWorker } from './stage.ts';

export interface GuideStreamInput {
  config: SiteConfig;
  sources: SourcePage[];
  categories: Categories;
  root: string;
  configPath: string;
  staging: string;
  staticDir: string;
}

const pageHash = (page: GuidePage) => createHash('sha1').update(page.title).update('\0').update(page.html).digest('base64');

export class GuideStream {
  /** What was sent of each page (a hash), by route. */
  private readonly sent = new Map<string, string>();
  /** The messages to the worker, one after another (the first waits for the content date). */
  private chain: Promise<void> | undefined;
  private readonly rankOf: Map<string, number>;

  private constructor(
    private readonly worker: GuideWorker,
    /** The title page's facts, the content date among them: the guide's, begun or not (build/pdf/stage.ts takes them from here). */
    readonly meta: Promise<GuideMeta>,
    private readonly plan: SidebarNode[][],
    private readonly routes: Set<string>,
    private readonly assetRoots: string[],
  ) {
    // Each page's place in the guide: the compile takes them in this order.
    this.rankOf = new Map();
    const walk = (nodes: SidebarNode[]) => { for (const n of nodes) n.type === 'category' ? walk(n.items) : this.rankOf.has(n.href) || this.rankOf.set(n.href, this.rankOf.size); };
    plan.forEach(walk);
  }

  /** A stream for the guide's worker, or null when the sidebars cannot be resolved before the compile (the build reports why later). */
  static begin(worker: GuideWorker | null, input: GuideStreamInput): GuideStream | null {
    if (!worker) return null;
    const { config, sources, categories, root, configPath } = input;
    let plan: SidebarNode[][];
    try {
      plan = resolveSidebars(config.sidebars, sidebarDocsOf(sources, new Map()), configLocation(path.relative(root, configPath), configPath), categories).sidebars.map((s) => s.items);
    } catch {
      return null;
    }
    const routes = new Set(sources.filter((s) => s.kind === 'doc' && !s.frontMatter.unlisted).map((s) => s.route));
    const meta = contentDate(root).then((date) => guideMeta(config, date));
    meta.catch(() => {}); // contentDate does not fail; finish() would report it
    return new GuideStream(worker, meta, plan, routes, [input.staging, input.staticDir]);
  }

  /** Where a page comes in the guide, for the order of the compile (pages outside it last). */
  rank(page: SourcePage): number {
    return this.rankOf.get(page.route) ?? Number.MAX_SAFE_INTEGER;
  }

  /**
   * A page compiled, or taken from the cache: sent to the worker when it is a page of the guide
   * whose HTML is final (a `::doc-cards` is filled in from other pages after the compile).
   */
  add(page: SourcePage, compiled: CompiledForListener): void {
    if (!this.routes.has(page.route) || hasDocCards(compiled.html)) return;
    const guidePage: GuidePage = { route: page.route, title: titleOfPage(page, compiled.h1), html: compiled.html };
    this.sent.set(page.route, pageHash(guidePage));
    const assetFiles = assetFilesOf(contentAssets([compiled]));
    this.chain ??= this.meta.then((meta) => this.worker.send({ start: { meta, plan: this.plan, routes: [...this.routes], assetRoots: this.assetRoots } }));
    this.chain = this.chain.then(() => this.worker.send({ pages: [guidePage], assetFiles }));
  }

  /**
   * The PDF from the pages sent and the rest of `pages`, when the guide begun is the one asked
   * for; undefined when it is not, or when drawing it failed: the caller then draws it whole.
   */
  async finish(sidebars: SidebarNode[][], pages: Map<string, GuidePage>, assetFiles: Record<string, string>): Promise<Buffer | undefined> {
    if (!this.chain) return undefined;
    await this.chain;
    if (guideShape(sidebars, new Set(pages.keys())) !== guideShape(this.plan, this.routes)) return undefined;
    for (const [route, hash] of this.sent) {
      const page = pages.get(route);
      if (!page || pageHash(page) !== hash) return undefined;
    }
    this.worker.send({ pages: [...pages.values()].filter((p) => !this.sent.has(p.route)), assetFiles });
    return this.worker.finish(sidebars).catch(() => undefined);
  }
}
