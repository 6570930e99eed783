// Page bodies (each page's compiled HTML and its Markdown for machines) kept out of the heap, one
// file per distinct text under the cache folder, named by its sha256. The compile cache
// (build/markdown/compile-stage.ts) keeps only their references, so a build reads the body of a
// page only when it renders or indexes that page: a build after a one-page edit reads one page's
// HTML instead of deserialising every page's (38 MB at 1000 pages), and a 10 000-page build no
// longer holds every page's HTML from the compile to the render.
//
// Trust: a body is written under a temporary name and renamed, so a build killed mid-write leaves
// no partial file under a real name; a reference whose file is missing or of another size is a
// cache miss (the page is compiled again); a body whose bytes do not hash to its name (damage
// from outside) is found when it is read, and the build starts again without the compile cache
// (build/index.ts). Without a cache folder (--no-cache) bodies stay in memory.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from './atomic-write.ts';

/** A body's name (sha256 of its UTF-8 bytes, hex) and size in bytes. */
export interface BodyRef {
  id: string;
  bytes: number;
}

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
  /** Subfolders known to exist (256 at most): one mkdir each per process. */
  private readonly made = new Set<string>();

  private constructor(private readonly dir: string | null) {}

  static open(cacheDir: string | null, store: keyof typeof BODY_STORES): BodyStore {
    return new BodyStore(cacheDir ? path.join(cacheDir, BODY_STORES[store].dir) : null);
  }

  private fileOf(id: string): string {
    return path.join(this.dir!, id.slice(0, 2), id);
  }

  put(text: string): BodyRef {
    const data = Buffer.from(text);
    const ref = { id: sha(data), bytes: data.length };
    if (!this.dir) {
      this.memory.set(ref.id, text);
      return ref;
    }
    if (this.has(ref)) return ref; // the same bytes, already kept
    const file = this.fileOf(ref.id);
    const sub = path.dirname(file);
    if (!this.made.has(sub)) {
      mkdirSync(sub, { recursive: true });
      this.made.add(sub);
    }
    writeFileAtomic(file, data, { makeDir: false }); // the folder is made above, once
    return ref;
  }

  /** Whether the body is kept whole (a missing or truncated file is not). */
  has(ref: BodyRef): boolean {
    if (!this.dir) return this.memory.has(ref.id);
    try {
      return statSync(this.fileOf(ref.id)).size === ref.bytes;
    } catch {
      return false;
    }
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
    const file = this.fileOf(ref.id);
    const data = readFileSync(file);
    if (sha(data) !== ref.id) throw new DamagedBodyError(file);
    return data;
  }

  /** Removes the bodies no reference in `keep` names (when the compile cache drops its old entries). */
  prune(keep: Set<string>): void {
    if (!this.dir) {
      for (const id of this.memory.keys()) if (!keep.has(id)) this.memory.delete(id);
      return;
    }
    let subs: string[];
    try {
      subs = readdirSync(this.dir);
    } catch {
      return;
    }
    for (const sub of subs) {
      const abs = path.join(this.dir, sub);
      for (const name of readdirSync(abs)) if (!keep.has(name)) rmSync(path.join(abs, name), { force: true });
    }
  }
}
