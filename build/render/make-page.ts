// One page's output files, made by the build when the previous output's cannot be linked whole
// (build/render/reuse.ts): its frame (the server render around the sidebar list) is read back
// from the previous output when the page itself did not change, or rendered; the sidebar list is
// put in, the document written around it, and what the link check needs is read from it. A
// sidebar list's links and ids are read once per render of that list, not on every page.
import type { SiteConfig } from '../../src/config/schema.ts';
import type { PageData, SidebarData } from '../../src/data/types.ts';
import { idsOf, pageRefs, scanPiece, type ScannedPiece, type SiteRef, type SiteRefs } from '../checks/html-refs.ts';
import { pageFiles, pagePaths } from '../model/site.ts';
import type { ClientAssets, Frame, ServerRenderer } from './bundle.ts';
import type { PageKeys, RenderReuse } from './reuse.ts';

export interface PageMakerContext {
  renderer: ServerRenderer;
  config: SiteConfig;
  assets: ClientAssets;
  prepaint: string;
  sidebarUrls: Record<string, string>;
  sidebarById: Map<string, SidebarData>;
  reuse: RenderReuse;
  siteRefs: SiteRefs;
}

export interface MadePage {
  htmlPath: string;
  html: Buffer;
  dataPath?: string;
  /** The page data to write, or the previous output's file to link (`dataFile`). */
  data?: string;
  dataFile?: string;
  /** In-site references (none for the page-not-found page, whose links are not checked). */
  refs?: SiteRef[];
  ids: Set<string>;
}

export class PageMaker {
  /** A sidebar list's links and ids, by sidebar and the key of its render. */
  private readonly listScans = new Map<string, ScannedPiece>();

  constructor(private readonly ctx: PageMakerContext) {}

  /** `keys`: the page's render-reuse keys; `body`: its HTML in the body store, read only if the page renders. */
  make(page: PageData, { key, frameKey }: PageKeys, body: { id: string; load(): string } | undefined): MadePage {
    const { renderer, config, assets, prepaint, sidebarUrls, sidebarById, reuse, siteRefs } = this.ctx;
    const { htmlPath, dataPath } = pagePaths(page);
    const sidebar = page.sidebarId ? sidebarById.get(page.sidebarId) : undefined;
    const kept = reuse.takeFrame(frameKey, htmlPath, dataPath);
    let frame: Frame;
    if (kept) frame = kept.frame;
    else {
      if (body) page.html = body.load();
      frame = renderFrame(renderer, config, page, sidebar);
    }
    const list = frame.length === 2 ? renderer.list(sidebar!, page.route) : undefined;
    const files = pageFiles({ config, page, appHtml: list ? [frame[0], list.html, frame[1] as string] : frame, assets, prepaint, sidebarUrls });
    // The document's pieces: head, frame (and list), tail (build/render/html-document.ts).
    const pieces = files.htmlParts;
    const listAt = list ? 2 : -1;
    const scanned = list ? pieces.map((p, i) => (i === listAt ? this.scanList(page.sidebarId!, list.key, list.html) : p)) : pieces;
    const ids = idsOf(scanned);
    const refs = page.kind !== 'not-found' ? pageRefs(scanned, page.route, siteRefs) : undefined;
    const buffers = pieces.map((p) => Buffer.from(p));
    const html = Buffer.concat(buffers);
    // Where the frame lies in the HTML: the head, then the frame's pieces (and the list between them).
    const lengths = buffers.slice(0, list ? 4 : 2).map((b) => b.length);
    const data = kept ? { sha: reuse.frameDataSha(frameKey)! } : files.data;
    reuse.record(key, buffers, data, refs, ids, htmlPath, dataPath, { key: frameKey, lengths });
    return {
      htmlPath, html, refs, ids,
      ...(dataPath ? (kept ? { dataPath, dataFile: kept.dataFile } : { dataPath, data: files.data }) : {}),
    };
  }

  private scanList(sidebarId: string, key: string, html: string): ScannedPiece {
    const memoKey = `${sidebarId}\u0000${key}`;
    let scanned = this.listScans.get(memoKey);
    if (!scanned) this.listScans.set(memoKey, (scanned = scanPiece(html)));
    return scanned;
  }
}

function renderFrame(renderer: ServerRenderer, config: SiteConfig, page: PageData, sidebar: SidebarData | undefined): Frame {
  try {
    return renderer.frame(config, page, sidebar);
  } catch (e) {
    throw new Error(`rendering ${page.route} failed: ${(e as Error).message}`);
  }
}
