// What the compressor's two sides share (build/output/compress.ts on the main thread, build/output/compress-worker.ts
// in its worker): the settings, which files are compressed, and the manifest of what was.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Extensions that are compressed (.bin: the search index's shards); source maps are not (only
 * developer tools fetch them).
 */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.xml', '.txt', '.md', '.bin']);
export const MIN_BYTES = 1024;
export const GZIP_LEVEL = 6;
export const BROTLI_QUALITY = 5;
/** Folders of the output that are never served, so never compressed. */
const SKIP_DIRS = ['_headers/'];
/**
 * Which files also get a .br: the theme's shared files (scripts, styles, icons), fetched by every
 * first visit, where brotli is 6–9 % smaller than gzip. A page's own files (its HTML, data,
 * Markdown, search shards) get a .gz only: brotli's ~8 % on a 14 KB page is about 1 KB, Debian's
 * nginx serves no .br without an extra module, and brotli of every page was half of what
 * compressing a cold 1000-page build cost (~2 CPU-s and 4000 more files written here).
 * nginx's brotli_static falls back to the .gz of a file that has no .br.
 */
export const hasBrotliCopy = (rel: string) => rel.startsWith('assets/') && !rel.startsWith('assets/search/');

/** The settings and the content hash of every file that has all its copies (.gz, and .br where hasBrotliCopy), for reuse. */
export const MANIFEST_FILE = '_headers/compress.json';

export interface Manifest {
  settings: string;
  files: Record<string, string>;
  /**
   * Files whose compressed copy the build made itself (llms-full.txt, build/output/segmented-gzip.ts)
   * and that copy, by content hash: known to the next build like the others, but no .br is
   * expected beside them, and none of an earlier output's is kept.
   */
  precompressed?: Record<string, string>;
}

export interface CompressStats {
  /** Files that have compressed siblings now (compressed here or reused). */
  files: number;
  /** Of those, linked from the previous output. */
  reused: number;
  /** Of those, compressed here. */
  compressed: number;
  /** Their sizes (but those of files left in the previous output, which are not looked at). */
  bytes: number;
  /** Sizes of what was compressed here. */
  gzipBytes: number;
  brotliBytes: number;
  /** Of the files compressed, those the build's thread took back from the worker's queue at the end. */
  takenBack: number;
  /** Time spent on files, by both threads. */
  ms: number;
}

export function isCompressible(rel: string): boolean {
  return COMPRESSIBLE.has(path.extname(rel)) && !SKIP_DIRS.some((d) => rel.startsWith(d));
}

/** Part of the manifest: copies made otherwise are not reused (an incremental build writes what a cold one writes). */
export const settingsOf = (quality: number, minBytes: number) => `gzip ${GZIP_LEVEL} (pages' inline style compressed once), brotli ${quality} on shared assets, min ${minBytes}`;

export const brotliParams = (quality: number, size: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

export const hashOf = (data: Uint8Array) => createHash('sha1').update(data).digest('base64url');

export function readManifest(dir: string, settings: string): Manifest['files'] {
  try {
    const m = JSON.parse(readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
    return m.settings === settings ? m.files : {};
  } catch {
    return {};
  }
}
