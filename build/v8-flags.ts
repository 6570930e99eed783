// The V8 flags the engine tunes while it runs (build/index.ts, build/pipeline.ts,
// build/markdown/compile-stage.ts, build/dev/session.ts), set through here so that the launcher
// knows them: a code cache records the flags its script was compiled under and V8 refuses it
// under others, so scripts/run-cached.mjs compiles each of the engine's files under V8's defaults
// (putting these back meanwhile) and makes the caches under the defaults too. A global, not
// inherited by worker threads or child processes.
import { setFlagsFromString } from 'node:v8';

const APPLIED = Symbol.for('sgroups.v8.flags');

/** Sets V8 flags (`--name=value`, or `--name` / `--no-name` for a boolean) for the rest of the process and records them, by name. */
export function setEngineFlags(flags: string): void {
  setFlagsFromString(flags);
  const scope = globalThis as Record<symbol, Map<string, string> | undefined>;
  const applied = (scope[APPLIED] ??= new Map());
  for (const flag of flags.split(/\s+/).filter(Boolean)) applied.set(flag.replace(/^--(no-)?/, '').split('=')[0], flag);
}

/** A flag set through setEngineFlags (`--name=value`), by name; undefined when it was not. */
export function engineFlag(name: string): string | undefined {
  return (globalThis as Record<symbol, Map<string, string> | undefined>)[APPLIED]?.get(name);
}

/**
 * How far V8 lets the heap grow past what survived the last full collection, in per cent. By
 * default it can grow to several times the live data: the render and the search index make
 * garbage quickly, so a 3000-page build peaked at 1.1 GB with 215 MB alive. At 25 % it peaks at
 * 0.7 GB in the same time (measured at 1000 and 3000 pages); the dev server's first build of
 * 10 000 pages (460 MB alive: it keeps every compiled page) peaks at 1.1 GB instead of 2.4 GB,
 * as fast. V8 reads the flag at every collection; worker threads started afterwards share it.
 */
const HEAP_GROWING_PERCENT = 25;
/**
 * A site with this much Markdown (bytes) or more gets the heap setting above. Below it the flag
 * costs more than it saves: on this site (0.8 MB, 47 pages) the extra full collections added
 * 0.3–0.7 s to a 4.5 s cold build, for 45 MB less peak memory.
 */
const LARGE_SITE_BYTES = 2_000_000;

/** Applies HEAP_GROWING_PERCENT to a site with LARGE_SITE_BYTES of Markdown or more (the build, the dev server's full builds). */
export function tuneHeapForSite(markdownBytes: number): void {
  if (markdownBytes >= LARGE_SITE_BYTES) setEngineFlags(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/**
 * V8's own heap growth again (0 unsets the flag), when tuneHeapForSite applied it: for the dev
 * server's edits, which allocate little, a heap kept near the live data meant a full collection
 * every few edits (10 000 pages: edit → open tab 144 ms median, against 112 ms without).
 */
export function releaseHeapTuning(): void {
  const applied = engineFlag('heap-growing-percent');
  if (applied && applied !== '--heap-growing-percent=0') setEngineFlags('--heap-growing-percent=0');
}

/**
 * Whether V8 spreads a young-generation collection (a scavenge) over helper threads: off while a
 * compile worker runs on every core (build/markdown/compile-stage.ts). The helpers then have no
 * core of their own: each worker's scavenge waits for helpers that take turns with the other
 * workers' JavaScript. Alone, each worker collects its own garbage on its own thread. Measured on
 * the 1000-page corpus, two cores, cold builds alternated without and with: 11.60 s → 11.04 s on
 * average over 8 pairs (6 faster), and as much less CPU; peak memory the same. V8 reads the flag
 * at every scavenge, in every thread.
 */
export function scavengeInParallel(on: boolean): void {
  const off = engineFlag('parallel-scavenge') === '--no-parallel-scavenge';
  // Put back only where it was turned off: a flag never set stays V8's default, unrecorded.
  if (on && off) setEngineFlags('--parallel-scavenge');
  else if (!on && !off) setEngineFlags('--no-parallel-scavenge');
}
