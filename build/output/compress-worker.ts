// The compressor's worker thread (see build/output/compress.ts): for each file the main thread hands
// over, it reuses the previous output's .gz/.br when the bytes are unchanged, else compresses
// with zlib's synchronous calls (cheaper here than the thread-pool API) and writes the copies
// beside the file; on 'finish' it writes the manifest and answers with its figures.
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
import { brotliParams, GZIP_LEVEL, hashOf, MANIFEST_FILE, readManifest, type CompressStats, type Manifest } from './compress-core.ts';

export interface CompressWorkerData {
  root: string;
  previous?: string;
  minBytes: number;
  quality: number;
  settings: string;
}

/** previous: the name in the previous output of the file this one is a hard link of. */
export type CompressRequest = { type: 'file'; rel: string; previous?: string } | { type: 'finish' };
/** A failure keeps the system error's code and path, so the CLI can say what the disk refused. */
export type CompressReply = { type: 'done'; stats: CompressStats } | { type: 'failed'; error: string; code?: string; path?: string; syscall?: string };

const { root, previous, minBytes, quality, settings } = workerData as CompressWorkerData;
const before = previous ? readManifest(previous, settings) : {};
/** When the previous output's manifest was written: the last file its build wrote. */
const manifestWrittenAt = previous ? mtimeOf(path.join(previous, MANIFEST_FILE)) : 0;
const manifest: Manifest = { settings, files: {} };
const stats: CompressStats = { files: 0, reused: 0, compressed: 0, bytes: 0, gzipBytes: 0, brotliBytes: 0, ms: 0 };
const started = performance.now();
let failure: Extract<CompressReply, { type: 'failed' }> | undefined;

/** Writes beside the target and renames, so the target name only ever holds a whole file. */
function writeWhole(file: string, data: Uint8Array): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/**
 * The previous output's files by content: a file with the bytes of one that had another name
 * (the search index's fragments move to a new folder whenever one of them changes) takes its copies.
 */
const beforeByHash = new Map(Object.entries(before).map(([rel, hash]) => [hash, rel]));

function reuse(rel: string, file: string, hash: string): boolean {
  const from = before[rel] === hash ? rel : beforeByHash.get(hash);
  if (!previous || !from) return false;
  try {
    linkSync(path.join(previous, `${from}.gz`), `${file}.gz`);
    linkSync(path.join(previous, `${from}.br`), `${file}.br`);
    return true;
  } catch {
    rmSync(`${file}.gz`, { force: true });
    return false;
  }
}

function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * The hash of a file linked from the previous output, without reading it: the one that output's
 * manifest gives, when the file is the same inode and was not modified after the manifest was
 * written (the rule build/output/previous-output.ts trusts too). Most of an incremental build's
 * files are such links; reading and hashing them all took ~0.3 s at 1000 pages.
 */
function knownHash(file: string, from: string): { hash: string; size: number } | undefined {
  const hash = before[from];
  if (!hash || !previous) return undefined;
  try {
    const st = statSync(file);
    const old = statSync(path.join(previous, from));
    if (st.ino !== old.ino || st.dev !== old.dev || st.mtimeMs > manifestWrittenAt) return undefined;
    return { hash, size: st.size };
  } catch {
    return undefined;
  }
}

function one(rel: string, from?: string): void {
  const file = path.join(root, rel);
  const known = from === undefined ? undefined : knownHash(file, from);
  if (known && reuse(rel, file, known.hash)) {
    manifest.files[rel] = known.hash;
    stats.files++;
    stats.bytes += known.size;
    stats.reused++;
    return;
  }
  const data = readFileSync(file);
  if (data.length < minBytes) return;
  stats.files++;
  stats.bytes += data.length;
  const hash = hashOf(data);
  if (reuse(rel, file, hash)) {
    manifest.files[rel] = hash;
    stats.reused++;
    return;
  }
  stats.compressed++;
  const gz = zlib.gzipSync(data, { level: GZIP_LEVEL });
  const br = zlib.brotliCompressSync(data, brotliParams(quality, data.length));
  let both = true;
  if (gz.length < data.length) {
    writeWhole(`${file}.gz`, gz);
    stats.gzipBytes += gz.length;
  } else both = false;
  if (br.length < data.length) {
    writeWhole(`${file}.br`, br);
    stats.brotliBytes += br.length;
  } else both = false;
  if (both) manifest.files[rel] = hash;
}

parentPort!.on('message', (msg: CompressRequest) => {
  if (msg.type === 'file') {
    if (failure) return;
    try {
      one(msg.rel, msg.previous);
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      failure = { type: 'failed', error: `compressing ${msg.rel}: ${err.message}`, code: err.code, path: err.path, syscall: err.syscall };
    }
    return;
  }
  if (failure) {
    parentPort!.postMessage(failure);
    return;
  }
  mkdirSync(path.join(root, path.dirname(MANIFEST_FILE)), { recursive: true });
  // Sorted, so the manifest's bytes depend on the output only, not on which file finished first:
  // an incremental build then writes exactly what a cold one writes.
  const files = Object.fromEntries(Object.entries(manifest.files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(path.join(root, MANIFEST_FILE), JSON.stringify({ ...manifest, files }));
  stats.ms = Math.round(performance.now() - started);
  parentPort!.postMessage({ type: 'done', stats } satisfies CompressReply);
});
