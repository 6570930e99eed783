// Page-level reuse between cached builds: a page whose render inputs are those of the previous
// build takes its HTML and page data from the previous output instead of being rendered again.
//
// A page's key covers everything its two files are made from: its page data (content, title,
// toc, place in the sidebar, prev/next, meta), its view of its sidebar (what the sidebar shows on
// that page: build/render/sidebar-views.ts), the site config, the client assets and pre-paint script, the server bundle and the engine's own code.
// The cache (build/cache/kv-cache.ts) maps that key to the sha256 of each file and to
// what the link check needs of the page (its references and ids), so a reused page is neither
// rendered nor parsed. The previous output is trusted only file by file: bytes whose hash is not
// the recorded one (a dist/ edited by hand, or built elsewhere) mean the page is rendered.
//
// A page whose files must be made again often keeps its frame: the server render around its
// sidebar list (src/ssr/render.tsx), which depends on the page, the config and the server bundle
// but not on the sidebar's items. A title edit changes the list of every page that shows the
// title (its folder's pages, or all of them for a category's label) and none of their frames: the frame is then read back from the previous output's HTML (where each piece lies is
// kept with the page, by the frame's key) and only the list is put in anew, and the page data
// file, made from the page alone, is linked. The same trust rule applies to those files.
//
// Reused files are hard-linked into the new output, not copied. Each file's inode, size and
// modification time are recorded once it is in place; a file that still has them is the one this
// engine wrote (as make and rsync assume), so it is linked without being read. A file whose
// stamp moved (edited, touched, copied) is read and hashed as above.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { PageData, SidebarData } from '../../src/data/types.ts';
import { hashKey, KeyValueCache } from '../cache/kv-cache.ts';
import { engineCodeHash } from '../cache/engine-hash.ts';
import { gzipSizeOffThread } from './stats.ts';
import type { SidebarViews } from './sidebar-views.ts';
import type { ScannedPiece, SiteRef } from '../checks/html-refs.ts';

/** inode, size and mtime of an output file as it was left in place. */
type FileStamp = [ino: number, size: number, mtimeMs: number];

export interface RenderedPage {
  htmlSha: string;
  dataSha?: string;
  refs?: SiteRef[];
  ids?: string[];
  /** Stamps of the HTML and the page data in the output (absent until the output was in place). */
  stamps?: [FileStamp, FileStamp | null];
  /** gzipSize of the HTML, once a build sampled the page for its figures (build/render/stats.ts). */
  htmlGzip?: number;
}

export interface PageKeys {
  key: string;
  frameKey: string;
}

/** Where a page's frame lies in its HTML file, under the frame's key. */
interface FrameEntry {
  htmlSha: string;
  dataSha?: string;
  /** Byte lengths of the HTML's first pieces: [head, before, list, after], or [head, whole page] without a list. */
  lengths: number[];
  /** The frame's pieces' references (as written) and the frame's ids, so a kept frame is not read again. */
  scans: FrameScans;
  stamps?: [FileStamp, FileStamp | null];
}

/** Per piece of a frame: its href/src values in order; ids of the whole frame go with the first. */
export type FrameScans = ScannedPiece[];

/** A frame read back from the previous output as bytes (never decoded), with its scans and its page data file to link. */
export interface ReusedFrame {
  frame: Buffer[];
  scans: FrameScans;
  dataFile?: string;
}

/** A page of the previous output to link into the new one, with what the link check needs. */
export interface ReusedPage {
  htmlFile: string;
  dataFile?: string;
  refs?: SiteRef[];
  ids: Set<string>;
}

function stampOf(file: string): FileStamp {
  const st = statSync(file);
  return [st.ino, st.size, st.mtimeMs];
}

const sameStamp = (a: FileStamp | null | undefined, file: string | undefined): boolean => {
  if (!a || !file) return !a && !file;
  const b = stampOf(file);
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
};

/**
 * Whether the previous output's files are the ones an entry recorded: unread when both keep the
 * stamps recorded when they were written ('stamps'), else when their bytes hash to the recorded
 * values ('bytes'); null when they are not. `html`: the HTML's bytes when the caller has read them
 * already. Throws when a file is gone.
 */
function trustOf(entry: { htmlSha: string; dataSha?: string; stamps?: [FileStamp, FileStamp | null] }, htmlFile: string, dataFile: string | undefined, html?: Buffer): 'stamps' | 'bytes' | null {
  if (entry.stamps && sameStamp(entry.stamps[0], htmlFile) && sameStamp(entry.stamps[1], dataFile)) return 'stamps';
  if (sha(html ?? readFileSync(htmlFile)) !== entry.htmlSha) return null;
  return !dataFile || sha(readFileSync(dataFile)) === entry.dataSha ? 'bytes' : null;
}

/** A page as its key reads it: its HTML by the body's content hash when the build has not read it. */
const pageJson = (page: PageData, htmlId: string | undefined) => JSON.stringify(htmlId ? { ...page, html: `body ${htmlId}` } : page);

/** sha256 of a file's content, given whole or in pieces. */
const sha = (b: string | Buffer | (string | Buffer)[]) => {
  const h = createHash('sha256');
  for (const piece of Array.isArray(b) ? b : [b]) h.update(piece);
  return h.digest('hex');
};

export class RenderReuse {
  private readonly cache: KeyValueCache<RenderedPage>;
  private readonly frames: KeyValueCache<FrameEntry>;
  /** Each sidebar without its items: what a frame may depend on. */
  private readonly sidebarShapes = new Map<string, string>();
  private readonly base: string;
  private readonly frameBase: string;
  reused = 0;
  /** Pages made again around the frame of the previous output (no server render). */
  framesReused = 0;
  /** Pages whose files are in the output after this build: stamped by save(). */
  private placed = new Map<string, { entry: RenderedPage; htmlPath: string; dataPath?: string; stamped?: boolean }>();
  private placedFrames = new Map<string, { entry: FrameEntry; htmlPath: string; dataPath?: string }>();

  /**
   * `layout`: everything every page's files depend on besides the page itself and its sidebar
   * view (config, assets, pre-paint script, server bundle hash), as one string; `frameLayout`: what of
   * it a page's frame depends on (the server bundle hash and the config).
   */
  constructor(cacheDir: string | null, private readonly previousOut: string, layout: string, frameLayout: string, sidebars: SidebarData[], private readonly views: SidebarViews) {
    this.cache = KeyValueCache.open<RenderedPage>(cacheDir, 'rendered-pages');
    this.frames = KeyValueCache.open<FrameEntry>(cacheDir, 'page-frames', { lazy: true });
    this.base = hashKey(engineCodeHash(), layout);
    this.frameBase = hashKey(engineCodeHash(), frameLayout);
    for (const s of sidebars) this.sidebarShapes.set(s.id, JSON.stringify({ ...s, items: [] }));
  }

  /**
   * The page's key (the page, its sidebar view, the layout), and its frame's (the page, its
   * sidebar without the items, the frame layout).
   * `htmlId`: the content hash of the page's HTML when the build has not read it (build/cache/body-store.ts).
   */
  keysOf(page: PageData, htmlId?: string): PageKeys {
    const json = pageJson(page, htmlId);
    const sidebarId = page.sidebarId;
    return {
      key: hashKey(this.base, this.views.of(sidebarId, page.route)?.hash ?? '', json),
      frameKey: hashKey(this.frameBase, sidebarId ? this.sidebarShapes.get(sidebarId) ?? '' : '', json),
    };
  }

  /** The frame of this page in the previous output, when its files are the ones recorded under `key`. */
  takeFrame(key: string, htmlPath: string, dataPath: string | undefined): ReusedFrame | null {
    const entry = this.frames.get(key);
    if (!entry || Boolean(entry.dataSha) !== Boolean(dataPath)) return null;
    const htmlFile = path.join(this.previousOut, htmlPath);
    const dataFile = dataPath ? path.join(this.previousOut, dataPath) : undefined;
    let frame: Buffer[];
    try {
      const bytes = readFileSync(htmlFile);
      if (!trustOf(entry, htmlFile, dataFile, bytes)) return null;
      const [head, ...rest] = entry.lengths;
      if (rest.length === 1) frame = [bytes.subarray(head, head + rest[0])];
      else {
        const [before, list, after] = rest;
        const afterStart = head + before + list;
        frame = [bytes.subarray(head, head + before), bytes.subarray(afterStart, afterStart + after)];
      }
    } catch {
      return null;
    }
    this.framesReused++;
    return { frame, scans: entry.scans, dataFile };
  }

  /** The previous build's files of this page, when they are exactly what rendering would give. */
  take({ key, frameKey }: PageKeys, htmlPath: string, dataPath: string | undefined): ReusedPage | null {
    const entry = this.cache.get(key);
    if (!entry || Boolean(entry.dataSha) !== Boolean(dataPath)) return null;
    const htmlFile = path.join(this.previousOut, htmlPath);
    const dataFile = dataPath ? path.join(this.previousOut, dataPath) : undefined;
    let trust: ReturnType<typeof trustOf>;
    try {
      trust = trustOf(entry, htmlFile, dataFile);
    } catch {
      return null; // no previous output (first build, --out elsewhere): render
    }
    if (!trust) return null;
    this.reused++;
    // Files trusted by their stamps are linked or left in place: the same inode, size and time,
    // so the entry's stamps stay right and save() need not look at them again.
    this.placed.set(key, { entry, htmlPath, dataPath, stamped: trust === 'stamps' });
    // Its frame's entry stays in the cache (only what a build uses is kept): the files it names are these.
    this.frames.keep(frameKey);
    return { htmlFile, dataFile, refs: entry.refs, ids: new Set(entry.ids ?? []) };
  }

  /**
   * A page made by this build. `data`: its page data file, or the hash of the one linked; `frame`:
   * its frame's key and the byte lengths of the HTML's pieces up to the frame's end.
   */
  record(key: string, html: string | Buffer | (string | Buffer)[], data: string | { sha: string } | undefined, refs: SiteRef[] | undefined, ids: Set<string> | undefined,
    htmlPath: string, dataPath?: string, frame?: { key: string; lengths: number[]; scans: FrameScans }): void {
    const htmlSha = sha(html);
    const dataSha = data === undefined ? undefined : typeof data === 'string' ? sha(data) : data.sha;
    const entry: RenderedPage = { htmlSha, ...(dataSha !== undefined ? { dataSha } : {}), ...(refs ? { refs } : {}), ...(ids ? { ids: [...ids] } : {}) };
    this.cache.set(key, entry);
    this.placed.set(key, { entry, htmlPath, dataPath });
    if (frame) {
      const frameEntry: FrameEntry = { htmlSha, ...(dataSha !== undefined ? { dataSha } : {}), lengths: frame.lengths, scans: frame.scans };
      this.frames.set(frame.key, frameEntry);
      this.placedFrames.set(frame.key, { entry: frameEntry, htmlPath, dataPath });
    }
  }

  /** The hash of the page data recorded with a frame (its file is linked, not read). */
  frameDataSha(key: string): string | undefined {
    return this.frames.get(key)?.dataSha;
  }

  /**
   * The gzip size of the HTML of a page taken or recorded under `key`: measured once (off this
   * thread: ~10 ms a page at level 9), then kept with it.
   */
  htmlGzipOf(key: string, html: () => string | Buffer): number | Promise<number> {
    const entry = this.placed.get(key)?.entry;
    if (!entry) return gzipSizeOffThread(html());
    if (entry.htmlGzip !== undefined) return entry.htmlGzip;
    return gzipSizeOffThread(html()).then((size) => {
      entry.htmlGzip = size;
      this.cache.set(key, entry);
      return size;
    });
  }

  /** Stamps the files now in `outDir` (the new output, swapped in) and writes the cache. */
  save(outDir: string): void {
    const stampsIn = (htmlPath: string, dataPath: string | undefined): [FileStamp, FileStamp | null] | null => {
      try {
        return [stampOf(path.join(outDir, htmlPath)), dataPath ? stampOf(path.join(outDir, dataPath)) : null];
      } catch {
        return null;
      }
    };
    for (const [key, { entry, htmlPath, dataPath, stamped }] of this.placed) {
      if (stamped) continue;
      const stamps = stampsIn(htmlPath, dataPath);
      // Linked files keep their stamps: the entry is written again only when they moved.
      if (stamps && JSON.stringify(stamps) !== JSON.stringify(entry.stamps)) this.cache.set(key, { ...entry, stamps });
    }
    for (const [key, { entry, htmlPath, dataPath }] of this.placedFrames) {
      const stamps = stampsIn(htmlPath, dataPath);
      if (stamps && JSON.stringify(stamps) !== JSON.stringify(entry.stamps)) this.frames.set(key, { ...entry, stamps });
    }
    this.cache.save();
    this.frames.save();
  }
}
