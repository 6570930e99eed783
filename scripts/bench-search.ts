// `npm run bench:search` — the search on generated corpora (../shared/bench/make-corpus.mjs):
// index build time (the build's `search` stage), gzip bytes a first query downloads through the
// real dialog (its code chunk, the manifest, the shards, the fragments of the results shown),
// and the engine's query latency in Chromium once those chunks are loaded.
// Options: --pages 1000,10000 (default), --keep (leave the corpora and builds in the temp dir).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { createPreviewServer, listen } from '../build/serve/server.ts';
import { CHROMIUM_FLAGS } from '../test/helpers/browser.ts';
import { readArgs } from './cli-args.ts';
import { BENCH_SEARCH } from './commands.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = readArgs(BENCH_SEARCH);
const sizes = (args.pages ?? '1000,10000').split(',').map(Number);
const work = path.join(os.tmpdir(), 'sg-bench-search');
const BUDGET_BYTES = 150 * 1024;
const BUDGET_MS = 50;
/** Queries typed into the dialog: inflected Russian, a prefix, technical names from the corpus. */
const QUERIES = ['группа безопасности', 'правилами', 'синхронизации конфигурации', 'sgroups_groups', '/v2/sync', 'гр', 'default_action', 'конфигурацыя'];

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function run(cmd: string, argv: string[], env: NodeJS.ProcessEnv = {}): string {
  const r = spawnSync(cmd, argv, { cwd: root, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** gzip bytes of a file of the build (its .gz when the build wrote one). */
function gzipBytes(out: string, urlPath: string): number {
  const file = path.join(out, decodeURIComponent(urlPath));
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  const raw = readFileSync(file);
  return Math.min(raw.length, gzipSync(raw, { level: 9 }).length);
}

const isSearchAsset = (p: string) => p.startsWith('/search/') || p.startsWith('/assets/search/') || /\/chunks\/(SearchDialog|chunk)\./.test(p);

async function firstQueryBytes(page: Page, origin: string, out: string, query: string) {
  const requested: string[] = [];
  await page.goto(`${origin}/`);
  await page.waitForSelector('html[data-hydrated]');
  const before = new Set<string>();
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (r.url().startsWith(origin) && !before.has(p)) requested.push(p);
  });
  // What the page already loaded before the dialog (shared chunks) is not the search's cost.
  for (const e of await page.evaluate(() => performance.getEntriesByType('resource').map((x) => new URL(x.name).pathname))) before.add(e);
  const started = Date.now();
  await page.keyboard.press('Control+k');
  await page.locator('[role=dialog] input').fill(query);
  await page.locator('[role=option]').first().waitFor();
  const uiMs = Date.now() - started;
  await page.waitForLoadState('networkidle');
  const files = requested.filter(isSearchAsset);
  const bytes = files.reduce((s, f) => s + gzipBytes(out, f), 0);
  const code = files.filter((f) => f.startsWith('/assets/chunks/')).reduce((s, f) => s + gzipBytes(out, f), 0);
  return { bytes, code, files: files.length, uiMs };
}

interface Latency { query: string; hits: number; firstMs: number; medianMs: number; maxMs: number }

/** The engine's time per query (search + the 8 results shown), first with loading, then warm. */
async function latency(page: Page, origin: string, engineUrl: string): Promise<Latency[]> {
  await page.goto(`${origin}/robots.txt`);
  // A string, not a function: tsx would wrap a function's inner helpers in its `__name`.
  return page.evaluate(`(async () => {
    const { SearchEngine } = await import(${JSON.stringify(engineUrl)});
    const out = [];
    for (const query of ${JSON.stringify(QUERIES)}) {
      const e = new SearchEngine('/');
      const once = async () => {
        const t = performance.now();
        const r = await e.search(query);
        await Promise.all(r.hits.slice(0, 8).map((h) => e.describe(r, h)));
        return { ms: performance.now() - t, hits: r.hits.length };
      };
      const first = await once();
      const times = [];
      for (let i = 0; i < 15; i++) times.push((await once()).ms);
      times.sort((a, b) => a - b);
      out.push({ query, hits: first.hits, firstMs: first.ms, medianMs: times[7], maxMs: times[times.length - 1] });
    }
    return out;
  })()`);
}

mkdirSync(work, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS, headless: true });
const report: string[] = [];
try {
  for (const n of sizes) {
    const corpus = path.join(work, `corpus-${n}`);
    const out = path.join(work, `site-${n}`);
    console.log(`› ${n} pages: generating the corpus`);
    run(process.execPath, [path.join(root, '..', 'shared', 'bench', 'make-corpus.mjs'), corpus, String(n)]);
    console.log(`› ${n} pages: building (this takes minutes for 10 000 pages)`);
    const t = Date.now();
    // The default 4 GB heap is not enough for 10 000 pages in one build process.
    const log = run('npx', ['tsx', 'scripts/build.ts', '--docs', corpus, '--out', out, '--no-link-check', '--no-cache'], { NODE_OPTIONS: '--max-old-space-size=12288' });
    const buildMs = Date.now() - t;
    const searchMs = Number(/search (\d+) ms/.exec(log)?.[1] ?? NaN);
    const manifest = JSON.parse(readFileSync(path.join(out, 'search', 'manifest.json'), 'utf8')) as { pages: number; shards: unknown[] };

    // The engine alone, for its latency (the dialog bundles the same module).
    await esbuild.build({ entryPoints: [path.join(root, 'src/client/search/engine.ts')], bundle: true, format: 'esm', minify: true, outfile: path.join(out, '__bench', 'engine.js'), logLevel: 'silent' });
    const server = createPreviewServer(out);
    const origin = `http://127.0.0.1:${await listen(server, 0)}`;
    try {
      const firsts = [];
      for (const q of QUERIES) {
        const context = await browser.newContext();
        await context.route('**/*', (r) => (new URL(r.request().url()).hostname === '127.0.0.1' ? r.fallback() : r.abort('blockedbyclient')));
        firsts.push({ q, ...(await firstQueryBytes(await context.newPage(), origin, out, q)) });
        await context.close();
      }
      const context = await browser.newContext({ bypassCSP: true });
      const lat = await latency(await context.newPage(), origin, '/__bench/engine.js');
      await context.close();

      const worstBytes = Math.max(...firsts.map((f) => f.bytes));
      const worstMs = Math.max(...lat.map((l) => l.medianMs));
      report.push(
        `${n} pages (${manifest.pages} indexed, ${manifest.shards.length} shards): build ${(buildMs / 1000).toFixed(1)} s, search index stage ${(searchMs / 1000).toFixed(1)} s`,
        ...firsts.map((f, i) => `  «${f.q}»: first query ${kb(f.bytes)} gzip in ${f.files} files (code ${kb(f.code)}), dialog ready with results in ${f.uiMs} ms; `
          + `engine ${lat[i].hits} hits, first ${lat[i].firstMs.toFixed(1)} ms, then median ${lat[i].medianMs.toFixed(1)} ms, max ${lat[i].maxMs.toFixed(1)} ms`),
        `  worst first-query download ${kb(worstBytes)} (budget ${kb(BUDGET_BYTES)}) ${worstBytes <= BUDGET_BYTES ? 'OK' : 'OVER'}; `
          + `worst median latency ${worstMs.toFixed(1)} ms (budget ${BUDGET_MS} ms) ${worstMs <= BUDGET_MS ? 'OK' : 'OVER'}`,
      );
      console.log(report.slice(-QUERIES.length - 2).join('\n'));
    } finally {
      server.close();
    }
    if (!args.keep) rmSync(out, { recursive: true, force: true });
  }
} finally {
  await browser.close();
  if (!args.keep) rmSync(work, { recursive: true, force: true });
}
console.log(`\nSearch benchmark\n${report.join('\n')}`);
