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
import type { FrameScans, PageKeys, RenderReuse } from './reuse.ts';
import type { SidebarViews } from './sidebar-views.ts';
import { KEPT_RENDERS, RecentMap } from '../../src/ssr/recent-map.ts';

export interface PageMakerContext {
  renderer: ServerRenderer;
  config: SiteConfig;
  assets: ClientAssets;
  prepaint: string;
  sidebarViews: SidebarViews;
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
  /** A sidebar list's links and ids, by sidebar and the key of its render (those of the lists rendered last: src/ssr/sidebar-lists.tsx). */
  private readonly listScans = new RecentMap<string, ScannedPiece>(KEPT_RENDERS);

  constructor(private readonly ctx: PageMakerContext) {}

  /** `keys`: the page's render-reuse keys; `body`: its HTML in the body store, read only if the page renders. */
  make(page: PageData, { key, frameKey }: PageKeys, body: { id: string; load(): string } | undefined): MadePage {
    const { renderer, config, assets, prepaint, sidebarViews, sidebarById, reuse, siteRefs } = this.ctx;
    const { htmlPath, dataPath } = pagePaths(page);
    const sidebar = page.sidebarId ? sidebarById.get(page.sidebarId) : undefined;
    const kept = reuse.takeFrame(frameKey, htmlPath, dataPath);
    // The frame: kept as the previous output's bytes with what was read of it then, or rendered and read now.
    let frame: (Buffer | string)[];
    let scans: FrameScans;
    if (kept) ({ frame, scans } = kept);
    else {
      if (body) page.html = body.load();
      frame = renderFrame(renderer, config, page, sidebar);
      scans = frame.map((piece) => scanPiece(piece as string));
    }
    const list = frame.length === 2 ? renderer.list(sidebar!, page.route) : undefined;
    // The document around it: head and tail (build/render/html-document.ts).
    const files = pageFiles({ config, page, appHtml: [], assets, prepaint, sidebarView: sidebarViews.of(page.sidebarId, page.route)?.view });
    const [head, tail] = files.htmlParts;
    const listScan = list && this.scanList(page.sidebarId!, list.key, list.html);
    const scanned = listScan ? [head, scans[0], listScan, scans[1], tail] : [head, scans[0], tail];
    const ids = idsOf(scanned);
    const refs = page.kind !== 'not-found' ? pageRefs(scanned, page.route, siteRefs) : undefined;
    const { bytes: html, lengths: pieceLengths } = utf8Join(list ? [head, frame[0], list.html, frame[1], tail] : [head, frame[0], tail]);
    // Where the frame lies in the HTML: the head, then the frame's pieces (and the list between them).
    const lengths = pieceLengths.slice(0, list ? 4 : 2);
    const data = kept ? { sha: reuse.frameDataSha(frameKey)! } : files.data;
    reuse.record(key, html, data, refs, ids, htmlPath, dataPath, { key: frameKey, lengths, scans });
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

/**
 * Pieces of text and bytes as one buffer of UTF-8, with each piece's length in bytes: one
 * allocation per page, where a buffer per piece and their concatenation made five (each of a page's
 * large pieces a fresh allocation outside V8's heap, which the garbage collector counts).
 */
function utf8Join(pieces: (string | Buffer)[]): { bytes: Buffer; lengths: number[] } {
  const lengths = pieces.map((p) => (typeof p === 'string' ? Buffer.byteLength(p) : p.length));
  const bytes = Buffer.allocUnsafe(lengths.reduce((a, b) => a + b, 0));
  let at = 0;
  pieces.forEach((p, i) => {
    if (typeof p === 'string') bytes.write(p, at, lengths[i], 'utf8');
    else p.copy(bytes, at);
    at += lengths[i];
  });
  return { bytes, lengths };
}

function renderFrame(renderer: ServerRenderer, config: SiteConfig, page: PageData, sidebar: SidebarData | undefined): Frame {
  try {
    return renderer.frame(config, page, sidebar);
  } catch (e) {
    throw new Error(`rendering ${page.route} failed: ${(e as Error).message}`);
  }
}
