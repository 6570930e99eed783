// The compile's worker threads, and starting them before the compile. A worker spends ~0.4 s
// loading the Markdown pipeline before it compiles its first page. On a cold build of a large
// site that is known as soon as the up-to-date check has found work to do (build/index.ts), so
// the workers start there and load while this thread reads the config and discovers the pages,
// instead of after it. What they need from that work (the routes, the settings) is the first
// message each is sent (build/markdown/compile-stage.ts). A light module: the up-to-date check
// loads it.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { BODY_STORES } from '../cache/body-store.ts';
import { BUSY_WORKER_LIMITS, startWorker } from '../worker-bundle.ts';

const ENTRY = 'markdown/worker.ts';

/**
 * Below this much Markdown (characters) to compile, starting workers costs more than it saves:
 * each loads the pipeline and warms up its JIT on its own (~0.5 s). Measured on this site's docs
 * (0.8 MB): 2.0 s in the build's thread, 2.9 s in two workers.
 */
const WORKER_THRESHOLD = Number(process.env.SG_WORKER_THRESHOLD ?? 1_500_000);
/** Workers at most; SG_WORKERS overrides the core count (for measuring). */
const MAX_WORKERS = Number(process.env.SG_WORKERS ?? os.availableParallelism());

/** How many workers compile `pages` pages of `chars` characters in all; 0: this thread does. */
export function compileWorkerCount(chars: number, pages: number): number {
  return chars >= WORKER_THRESHOLD && pages > 1 ? Math.min(MAX_WORKERS, 4, pages) : 0;
}

/**
 * Bytes of Markdown from which the workers are started early. Twice the threshold in characters:
 * Russian text is ~1.7 bytes a character, so a site this large compiles in workers; a smaller one
 * is left to compileSite's own decision, made once it has the pages' text.
 */
const EARLY_BYTES = 2 * WORKER_THRESHOLD;

/** Workers started before the compile, not taken yet. */
let early: Promise<Worker | null>[] = [];
/** Of those, the ones that ended before they were taken (they failed to load): new ones take their place. */
const endedEarly = new WeakSet<Worker>();

function spawn(file: string): Worker {
  return new Worker(file, { resourceLimits: BUSY_WORKER_LIMITS });
}

/**
 * Starts the compile's workers now when the build about to run compiles every page of a large
 * site: a cache folder without a compile cache in it (a cold build, the first in CI). Unref'd
 * until taken, so that a build that stops before its compile does not wait for them.
 */
export function startCompileWorkersEarly(markdownBytes: number, cacheDir: string | null): void {
  if (early.length > 0 || cacheDir === null || markdownBytes < EARLY_BYTES) return;
  if (existsSync(path.join(cacheDir, `${BODY_STORES.pages.names}.v8`))) return;
  early = Array.from({ length: compileWorkerCount(Infinity, Infinity) }, () => startWorker(ENTRY, (file) => {
    const w = spawn(file);
    w.unref();
    // Its failure is met again by the worker that replaces it, which reports it.
    w.on('error', () => {});
    w.once('exit', () => endedEarly.add(w));
    return w;
  }).catch(() => null));
}

/** The compile's workers, and how many of them were started early. */
export interface CompileWorkers {
  workers: Worker[];
  early: number;
}

/** `count` compile workers: those started early that are alive first, new ones for the rest. Early ones beyond `count` are stopped. */
export async function compileWorkers(count: number): Promise<CompileWorkers> {
  const ready = await Promise.all(early);
  early = [];
  const alive = ready.filter((w): w is Worker => w !== null && !endedEarly.has(w));
  for (const w of alive.slice(count)) void w.terminate();
  const taken = alive.slice(0, count);
  for (const w of taken) w.ref();
  const fresh = await Promise.all(Array.from({ length: count - taken.length }, () => startWorker(ENTRY, spawn)));
  return { workers: [...taken, ...fresh], early: taken.length };
}

/** Stops the workers started early and never taken: the build ended before its compile. */
export function stopEarlyWorkers(): void {
  for (const w of early) void w.then((worker) => worker?.terminate());
  early = [];
}
