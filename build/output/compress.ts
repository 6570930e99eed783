// Precompression: a .gz (zlib, level 6) next to every text file of the output, and a .br (Node's
// zlib brotli) next to the theme's shared files too (compress-core.ts, hasBrotliCopy), so that
// nginx (gzip_static, brotli_static) and the preview server send them
// without compressing on each request. Files under MIN_BYTES are left alone (the saving is
// smaller than a header), and so is a compressed copy that would not be smaller.
//
// Cost. Compression is CPU work proportional to the output's size (a 1000-page corpus is ~100 MB
// of HTML and JSON; gzip of it costs ~2 CPU-seconds here, and brotli of every page cost as much
// again before it was kept to the shared files), so three things keep it
// off the build's wall time:
//  - a file whose bytes equal the previous output's (dist/ before the commit) takes that output's
//    .gz/.br by hard link instead of being compressed again, and a file the build leaves in
//    dist/ (build/output/commit.ts) leaves its copies there too: a warm build compresses only
//    what changed, and a large file on libuv's threads, gzip and brotli at once, while the
//    worker goes on with the rest (build/output/compress-file.ts). The largest, llms-full.txt,
//    is not sent here at all: the build makes its gzip copy from cached segments
//    (build/output/segmented-gzip.ts, precompressed());
//  - the work runs in a worker thread (build/output/compress-worker.ts), fed each file as the build
//    writes it, so it overlaps rendering, the search index and the link check on the main
//    thread. The worker calls zlib synchronously: measured here, zlib's asynchronous API on
//    libuv's pool took 5.3 s of wall time and 8.4 CPU-s for a 1000-page output, the synchronous
//    calls 2.8 s and 2.9 CPU-s. The copies are written into the staging folder, which no
//    server reads: they reach the output with the rest of it, by the commit. When the build
//    has nothing left but to wait for it, the main thread takes back half of the files not
//    started yet, again and again (build/output/compress-file.ts does one file
//    on either side): after a title edit of the 1000-page corpus the build waited 1.7–2.9 s for
//    compression once its pages were written, now 1.3–1.4 s;
//  - levels by measurement on this site's pages: gzip 6 is 30% faster than gzip 9 for 0.2%
//    more bytes; brotli quality 5 is 6–9% smaller than gzip at about its speed, where quality 6
//    gains under 1% more and quality 9 is ~10x slower (quality 11 would take the main script from
//    76 to 69 KB, for 0.7 CPU-s at every change of the theme).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { BROTLI_QUALITY, isCompressible, MIN_BYTES, settingsOf, type CompressStats } from './compress-core.ts';
import type { CompressReply, CompressRequest, CompressWorkerData, MainShare } from './compress-worker.ts';
import { failureOf, FileCompressor, noStats, writeManifest, type CompressFailure, type FileToCompress } from './compress-file.ts';
import { startWorker } from '../worker-bundle.ts';
import { systemError } from './fs-errors.ts';
import { filesUnder, toPosix } from '../file-tree.ts';

export { isCompressible, type CompressStats } from './compress-core.ts';

export interface CompressOptions {
  /** The previous output folder: files with unchanged bytes reuse its .gz/.br. */
  previous?: string;
  minBytes?: number;
  brotliQuality?: number;
  /**
   * Files to compress (those not linked from the previous output) held back before the worker is
   * started; with fewer than this, finish() does them on the calling thread and no worker starts.
   * 0, the default: the worker starts at once.
   */
  workerAfter?: number;
  /** The previous output's files (build/output/commit.ts lists them too), for files kept there when no worker starts. */
  listPrevious?: () => string[];
}

/**
 * Writes name.gz (and name.br where hasBrotliCopy) beside compressible files under root, as they are handed to it.
 *
 * `add()` only posts the file's name to the worker (or holds it back until the worker starts:
 * workerAfter), so the build feeds it each file as the file is written and goes on with its own
 * work. `addTree()` hands over whatever else is in the folder (static files, the sitemap);
 * `finish()` waits for the worker (or does the files held back) and returns its figures;
 * `settle()` stops it, for a build that failed and is about to discard the folder.
 */
export class Compressor {
  private readonly seen = new Set<string>();
  private worker?: Promise<Worker>;
  /** Files handed over before the worker started (all of them, when it never does). */
  private readonly pending: FileToCompress[] = [];
  /** Of those, the ones that are not linked from the previous output: compressing is work, keeping or linking its copies is not. */
  private pendingWork = 0;
  private readonly workerAfter: number;
  private readonly listPrevious?: () => string[];
  /** An error the worker died of, reported by finish(). */
  private crashed?: Error;
  private readonly previous?: string;
  private readonly settings: CompressWorkerData;
  /** Who waits for the worker's next reply (one request is out at a time: give-back, then finish). */
  private answer?: (reply: CompressReply) => void;
  /** Files compressed by the build itself, and their copies, by hash: listed in the manifest as such. */
  private readonly madeByBuild: Record<string, string> = {};

  constructor(private readonly root: string, options: CompressOptions = {}) {
    const minBytes = options.minBytes ?? MIN_BYTES;
    const quality = options.brotliQuality ?? BROTLI_QUALITY;
    this.previous = options.previous && existsSync(options.previous) ? path.resolve(options.previous) : undefined;
    this.settings = { root, minBytes, quality, settings: settingsOf(quality, minBytes), previous: this.previous };
    this.workerAfter = options.workerAfter ?? 0;
    this.listPrevious = options.listPrevious;
    if (this.workerAfter <= 0) this.startWorker();
  }

  /**
   * Starts the worker and hands it what was held back. At once by default: with the launcher's
   * bundle it starts while the Markdown compile keeps this thread busy. Held back until there is
   * enough to do (workerAfter), because a worker costs: starting one and loading its code took
   * ~0.2 s of CPU beside the build, and an edit of one page has a dozen files to compress.
   */
  private startWorker(): Promise<Worker> {
    const worker = startWorker('output/compress-worker.ts', (file) => {
      const w = new Worker(file, { workerData: this.settings });
      w.on('error', (e) => (this.crashed = e));
      w.on('message', (reply: CompressReply) => this.answer?.(reply));
      return w;
    });
    worker.catch(() => {}); // reported by finish()
    this.worker = worker;
    const files = this.pending.splice(0);
    if (files.length) void worker.then((w) => w.postMessage({ type: 'files', files } satisfies CompressRequest));
    return worker;
  }

  /**
   * Hands over one file already written under root (rel with forward slashes). The worker reads
   * it back from the page cache: sending it a copy instead queued ~100 MB on a 1000-page site.
   * linkedFrom: the file it is a hard link of, when it was linked rather than written; kept: the
   * previous output's file of the same name, left in place (build/output/commit.ts), which keeps
   * its compressed copies there too when they are whole.
   */
  add(rel: string, linkedFrom?: string, kept?: boolean): void {
    if (this.seen.has(rel)) return;
    this.seen.add(rel);
    if (!isCompressible(rel)) return;
    // A file linked from the previous output: the worker may know its hash from that output's manifest.
    // Its name under the previous output (sliced, not path.relative(): this runs for every file kept, 4000 at 1000 pages).
    const previous = this.previous && linkedFrom?.startsWith(this.previous + path.sep) ? toPosix(linkedFrom.slice(this.previous.length + 1)) : undefined;
    const file: FileToCompress = { rel, ...(previous ? { previous } : {}), ...(previous && kept ? { kept } : {}) };
    if (this.worker) {
      void this.worker.then((w) => w.postMessage({ type: 'file', ...file } satisfies CompressRequest));
      return;
    }
    this.pending.push(file);
    // A file linked from the previous output (kept there, or under another name: a search
    // fragment folder renamed) takes that output's copies by links, which is no work for a worker.
    if (!file.previous && ++this.pendingWork >= this.workerAfter) this.startWorker();
  }

  /**
   * A file the build compresses itself, or that compressed copy (`hash`: its hashOf): left alone
   * here, and listed in the manifest so that the next build knows its bytes.
   */
  precompressed(rel: string, hash: string): void {
    this.seen.add(rel);
    this.madeByBuild[rel] = hash;
  }

  /** Tells it that `files` more files to compress are coming: the worker starts now if they reach workerAfter. */
  expect(files: number): void {
    if (!this.worker && this.pendingWork + files >= this.workerAfter) this.startWorker();
  }

  /** Hands over every file under root that was not handed over yet. */
  addTree(): void {
    for (const rel of filesUnder(this.root)) this.add(rel);
  }

  private ask(worker: Worker, request: CompressRequest): Promise<CompressReply> {
    return new Promise<CompressReply>((resolve, reject) => {
      const stopped = () => reject(this.crashed ?? new Error('the compression worker stopped'));
      // A worker that died while this thread compressed its share has already sent 'exit' (threadId -1).
      if (this.crashed || worker.threadId < 0) return stopped();
      worker.once('exit', stopped);
      this.answer = (reply) => {
        this.answer = undefined;
        worker.off('exit', stopped);
        resolve(reply);
      };
      worker.postMessage(request);
    });
  }

  /**
   * Waits for the worker and returns its figures. The build calls it when it has nothing else to
   * do, so this thread takes part of the worker's backlog meanwhile (half of what is left, again
   * and again until nothing is): a title edit or a large cold build, whose compression ends well
   * after its pages are written, then waits about half as long.
   */
  async finish(): Promise<CompressStats> {
    if (!this.worker) return this.finishHere();
    const worker = await this.worker;
    try {
      if (this.crashed) throw this.crashed;
      let mine: FileCompressor | undefined;
      let failure: CompressFailure | undefined;
      for (;;) {
        const reply = await this.ask(worker, { type: 'give-back' });
        if (reply.type !== 'given-back' || reply.files.length === 0) break;
        mine ??= new FileCompressor(this.settings);
        for (const file of reply.files) {
          try {
            mine.one(file);
          } catch (e) {
            failure = failureOf(file.rel, e);
            break;
          }
        }
        if (failure) break;
      }
      failure ??= await mine?.settled();
      const stats = mine ? { ...mine.stats, takenBack: mine.stats.compressed } : noStats();
      const main: MainShare = { hashes: mine?.hashes ?? {}, stats, ...(failure ? { failure } : {}) };
      const reply = await this.ask(worker, { type: 'finish', main, precompressed: this.madeByBuild });
      if (reply.type === 'failed') throw systemError(reply.error, reply.code, reply.path, reply.syscall);
      if (reply.type !== 'done') throw new Error(`the compression worker answered ${reply.type} to finish`);
      return reply.stats;
    } finally {
      await worker.terminate();
    }
  }

  /** Without a worker: every file handed over, done on this thread, and the manifest written. */
  private async finishHere(): Promise<CompressStats> {
    const mine = new FileCompressor(this.settings, this.listPrevious);
    let failure: CompressFailure | undefined;
    for (const file of this.pending.splice(0)) {
      try {
        mine.one(file);
      } catch (e) {
        failure = failureOf(file.rel, e);
        break;
      }
    }
    failure ??= await mine.settled();
    if (failure) throw systemError(failure.error, failure.code, failure.path, failure.syscall);
    writeManifest(this.root, this.settings.settings, mine.hashes, this.madeByBuild);
    return { ...mine.stats, ms: Math.round(mine.stats.ms) };
  }

  /** Stops the worker whatever it was doing: a failed build stops writing before it discards the folder. */
  async settle(): Promise<void> {
    if (!this.worker) return;
    try {
      await (await this.worker).terminate();
    } catch {
      /* it never started */
    }
  }
}

/** Compresses every compressible file under root (what a build's Compressor does, in one call). */
export function compressTree(root: string, options: CompressOptions = {}): Promise<CompressStats> {
  const compressor = new Compressor(root, options);
  compressor.addTree();
  return compressor.finish();
}
