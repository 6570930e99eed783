// The compressor's worker thread (see build/output/compress.ts). The files the main thread hands
// over wait in a queue here and are done one at a time (build/output/compress-file.ts), with a
// turn of the event loop between two, so that a request to give back part of the queue (the
// main thread, done with its own work, takes it over) is answered after the file at hand. On
// 'finish' it waits for its queue to empty, writes the manifest of both sides and answers with
// the figures.
import { parentPort, workerData } from 'node:worker_threads';
import type { CompressStats } from './compress-core.ts';
import { addStats, failureOf, FileCompressor, writeManifest, type CompressFailure, type CompressSettings, type FileToCompress } from './compress-file.ts';

export type CompressWorkerData = CompressSettings;

/** What the main thread did itself of the files it took back, and how it failed, if it did. */
export interface MainShare {
  hashes: Record<string, string>;
  stats: CompressStats;
  failure?: CompressFailure;
}

export type CompressRequest =
  | ({ type: 'file' } & FileToCompress)
  /** Those the build held back until it started the worker (Compressor's workerAfter). */
  | { type: 'files'; files: FileToCompress[] }
  /** Give back the later half of the files not started yet. */
  | { type: 'give-back' }
  | { type: 'finish'; main: MainShare; precompressed: Record<string, string> };

export type CompressReply = { type: 'given-back'; files: FileToCompress[] } | { type: 'done'; stats: CompressStats } | CompressFailure;

const settings = workerData as CompressWorkerData;
const files = new FileCompressor(settings);
const queue: FileToCompress[] = [];
let working = false;
let finishing: Extract<CompressRequest, { type: 'finish' }> | undefined;
let failure: CompressFailure | undefined;

function work(): void {
  const next = queue.shift();
  if (!next) {
    working = false;
    if (finishing) void finish(finishing.main, finishing.precompressed);
    return;
  }
  if (!failure) {
    try {
      files.one(next);
    } catch (e) {
      failure = failureOf(next.rel, e);
    }
  }
  setImmediate(work);
}

async function finish(main: MainShare, precompressed: Record<string, string>): Promise<void> {
  // Large files still compressing in the background (build/output/compress-file.ts) first.
  const failed = failure ?? main.failure ?? (await files.settled());
  if (failed) {
    parentPort!.postMessage(failed);
    return;
  }
  writeManifest(settings.root, settings.settings, { ...files.hashes, ...main.hashes }, precompressed);
  const stats = addStats(files.stats, main.stats);
  parentPort!.postMessage({ type: 'done', stats: { ...stats, ms: Math.round(stats.ms) } } satisfies CompressReply);
}

function enqueue(file: FileToCompress): void {
  queue.push({ rel: file.rel, ...(file.previous ? { previous: file.previous } : {}), ...(file.kept ? { kept: true } : {}) });
}

parentPort!.on('message', (msg: CompressRequest) => {
  if (msg.type === 'file' || msg.type === 'files') {
    if (msg.type === 'file') enqueue(msg);
    else msg.files.forEach(enqueue);
    if (!working) {
      working = true;
      setImmediate(work);
    }
  } else if (msg.type === 'give-back') {
    parentPort!.postMessage({ type: 'given-back', files: failure ? [] : queue.splice(Math.ceil(queue.length / 2)) } satisfies CompressReply);
  } else {
    finishing = msg;
    if (!working) void finish(msg.main, msg.precompressed);
  }
});
