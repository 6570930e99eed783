// One file's .gz (and .br: compress-core.ts, hasBrotliCopy), made or reused: the work of the compressor's worker
// (build/output/compress-worker.ts), and of the main thread once it has nothing else to do and
// takes part of the worker's backlog (build/output/compress.ts).
import { linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { brotliParams, GZIP_LEVEL, hasBrotliCopy, hashOf, MANIFEST_FILE, readManifest, type CompressStats, type Manifest } from './compress-core.ts';
import { filesUnder } from '../file-tree.ts';
import { PageGzip } from './segmented-gzip.ts';
import { byCodeUnit } from '../order.ts';

export interface CompressSettings {
  root: string;
  previous?: string;
  minBytes: number;
  quality: number;
  settings: string;
}

/**
 * A file to compress; previous: the name in the previous output of the file it is a hard link of;
 * kept: that file stays in the previous output under the same name, and is not in the staging folder.
 */
export interface FileToCompress {
  rel: string;
  previous?: string;
  kept?: boolean;
}

/** A failure keeps the system error's code and path, so the CLI can say what the disk refused. */
export type CompressFailure = { type: 'failed'; error: string; code?: string; path?: string; syscall?: string };

export function failureOf(rel: string, e: unknown): CompressFailure {
  const err = e as NodeJS.ErrnoException;
  return { type: 'failed', error: `compressing ${rel}: ${err.message}`, code: err.code, path: err.path, syscall: err.syscall };
}

export const noStats = (): CompressStats => ({ files: 0, reused: 0, compressed: 0, bytes: 0, gzipBytes: 0, brotliBytes: 0, takenBack: 0, ms: 0 });

function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Files from this size on are compressed in the background (FileCompressor.compress). */
const IN_BACKGROUND_BYTES = 1 << 20;
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export class FileCompressor {
  /** The manifest's entries for the files this side handled: content hash by name. */
  readonly hashes: Record<string, string> = {};
  private readonly background: Promise<void>[] = [];
  readonly stats = noStats();
  /** Pages' gzip, their inline stylesheet compressed once (build/output/segmented-gzip.ts). */
  private readonly pages = new PageGzip();
  private readonly before: Record<string, string>;
  /** When the previous output's manifest was written: the last file its build wrote. */
  private readonly manifestWrittenAt: number;
  /**
   * The previous output's files by content: a file with the bytes of one that had another name
   * (the search index's fragments move to a new folder whenever one of them changes) takes its copies.
   */
  private readonly beforeByHash: Map<string, string>;
  /** The previous output's files, listed once when a kept file first asks whether its copies are there. */
  private beforeFiles?: Set<string>;

  /** listPrevious: the previous output's files, when the caller has them or will need them too (build/output/commit.ts). */
  constructor(private readonly s: CompressSettings, private readonly listPrevious?: () => string[]) {
    this.before = s.previous ? readManifest(s.previous, s.settings) : {};
    this.manifestWrittenAt = s.previous ? mtimeOf(path.join(s.previous, MANIFEST_FILE)) : 0;
    this.beforeByHash = new Map(Object.entries(this.before).map(([rel, hash]) => [hash, rel]));
  }

  private reuse(rel: string, file: string, hash: string): boolean {
    const from = this.before[rel] === hash ? rel : this.beforeByHash.get(hash);
    if (!this.s.previous || !from) return false;
    try {
      linkSync(path.join(this.s.previous, `${from}.gz`), `${file}.gz`);
      if (hasBrotliCopy(rel)) linkSync(path.join(this.s.previous, `${from}.br`), `${file}.br`);
      return true;
    } catch {
      rmSync(`${file}.gz`, { force: true });
      return false;
    }
  }

  /**
   * The hash of a file linked from the previous output, without reading it: the one that output's
   * manifest gives, when the file is the same inode and was not modified after the manifest was
   * written (the rule build/output/previous-output.ts trusts too). Most of an incremental build's
   * files are such links; reading and hashing them all took ~0.3 s at 1000 pages.
   */
  private knownHash(file: string, from: string): { hash: string; size: number } | undefined {
    const hash = this.before[from];
    if (!hash || !this.s.previous) return undefined;
    try {
      const st = statSync(file);
      const old = statSync(path.join(this.s.previous, from));
      if (st.ino !== old.ino || st.dev !== old.dev || st.mtimeMs > this.manifestWrittenAt) return undefined;
      return { hash, size: st.size };
    } catch {
      return undefined;
    }
  }

  one({ rel, previous, kept }: FileToCompress): void {
    const started = performance.now();
    try {
      if (kept) this.handleKept(rel);
      else this.handle(rel, previous);
    } finally {
      this.stats.ms += performance.now() - started;
    }
  }

  private handle(rel: string, from?: string): void {
    const file = path.join(this.s.root, rel);
    const known = from === undefined ? undefined : this.knownHash(file, from);
    if (known && this.reuse(rel, file, known.hash)) {
      this.reused(rel, known.hash, known.size);
      return;
    }
    const data = readFileSync(file);
    if (data.length < this.s.minBytes) return;
    const hash = hashOf(data);
    if (this.reuse(rel, file, hash)) {
      this.reused(rel, hash, data.length);
      return;
    }
    this.compress(rel, file, data, hash, false);
  }

  /**
   * A file the build left in the previous output (build/output/commit.ts) because it found that
   * output's bytes there (by their stamp or their hash: build/render/reuse.ts,
   * build/output/previous-output.ts, or the same inode as a cached bundle): its .gz and .br stay
   * there too when that output's manifest lists it and both copies exist; otherwise it is
   * compressed from there into the staging folder. Whether the copies exist is looked up in one
   * listing of that output: three stats per file took ~0.14 s of a text edit at 1000 pages (4000
   * files kept).
   */
  private handleKept(rel: string): void {
    const hash = this.before[rel];
    this.beforeFiles ??= new Set(this.listPrevious?.() ?? filesUnder(this.s.previous!));
    if (hash && this.beforeFiles.has(`${rel}.gz`) && (!hasBrotliCopy(rel) || this.beforeFiles.has(`${rel}.br`))) {
      this.reused(rel, hash);
      return;
    }
    const data = readFileSync(path.join(this.s.previous!, rel));
    if (data.length < this.s.minBytes) return;
    this.compress(rel, path.join(this.s.root, rel), data, hashOf(data), true);
  }

  /** size: when known (a file kept in place is not looked at). */
  private reused(rel: string, hash: string, size = 0): void {
    this.hashes[rel] = hash;
    this.stats.files++;
    this.stats.bytes += size;
    this.stats.reused++;
  }

  /**
   * Writes file.gz, and file.br where hasBrotliCopy (file: its place in the staging folder). A large file (1 MB or
   * more) is compressed on libuv's threads, gzip and brotli at once (same bytes as the synchronous
   * calls), while this thread goes on with the files behind it and still answers the main
   * thread's requests: compressed here, a 10 MB file held the worker for 0.5 s, and the build
   * waited for it. settled() waits for those.
   */
  private compress(rel: string, file: string, data: Buffer, hash: string, makeDir: boolean): void {
    const { stats } = this;
    stats.files++;
    stats.bytes += data.length;
    stats.compressed++;
    const params = hasBrotliCopy(rel) ? brotliParams(this.s.quality, data.length) : undefined;
    if (data.length >= IN_BACKGROUND_BYTES) {
      this.background.push(Promise.all([gzip(data, { level: GZIP_LEVEL }), params && brotli(data, params)])
        .then(([gz, br]) => this.write(rel, file, data, hash, makeDir, gz, br), (e: unknown) => {
          throw Object.assign(e as Error, { rel });
        }));
      return;
    }
    const gz = rel.endsWith('.html') ? this.pages.gzip(data) : zlib.gzipSync(data, { level: GZIP_LEVEL });
    this.write(rel, file, data, hash, makeDir, gz, params && zlib.brotliCompressSync(data, params));
  }

  /** Waits for the large files still being compressed; throws the first failure, as a CompressFailure. */
  async settled(): Promise<CompressFailure | undefined> {
    const results = await Promise.allSettled(this.background);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    return failed && failureOf((failed.reason as { rel?: string }).rel ?? '?', failed.reason);
  }

  /**
   * Writes the copies straight under their names: they go into the staging folder, which nothing
   * serves and a failed or killed build discards, and reach the output only by the commit's
   * renames once every copy is whole. Written aside and renamed, as they once were, a 1000-page
   * build made 8000 more directory operations, on two threads creating files in the same folders.
   * br: undefined for a file that gets no brotli copy (hasBrotliCopy).
   */
  private write(rel: string, file: string, data: Buffer, hash: string, makeDir: boolean, gz: Buffer, br: Buffer | undefined): void {
    const { stats } = this;
    if (makeDir) mkdirSync(path.dirname(file), { recursive: true });
    let whole = true;
    if (gz.length < data.length) {
      writeFileSync(`${file}.gz`, gz);
      stats.gzipBytes += gz.length;
    } else whole = false;
    if (br && br.length < data.length) {
      writeFileSync(`${file}.br`, br);
      stats.brotliBytes += br.length;
    } else if (br) whole = false;
    if (whole) this.hashes[rel] = hash;
  }
}

/**
 * Writes the manifest: the content hash of every file that has both copies, sorted, so that its
 * bytes depend on the output only, not on which file finished first or which thread did it (an
 * incremental build then writes exactly what a cold one writes); and the files the build
 * compressed itself (Compressor.precompressed).
 */
export function writeManifest(root: string, settings: string, hashes: Record<string, string>, precompressed: Record<string, string>): void {
  const sorted = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).sort(([a], [b]) => byCodeUnit(a, b)));
  const made = Object.keys(precompressed).length ? { precompressed: sorted(precompressed) } : {};
  mkdirSync(path.join(root, path.dirname(MANIFEST_FILE)), { recursive: true });
  writeFileSync(path.join(root, MANIFEST_FILE), JSON.stringify({ settings, files: sorted(hashes), ...made } satisfies Manifest));
}

/** Both sides' figures as one. */
export function addStats(a: CompressStats, b: CompressStats): CompressStats {
  return {
    files: a.files + b.files, reused: a.reused + b.reused, compressed: a.compressed + b.compressed, bytes: a.bytes + b.bytes,
    gzipBytes: a.gzipBytes + b.gzipBytes, brotliBytes: a.brotliBytes + b.brotliBytes, takenBack: a.takenBack + b.takenBack, ms: a.ms + b.ms,
  };
}
