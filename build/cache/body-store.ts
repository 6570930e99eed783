// Page bodies (each page's compiled HTML and its Markdown for machines, what search shows of each
// page) kept out of the heap, in pack files under the cache folder: each thread that compiles
// appends its bodies to a pack of its own, and a reference names the pack, the offset, the size
// and the sha256 of the bytes. The compile cache (build/markdown/compile-stage.ts) keeps only the
// references, so a build reads the body of a page only when it renders or indexes that page: a
// build after a one-page edit reads one page's HTML instead of deserialising every page's (38 MB
// at 1000 pages), and a 10 000-page build does not hold every page's HTML from the compile to the
// render. One pack per thread rather than one file per body: creating a file costs ~0.7 ms on the
// machines here while two workers write, which was 14 % of a worker's compile.
//
// Trust: a reference whose pack is missing or too short is a cache miss (the page is compiled
// again: a build killed mid-write leaves a short pack, and the references to its end are never
// saved); a body whose bytes do not hash to its id (damage from outside) is found when it is
// read, and the build starts again without the compile cache (build/index.ts). Without a cache
// folder (--no-cache) bodies stay in memory.
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

/** A body: the sha256 of its UTF-8 bytes (hex), their count, and where they lie (none in memory). */
export interface BodyRef {
  id: string;
  bytes: number;
  pack?: string;
  at?: number;
}

const PACK = '.pack';
/** Packs read at once at most (a cache edited page by page over a long time has many). */
const MAX_OPEN_PACKS = 256;
let packCount = 0;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A kept body whose bytes are not the ones it was written with. */
export class DamagedBodyError extends Error {
  constructor(readonly file: string) {
    super(`the cached page body ${file} is damaged`);
  }
}

/** Each body store's folder under the cache, and the key-value cache that names its bodies. */
export const BODY_STORES = {
  /** Compiled pages (build/markdown/compile-stage.ts). */
  pages: { dir: 'bodies', names: 'markdown' },
  /** What search shows of each page (build/search/index.ts). */
  searchFragments: { dir: 'search-fragments', names: 'search-pages' },
} as const;

/** Forgets every body and the caches that name them: the next build compiles and reads every page. */
export function dropBodies(cacheDir: string): void {
  for (const { dir, names } of Object.values(BODY_STORES)) {
    rmSync(path.join(cacheDir, dir), { recursive: true, force: true });
    for (const file of [`${names}.v8`, `${names}.v8.delta`]) rmSync(path.join(cacheDir, file), { force: true });
  }
}

export class BodyStore {
  private readonly memory = new Map<string, string>();
  /** The pack this store appends to, made on the first put. */
  private writer?: { name: string; fd: number; size: number };
  /** Bodies put by this store, by id: the same text twice is kept once. */
  private readonly written = new Map<string, BodyRef>();
  /** Sizes of the packs seen, and open descriptors of the packs read. */
  private readonly sizes = new Map<string, number>();
  private readonly readers = new Map<string, number>();

  private constructor(private readonly dir: string | null) {}

  static open(cacheDir: string | null, store: keyof typeof BODY_STORES): BodyStore {
    return new BodyStore(cacheDir ? path.join(cacheDir, BODY_STORES[store].dir) : null);
  }

  private fileOf(pack: string): string {
    return path.join(this.dir!, pack);
  }

  put(text: string): BodyRef {
    const data = Buffer.from(text);
    const id = sha(data);
    if (!this.dir) {
      this.memory.set(id, text);
      return { id, bytes: data.length };
    }
    const known = this.written.get(id);
    if (known) return known;
    if (!this.writer) {
      mkdirSync(this.dir, { recursive: true });
      // Unique to this thread of this process: builds and workers never append to one pack.
      const name = `${process.pid}-${threadId}-${Date.now().toString(36)}-${(packCount++).toString(36)}${PACK}`;
      this.writer = { name, fd: openSync(this.fileOf(name), 'wx'), size: 0 };
    }
    const w = this.writer;
    for (let done = 0; done < data.length;) done += writeSync(w.fd, data, done, data.length - done, w.size + done);
    const ref = { id, bytes: data.length, pack: w.name, at: w.size };
    w.size += data.length;
    this.sizes.set(w.name, w.size);
    this.written.set(id, ref);
    return ref;
  }

  /** Whether the body is kept whole (in a pack that is there and long enough). */
  has(ref: BodyRef): boolean {
    if (!this.dir) return this.memory.has(ref.id);
    if (ref.pack === undefined || ref.at === undefined) return false; // a reference of another layout
    let size = this.sizes.get(ref.pack);
    if (size === undefined) {
      try {
        size = statSync(this.fileOf(ref.pack)).size;
      } catch {
        size = -1;
      }
      this.sizes.set(ref.pack, size);
    }
    return ref.at + ref.bytes <= size;
  }

  read(ref: BodyRef): string {
    if (!this.dir) {
      const text = this.memory.get(ref.id);
      if (text === undefined) throw new Error(`page body ${ref.id} is not in memory`);
      return text;
    }
    return this.readBytes(ref).toString('utf8');
  }

  /** A body as UTF-8 bytes: for output made of bodies, which need not be decoded to be written. */
  readBytes(ref: BodyRef): Buffer {
    if (!this.dir) return Buffer.from(this.read(ref));
    const file = this.fileOf(ref.pack ?? ref.id);
    let fd = this.readers.get(file);
    if (fd === undefined) {
      // Descriptors stay open for the next body of the same pack; a store that has read from
      // very many packs (a long-lived cache edited page by page) starts over.
      if (this.readers.size >= MAX_OPEN_PACKS) this.closeReaders();
      try {
        fd = openSync(file, 'r');
      } catch {
        throw new DamagedBodyError(file);
      }
      this.readers.set(file, fd);
    }
    const data = Buffer.allocUnsafe(ref.bytes);
    let got = 0;
    while (got < ref.bytes) {
      const n = readSync(fd, data, got, ref.bytes - got, (ref.at ?? 0) + got);
      if (n === 0) break;
      got += n;
    }
    if (got !== ref.bytes || sha(data) !== ref.id) throw new DamagedBodyError(file);
    return data;
  }

  private closeReaders(): void {
    for (const fd of this.readers.values()) closeSync(fd);
    this.readers.clear();
  }

  /**
   * Lets go of the open packs; the bodies stay readable (a pack is opened again when read). The
   * dev server compiles in many small batches in one process, each with a store of its own.
   */
  close(): void {
    this.closeReaders();
    if (this.writer) closeSync(this.writer.fd);
    this.writer = undefined;
  }

  /**
   * Removes the packs no reference in `keep` lies in (when the caches that name bodies drop their
   * old entries), and anything else in the folder but this store's own pack. A pack lives while
   * one of its bodies is named: at most the cold build's pack holds the old versions of pages
   * edited since, so the folder stays within about twice what is named.
   */
  prune(keep: Iterable<BodyRef>): void {
    if (!this.dir) {
      const ids = new Set([...keep].map((r) => r.id));
      for (const id of this.memory.keys()) if (!ids.has(id)) this.memory.delete(id);
      return;
    }
    const packs = new Set([...keep].map((r) => r.pack));
    if (this.writer) packs.add(this.writer.name);
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return;
    }
    this.closeReaders();
    for (const name of names) {
      if (packs.has(name)) continue;
      rmSync(path.join(this.dir, name), { recursive: true, force: true });
      this.sizes.delete(name);
    }
  }
}
