// Precompression: a .gz (zlib, level 9) and a .br (Node's zlib brotli) next to every text file
// of the output, so that nginx (gzip_static, brotli_static) and the preview server send them
// without compressing on each request. Files under MIN_BYTES are left alone (the saving is
// smaller than a header), and so is a compressed copy that would not be smaller.
//
// Cost. Compression is CPU work proportional to the output's size (a 1000-page corpus is ~60 MB
// of HTML and JSON; gzip -9 plus brotli costs several CPU-seconds on it), so three things keep it
// off the build's wall time:
//  - a file whose bytes equal the previous output's (dist/ before the swap) takes that output's
//    .gz/.br by hard link instead of being compressed again: a warm build compresses only what
//    changed;
//  - the zlib work runs on libuv's thread pool, at most one job per core, so the build can run
//    the link check on the main thread meanwhile; a compressed file appears under its final name
//    only complete (written beside it and renamed), so a server reading the folder at the same
//    time never sends half a file;
//  - brotli quality 5, by measurement on this site's pages: ~10% smaller than gzip -9 at about
//    the same speed, where quality 6 gains under 1% more and quality 9 is ~10x slower.
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Extensions that are compressed; source maps are not (only developer tools fetch them). */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.xml', '.txt']);
export const MIN_BYTES = 1024;
export const GZIP_LEVEL = 9;
export const BROTLI_QUALITY = 5;
/** Folders of the output that are never served, so never compressed. */
const SKIP_DIRS = ['_headers/'];
/** The settings and the content hash of every file that has both .gz and .br, for reuse. */
export const MANIFEST_FILE = '_headers/compress.json';

interface Manifest {
  settings: string;
  files: Record<string, string>;
}

export interface CompressOptions {
  /** The previous output folder: files with unchanged bytes reuse its .gz/.br. */
  previous?: string;
  minBytes?: number;
  brotliQuality?: number;
  /** zlib jobs at once; the thread pool's other threads stay free for file reads and writes. */
  concurrency?: number;
}

export interface CompressStats {
  /** Files that have compressed siblings now (compressed here, reused, or written by another stage). */
  files: number;
  /** Of those, linked from the previous output. */
  reused: number;
  /** Of those, compressed here. */
  compressed: number;
  bytes: number;
  /** Sizes of what was compressed here. */
  gzipBytes: number;
  brotliBytes: number;
  /** Time of the synchronous part (listing, hashing, reuse), before compression starts. */
  prepareMs: number;
  ms: number;
}

export function isCompressible(rel: string): boolean {
  return COMPRESSIBLE.has(path.extname(rel)) && !SKIP_DIRS.some((d) => rel.startsWith(d));
}

const brotliParams = (quality: number, size: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

const hashOf = (data: Buffer) => createHash('sha1').update(data).digest('base64url');

function readManifest(dir: string, settings: string): Manifest['files'] {
  try {
    const m = JSON.parse(readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
    return m.settings === settings ? m.files : {};
  } catch {
    return {};
  }
}

/** Writes beside the target and renames, so the target name only ever holds a whole file. */
async function writeWhole(file: string, data: Buffer): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

/**
 * Writes name.gz and name.br beside every compressible file under root.
 *
 * The first part is synchronous and quick (list, read, hash, hard-link what the previous output
 * already compressed: ~0.1 ms a file); the zlib work then runs on the thread pool, so a caller
 * can do other work on the main thread before awaiting the result.
 */
export function compressTree(root: string, options: CompressOptions = {}): Promise<CompressStats> {
  const started = performance.now();
  const minBytes = options.minBytes ?? MIN_BYTES;
  const quality = options.brotliQuality ?? BROTLI_QUALITY;
  const concurrency = Math.max(1, options.concurrency ?? os.availableParallelism());
  const settings = `gzip ${GZIP_LEVEL}, brotli ${quality}, min ${minBytes}`;
  const previous = options.previous ? path.resolve(options.previous) : undefined;
  const before = previous ? readManifest(previous, settings) : {};
  const manifest: Manifest = { settings, files: {} };
  const stats: CompressStats = { files: 0, reused: 0, compressed: 0, bytes: 0, gzipBytes: 0, brotliBytes: 0, prepareMs: 0, ms: 0 };

  const todo: { file: string; rel: string; data: Buffer; hash: string }[] = [];
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath ?? e.path, e.name);
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (!isCompressible(rel)) continue;
    const data = readFileSync(file);
    if (data.length < minBytes) continue;
    stats.files++;
    stats.bytes += data.length;
    const hash = hashOf(data);
    if (existsSync(`${file}.gz`) && existsSync(`${file}.br`)) {
      // Another stage wrote its own (the search index compresses its files as it writes them).
      manifest.files[rel] = hash;
      continue;
    }
    if (previous && before[rel] === hash) {
      try {
        linkSync(path.join(previous, `${rel}.gz`), `${file}.gz`);
        linkSync(path.join(previous, `${rel}.br`), `${file}.br`);
        manifest.files[rel] = hash;
        stats.reused++;
        continue;
      } catch {
        rmSync(`${file}.gz`, { force: true });
      }
    }
    todo.push({ file, rel, data, hash });
  }
  stats.prepareMs = Math.round(performance.now() - started);

  // At most `concurrency` zlib jobs at once: one a core, the rest of the pool stays free.
  let running = 0;
  const waiting: (() => void)[] = [];
  const zlibJob = async <T>(job: () => Promise<T>): Promise<T> => {
    if (running >= concurrency) await new Promise<void>((r) => waiting.push(r));
    running++;
    try {
      return await job();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
  const one = async ({ file, rel, data, hash }: (typeof todo)[number]) => {
    stats.compressed++;
    const [gz, br] = await Promise.all([
      zlibJob(() => gzip(data, { level: GZIP_LEVEL })),
      zlibJob(() => brotli(data, brotliParams(quality, data.length))),
    ]);
    const writes: Promise<void>[] = [];
    if (gz.length < data.length) {
      writes.push(writeWhole(`${file}.gz`, gz));
      stats.gzipBytes += gz.length;
    }
    if (br.length < data.length) {
      writes.push(writeWhole(`${file}.br`, br));
      stats.brotliBytes += br.length;
    }
    await Promise.all(writes);
    if (writes.length === 2) manifest.files[rel] = hash;
  };

  const run = async () => {
    let next = 0;
    const lanes = Array.from({ length: Math.min(concurrency, todo.length) }, async () => {
      while (next < todo.length) await one(todo[next++]);
    });
    await Promise.all(lanes);
    // A build that failed meanwhile has discarded the folder: do not create it again.
    if (!existsSync(root)) throw new Error(`${root} was removed while it was being compressed`);
    mkdirSync(path.join(root, path.dirname(MANIFEST_FILE)), { recursive: true });
    writeFileSync(path.join(root, MANIFEST_FILE), JSON.stringify(manifest));
    stats.ms = Math.round(performance.now() - started);
    return stats;
  };
  return run();
}

/**
 * Starts compressTree and returns its promise with a rejection handler already attached, so that
 * a build that fails elsewhere first (and discards the folder) does not also report an unhandled
 * rejection; awaiting the promise still throws.
 */
export function startCompression(root: string, options: CompressOptions = {}): Promise<CompressStats> {
  let running: Promise<CompressStats>;
  try {
    running = compressTree(root, options);
  } catch (e) {
    running = Promise.reject(e);
  }
  running.catch(() => {});
  return running;
}
