// `npm run bench:dev -- --pages N --edits K` — the dev server on a generated corpus
// (../shared/bench/make-corpus.mjs, 1000 pages by default), as an author uses it:
//   - time to first page: from starting `scripts/dev.ts` (empty Markdown cache) to the first
//     page answered with 200 (rendered on its own while the rest of the site builds);
//   - edit to browser: from writing one page's Markdown to headless Chromium showing the new
//     text in the open tab (no reload), median of K edits; budget 200 ms;
//   - one title change: the pages that show the title change (its folder's), the edited page is rendered first.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isolate, launchBrowser } from '../test/helpers/browser.ts';
import { readArgs, wholeNumber } from './cli-args.ts';
import { BENCH_DEV } from './commands.ts';
import { benchScratch } from './bench-scratch.ts';
import { engineEnv } from './engine-env.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = readArgs(BENCH_DEV);
const pages = wholeNumber(BENCH_DEV, 'pages', args.pages, 1000, { min: 1 });
const edits = wholeNumber(BENCH_DEV, 'edits', args.edits, 10, { min: 1 });
const EDIT_BUDGET_MS = 200;

const scratch = benchScratch(`sg-bench-dev-${pages}-`, pages, args.scratch);
const work = scratch.dir;
const corpus = path.join(work, 'docs');
const gen = spawnSync(process.execPath, [path.join(root, '..', 'shared', 'bench', 'make-corpus.mjs'), corpus, String(pages)], { encoding: 'utf8' });
if (gen.status !== 0) throw new Error(`make-corpus failed:\n${gen.stderr}`);

const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as net.AddressInfo;
    s.close(() => resolve(port));
  });
});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The floor of issue 17's table: the bare unified pipeline over the same pages, one thread.
// The floor runs in the engine's environment too (package.json's variables), so that the ratio compares the work alone.
const floorRun = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-floor.ts', corpus], { cwd: root, encoding: 'utf8', env: engineEnv('dev') });
if (floorRun.status !== 0) throw new Error(`bench-floor failed:\n${floorRun.stderr}`);
const floor = JSON.parse(floorRun.stdout) as { ms: number; pages: number };
const ratio = (ms: number) => `${(ms / floor.ms).toFixed(2)} × floor`;

// The launcher bundles the engine once per version of its sources (scripts/launch.mjs): done here,
// as `npm run bench` does, so that the first-page row times a start, not that one-off bundling.
spawnSync(process.execPath, ['scripts/launch.mjs', 'scripts/dev.ts', '--prepare-only'], { cwd: root, stdio: 'inherit' });
const port = await freePort();
const origin = `http://localhost:${port}`;
const target = { route: '/s00/p0005', file: path.join(corpus, 's00', 'p0005.md') };
const started = performance.now();
const dev = spawn(process.execPath, ['scripts/launch.mjs', 'scripts/dev.ts', '--docs', corpus, '--out', path.join(work, '.dev'), '--port', String(port), '--no-cache'],
  { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: engineEnv('dev') }); // as `npm run dev` starts it
let log = '';
dev.stdout.on('data', (d) => (log += d));
dev.stderr.on('data', (d) => (log += d));
const exited = new Promise((resolve) => dev.once('exit', resolve));
// Ended by a signal too: a dev server that runs out of memory aborts with no exit code.
const ended = () => dev.exitCode !== null || dev.signalCode !== null;
/** The dev server's peak resident memory so far, from Linux's /proc (the launcher runs the server in its own process). */
const peakRssMb = () => {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${dev.pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
};

let firstPageMs = 0;
try {
  // The server listens before it builds; the page asked for is rendered on its own meanwhile.
  for (;;) {
    try {
      const res = await fetch(origin + target.route);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (ended()) throw new Error(`the dev server exited:\n${log}`);
    await sleep(20);
  }
  firstPageMs = performance.now() - started;
  // The edits are timed against a built site: wait for the first build's line.
  while (!/Dev server at/.test(log)) {
    if (ended()) throw new Error(`the dev server exited:\n${log}`);
    await sleep(50);
  }
  const fullBuildMs = performance.now() - started;
  const builtPeakMb = peakRssMb();

  const browser = await launchBrowser();
  const context = await browser.newContext();
  await isolate(context);
  const page = await context.newPage();
  await page.goto(origin + target.route);
  await page.waitForFunction(() => document.documentElement.dataset.sgDevLive === 'true');
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  const original = readFileSync(target.file, 'utf8');

  /** Writes the page with `text` and resolves with ms from the write to the tab showing it. */
  const timeEdit = async (content: string, text: string) => {
    // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
    await page.evaluate(`window.__seen = new Promise((resolve) => {
      const root = document.getElementById('root');
      const mo = new MutationObserver(() => {
        if (root.textContent.includes(${JSON.stringify(text)})) {
          mo.disconnect();
          resolve(Date.now());
        }
      });
      mo.observe(root, { childList: true, subtree: true, characterData: true });
    }); undefined`); // not the promise itself, or evaluate would wait for the edit it precedes
    const t0 = Date.now();
    writeFileSync(target.file, content);
    const seenAt = await page.evaluate(() => (window as unknown as { __seen: Promise<number> }).__seen);
    return seenAt - t0;
  };

  const heading = /^# .*$/m;
  const latencies: number[] = [];
  for (let i = 1; i <= edits; i++) {
    const text = `Правка номер ${i} для замера.`;
    latencies.push(await timeEdit(original.replace(heading, (h) => `${h}\n\n${text}`), text));
    await sleep(250); // separate saves, not one coalesced batch
  }
  if (await page.evaluate(() => (window as unknown as { __marker?: number }).__marker) !== 1) throw new Error('the tab reloaded instead of updating in place');
  const label = 'Переименованная страница';
  const labelMs = await timeEdit(original.replace(/^title: .*$/m, `title: ${label}`), label);
  writeFileSync(target.file, original);
  await sleep(500);
  await browser.close();

  const serverLines = [...log.matchAll(/p0005\.md: 1 page updated in (\d+) ms/g)].map((m) => Number(m[1]));
  const ok = (v: number, budget: number) => (v <= budget ? 'within budget' : 'OVER BUDGET');
  console.log([
    `Dev server on ${pages} generated pages (${os.availableParallelism()} cores, scratch ${work} on ${scratch.kind}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`,
    `  floor: bare unified pipeline over ${floor.pages} pages, one thread: ${floor.ms} ms`,
    `  time to first page served (cold, no Markdown cache): ${Math.round(firstPageMs)} ms = ${ratio(firstPageMs)} — target ≤ 0.2 × floor, ${ok(firstPageMs, 0.2 * floor.ms)}; the whole site built after ${Math.round(fullBuildMs)} ms`,
    `  edit → new text in the open tab, no reload: median ${median(latencies)} ms over ${edits} edits (min ${Math.min(...latencies)}, max ${Math.max(...latencies)}) — target ≤ 100 ms; budget ${EDIT_BUDGET_MS} ms, ${ok(median(latencies), EDIT_BUDGET_MS)}`,
    serverLines.length ? `    of which the rebuild (server log): median ${median(serverLines)} ms` : '',
    `  title change (the pages that show the title change; the edited one first) → open tab updated: ${labelMs} ms = ${ratio(labelMs)} — target ≤ 0.15 × floor`,
    `  dev server peak RSS: ${builtPeakMb} MB when the site was built, ${peakRssMb()} MB after the edits`,
  ].filter(Boolean).join('\n'));
} finally {
  if (!ended()) dev.kill('SIGINT');
  await exited;
  if (!args.keep) rmSync(work, { recursive: true, force: true });
}
