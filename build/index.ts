// `build()`: first the up-to-date check (a build of exactly these inputs is in place: nothing to
// do), with nothing but light modules loaded; otherwise the pipeline (build/pipeline.ts), loaded
// only then, so that a build with nothing to do starts and ends in a fraction of a second.
import type { GuideOutcome } from './pdf/stage.ts';
import { setEngineFlags } from './v8-flags.ts';
import { failOnWarnings, withWarnings, type Warning } from './errors.ts';
import type { PathOptions } from './model/paths.ts';
import { checkSitePaths, sitePaths } from './model/paths.ts';
import type { FirstLoad } from './render/stats.ts';
import { usableCacheDir } from './cache/usable.ts';
import { DamagedBodyError, dropBodies } from './cache/body-store.ts';
import { InputStamps } from './cache/input-stamps.ts';
import { inputFingerprint, NO_OUTSIDE_INPUTS, readStamp, withGitDates, withOutsideInputs } from './cache/up-to-date.ts';
import { readGitDatesAsync } from './model/last-updated.ts';
import type { SourceFile } from './model/source-file.ts';
import { startCompileWorkersEarly, stopEarlyWorkers } from './markdown/worker-pool.ts';

/** Where things are (defaults: sitePaths in build/model/paths.ts), and whether links are checked. */
export interface BuildOptions extends PathOptions {
  checkLinks?: boolean;
  /** The CLI's: Ctrl+C and SIGTERM remove the staging folder and exit 130/143 (build/output/staging.ts). */
  exitOnSignal?: boolean;
  /** false skips the user guide PDF for this build even when the config asks for it (the bench compares). */
  userGuide?: boolean;
  /** Warnings fail the build (errors.ts, failOnWarnings), before the output is put in place. */
  strict?: boolean;
}

export interface BuildResult {
  outDir: string;
  pages: number;
  warnings: Warning[];
  timings: Record<string, number>;
  compiled: number;
  cached: number;
  /** Pages whose HTML was rendered by this build; the rest were copied from the previous output (build/render/reuse.ts). */
  rendered: number;
  /** Of those, pages made around their frame from the previous output, without a server render (a title edit's). */
  framesReused?: number;
  workers: number;
  /** Of those, Markdown workers started before the compile, beside discovery (build/markdown/worker-pool.ts). */
  workersStartedEarly?: number;
  /** How the user guide PDF was made, when the build made one (build/pdf/stage.ts). */
  userGuide?: GuideOutcome;
  /** Diagrams drawn into the docs' store (build/diagrams/). */
  diagramsDrawn: number;
  /** The browser bundle and the page renderer were those of a kept build (build/render/bundle-cache.ts). */
  bundlesFromCache?: boolean;
  /**
   * linkinator was sent the references that are not pages; false when there were none, or when it
   * had found the same list whole against the same files (build/checks/links.ts).
   */
  linksSentToChecker?: boolean;
  firstLoad: FirstLoad;
  adaptedConfig: boolean;
  /** The output already held the build of exactly these inputs: nothing was done. */
  upToDate?: boolean;
}

/**
 * How much a function runs (V8's "interrupt budget", bytes of bytecode executed) before V8
 * considers optimising it; V8's default is 132 KB. A build runs most of its code for a short while
 * on as few as two cores, where the optimising compiler's background threads take CPU from the
 * build itself, and a large site runs the same code in four isolates (the main thread, two
 * Markdown workers, the compressor), each optimising it on its own. At 1 MB only the code that
 * stays hot is optimised. Measured in alternated runs: a cold 1000-page build made ~370 optimised
 * compilations instead of ~1230 and took ~13 % less wall time; this site's cold build spent ~1.5
 * CPU-s in the optimiser's threads (a quarter of its CPU) and took 10 % less wall time and 19 %
 * less CPU with it. (The bare single-threaded pipeline, warm, is a little slower with it: the
 * gain is the background CPU a build on few cores does not have.) Set before any work, so that
 * the worker threads, started later, share it.
 */
const INTERRUPT_BUDGET_BYTES = 1_000_000;

/**
 * How much V8's young generation grows each time it grows (its default is 2×: from 1 MB to the
 * 16 MB maximum in four steps). A build keeps much of what it makes for a while (the caches it
 * reads, each page's data), so every small young generation copies the same objects again before
 * they are promoted; at 16× it reaches its maximum at the first growth. Measured in alternated
 * runs: a text edit of the 1000-page corpus took 3–4 % less wall time (22 pairs), a cold build of
 * it 2–3 % less and ~4 % less CPU, for ~10 MB more peak memory (6 pairs).
 */
const SEMI_SPACE_GROWTH_FACTOR = 16;

export async function build(options: BuildOptions): Promise<BuildResult> {
  setEngineFlags(`--interrupt-budget=${INTERRUPT_BUDGET_BYTES} --semi-space-growth-factor=${SEMI_SPACE_GROWTH_FACTOR}`);
  // React picks its development or production build when first imported; the server render
  // must use production (the development build is ~5x slower and warns about things we test).
  process.env.NODE_ENV ??= 'production';
  const started = performance.now();
  const warnings: Warning[] = [];
  // A cache folder that cannot be written costs speed, not the build: go on without it.
  const given = sitePaths(options);
  checkSitePaths(given, options);
  const paths = usableCacheDir(given, warnings);
  const { outDir, cacheDir, configPath } = paths;

  // Nothing changed since the output in place was built (build/cache/up-to-date.ts): done. Without a
  // cache (--no-cache) every build is a full one.
  // The last-updated dates come from git history (one `git log`, ~15 ms), read while the
  // inputs are hashed, and part of the fingerprint.
  const gitRead = readGitDatesAsync(paths.docsDir);
  const sourceBytes = new Map<string, SourceFile>();
  const stamps = cacheDir === null ? null : new InputStamps(cacheDir);
  const ofFiles = stamps && inputFingerprint(paths, { docs: paths.docsDir, pages: paths.pagesDir, static: paths.staticDir, config: configPath, checkLinks: options.checkLinks !== false, userGuide: options.userGuide !== false }, sourceBytes, stamps);
  const git = await gitRead;
  if (git.warning) warnings.push(git.warning);
  const fingerprint = ofFiles && withGitDates(ofFiles, git.dates);
  const stamp = fingerprint ? readStamp(outDir) : null;
  // What the last build was made from outside the walked folders (files the pages show or include
  // or the config imports, the variables the config reads) is an input too, hashed now, before the
  // build reads it (an edit made meanwhile is then seen by the next check).
  const lastOutside = stamp?.outside ?? NO_OUTSIDE_INPUTS;
  const outside = { inputs: lastOutside, fingerprint: fingerprint && withOutsideInputs(fingerprint, paths.root, lastOutside) };
  if (stamp && stamp.fingerprint === outside.fingerprint) {
    stamps?.save();
    // The output in place was made with these warnings: --strict fails on them all the same.
    if (options.strict) failOnWarnings(stamp.warnings);
    const timings = { 'up-to-date check': Math.round(performance.now() - started) };
    return { outDir, pages: stamp.pages, warnings: stamp.warnings, timings, compiled: 0, cached: 0, rendered: 0, workers: 0, diagramsDrawn: 0, firstLoad: stamp.firstLoad, adaptedConfig: stamp.adaptedConfig, upToDate: true };
  }
  // A cold build of a large site starts its Markdown workers now, to load beside what follows.
  startCompileWorkersEarly([...sourceBytes.values()].reduce((n, f) => n + (f.bytes ? f.bytes.length : f.size), 0), cacheDir);
  const { runPipeline } = await import('./pipeline.ts');
  const attempt = async () => {
    const found = [...warnings];
    try {
      return await runPipeline(options, { paths, warnings: found, gitDates: git.dates, fingerprint, outside, sourceBytes });
    } catch (e) {
      throw withWarnings(e, found);
    }
  };
  try {
    return await attempt();
  } catch (e) {
    // A page's compiled text in the cache was damaged from outside (build/cache/body-store.ts):
    // found only when it is read, so the build starts again without the compile cache.
    if (!(e instanceof DamagedBodyError) || cacheDir === null) throw e;
    console.warn(`warning: cache ${e.file} is damaged; ignored, the compiled pages will be rebuilt`);
    dropBodies(cacheDir);
    return attempt();
  } finally {
    // After discovery, which gave the pages' heads; whether or not the build went through, the stamps are facts about the files.
    stamps?.save();
    stopEarlyWorkers(); // the build ended before its compile took them
  }
}
