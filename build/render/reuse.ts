// Page-level reuse between cached builds: a page whose render inputs are those of the previous
// build takes its HTML and page data from the previous output instead of being rendered again.
//
// A page's key covers everything its two files are made from: its page data (content, title,
// toc, place in the sidebar, prev/next, meta), its sidebar, the URLs of every sidebar, the site
// config, the client assets and pre-paint script, the server bundle and the engine's own code.
// The cache (build/cache/kv-cache.ts) maps that key to the sha256 of each file and to
// what the link check needs of the page (its references and ids), so a reused page is neither
// rendered nor parsed. The previous output is trusted only file by file: bytes whose hash is not
// the recorded one (a dist/ edited by hand, or built elsewhere) mean the page is rendered.
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
import { gzipSize } from './stats.ts';
import type { SiteRef } from '../checks/html-refs.ts';

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

/** sha256 of a file's content, given whole or in pieces. */
const sha = (b: string | Buffer | string[]) => {
  const h = createHash('sha256');
  for (const piece of Array.isArray(b) ? b : [b]) h.update(piece);
  return h.digest('hex');
};

export class RenderReuse {
  private readonly cache: KeyValueCache<RenderedPage>;
  private readonly sidebarHashes = new Map<string, string>();
  private readonly base: string;
  reused = 0;
  /** Pages whose files are in the output after this build: stamped by save(). */
  private placed = new Map<string, { entry: RenderedPage; htmlPath: string; dataPath?: string }>();

  /**
   * `layout`: everything every page's files depend on besides the page itself (config, assets,
   * pre-paint script, server bundle hash, sidebar URLs), as one string.
   */
  constructor(cacheDir: string | null, private readonly previousOut: string, layout: string, sidebars: SidebarData[]) {
    this.cache = KeyValueCache.open<RenderedPage>(cacheDir, 'rendered-pages');
    this.base = hashKey(engineCodeHash(), layout);
    for (const s of sidebars) this.sidebarHashes.set(s.id, sha(JSON.stringify(s)));
  }

  /** `htmlId`: the content hash of the page's HTML when the build has not read it (build/cache/body-store.ts). */
  keyOf(page: PageData, htmlId?: string): string {
    return hashKey(this.base, page.sidebarId ? this.sidebarHashes.get(page.sidebarId) ?? '' : '', JSON.stringify(htmlId ? { ...page, html: `body ${htmlId}` } : page));
  }

  /** The previous build's files of this page, when they are exactly what rendering would give. */
  take(key: string, htmlPath: string, dataPath: string | undefined): ReusedPage | null {
    const entry = this.cache.get(key);
    if (!entry || Boolean(entry.dataSha) !== Boolean(dataPath)) return null;
    const htmlFile = path.join(this.previousOut, htmlPath);
    const dataFile = dataPath ? path.join(this.previousOut, dataPath) : undefined;
    try {
      const stamped = entry.stamps && sameStamp(entry.stamps[0], htmlFile) && sameStamp(entry.stamps[1], dataFile);
      if (!stamped) {
        if (sha(readFileSync(htmlFile)) !== entry.htmlSha) return null;
        if (dataFile && sha(readFileSync(dataFile)) !== entry.dataSha) return null;
      }
    } catch {
      return null; // no previous output (first build, --out elsewhere): render
    }
    this.reused++;
    this.placed.set(key, { entry, htmlPath, dataPath });
    return { htmlFile, dataFile, refs: entry.refs, ids: new Set(entry.ids ?? []) };
  }

  record(key: string, html: string | string[], data: string | undefined, refs: SiteRef[] | undefined, ids: Set<string> | undefined, htmlPath: string, dataPath?: string): void {
    const entry: RenderedPage = { htmlSha: sha(html), ...(data !== undefined ? { dataSha: sha(data) } : {}), ...(refs ? { refs } : {}), ...(ids ? { ids: [...ids] } : {}) };
    this.cache.set(key, entry);
    this.placed.set(key, { entry, htmlPath, dataPath });
  }

  /** The gzip size of the HTML of a page taken or recorded under `key`: measured once, then kept with it. */
  htmlGzipOf(key: string, html: () => string | Buffer): number {
    const entry = this.placed.get(key)?.entry;
    if (!entry) return gzipSize(html());
    if (entry.htmlGzip === undefined) {
      entry.htmlGzip = gzipSize(html());
      this.cache.set(key, entry);
    }
    return entry.htmlGzip;
  }

  /** Stamps the files now in `outDir` (the new output, swapped in) and writes the cache. */
  save(outDir: string): void {
    for (const [key, { entry, htmlPath, dataPath }] of this.placed) {
      let stamps: [FileStamp, FileStamp | null];
      try {
        stamps = [stampOf(path.join(outDir, htmlPath)), dataPath ? stampOf(path.join(outDir, dataPath)) : null];
      } catch {
        continue;
      }
      // Linked files keep their stamps: the entry is written again only when they moved.
      if (JSON.stringify(stamps) !== JSON.stringify(entry.stamps)) this.cache.set(key, { ...entry, stamps });
    }
    this.cache.save();
  }
}
