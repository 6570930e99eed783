// `npm run build` — builds docs/ into dist/.
// Options: scripts/commands.ts (`npm run build -- --help`).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../build/index.ts';
import { formatError, formatWarning, warningsBefore } from '../build/errors.ts';
import { describeFsError } from '../build/output/fs-errors.ts';
import { printSummary } from '../build/report.ts';
import { readArgs } from './cli-args.ts';
import { BUILD } from './commands.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = readArgs(BUILD);

// No top-level await: scripts/launch.mjs runs each entry as a classic script (for V8's code cache).
async function main(): Promise<void> {
  const started = performance.now();
  const outDir = args.out ? path.resolve(args.out) : path.join(projectRoot, 'dist');
  try {
    const result = await build({
      projectRoot,
      docsDir: args.docs ? path.resolve(args.docs) : undefined,
      outDir,
      configPath: args.config ? path.resolve(args.config) : undefined,
      pagesDir: args.pages ? path.resolve(args.pages) : undefined,
      staticDir: args.static ? path.resolve(args.static) : undefined,
      cacheDir: args['no-cache'] ? null : args['cache-dir'] ? path.resolve(args['cache-dir']) : undefined,
      checkLinks: !args['no-link-check'],
      userGuide: !args['no-user-guide'],
      strict: args.strict,
      exitOnSignal: true,
    });
    for (const w of result.warnings) console.warn(`warning: ${formatWarning(w)}`);
    const totalMs = performance.now() - started;
    if (!args.quiet) printSummary(result, totalMs);
    if (args['stats-json']) {
      // maxRSS covers the worker threads too: they live in this process.
      const { maxRSS, userCPUTime, systemCPUTime } = process.resourceUsage();
      writeFileSync(args['stats-json'], JSON.stringify({ totalMs, peakRssKb: maxRSS, cpuMs: { user: Math.round(userCPUTime / 1000), system: Math.round(systemCPUTime / 1000) }, pages: result.pages, compiled: result.compiled, workers: result.workers, workersStartedEarly: result.workersStartedEarly ?? 0, rendered: result.rendered, framesReused: result.framesReused ?? 0, bundlesFromCache: result.bundlesFromCache ?? false, ...(result.userGuide ? { userGuide: result.userGuide } : {}), timings: result.timings, firstLoad: result.firstLoad }));
    }
  } catch (e) {
    // Ctrl+C in a terminal reaches esbuild's service process too, and its death can fail the build
    // before Node dispatches the SIGINT: give a pending signal one turn of the event loop, so that
    // a stop reads as a stop (exit 130, build/output/staging.ts) and not as a failure.
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The disk refusing (full, read-only, no permission) is the operator's to fix: one line, no
    // stack unless asked for. Everything else is shown in full.
    const refusal = describeFsError(e, outDir);
    if (refusal) {
      console.error(`Build failed: ${refusal} The previous output is untouched.`);
      if (args.verbose) console.error((e as Error).stack);
    } else {
      // A failure in the sources comes after the warnings found before it: the author fixes all in one go.
      for (const w of warningsBefore(e)) console.warn(`warning: ${formatWarning(w)}`);
      console.error(`\nBuild failed. The previous output was left untouched.\n\n${formatError(e)}\n`);
    }
    process.exit(1);
  }
}

void main();
