// `npm run bench -- --pages N` — builds a generated Russian corpus (../shared/bench/make-corpus.mjs)
// cold (empty cache), then again with nothing changed (the up-to-date check: no work), then after
// an edit of one page (the caches: only that page compiles), each in a fresh process as an author
// would run it, and prints pages/second, wall time, peak RSS and first-load bytes of a page.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readArgs } from './cli-args.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = path.join(root, '..', 'shared', 'bench');
const args = readArgs({ pages: { type: 'string' }, keep: { type: 'boolean' }, 'no-link-check': { type: 'boolean' } });
const pages = Number(args.pages ?? 1000);
const work = mkdtempSync(path.join(os.tmpdir(), `sg-bench-${pages}-`));
const corpus = path.join(work, 'docs');
const out = path.join(work, 'dist');
const cache = path.join(work, 'cache');

function sh(cmd: string, argv: string[]) {
  const r = spawnSync(cmd, argv, { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} failed:\n${r.stderr}`);
  return r.stdout;
}

interface Stats { totalMs: number; peakRssKb: number; pages: number; timings: Record<string, number>; firstLoad: { jsGzip: number; cssGzip: number }; upToDate?: boolean }

function buildOnce(label: string): Stats & { wallMs: number } {
  const statsFile = path.join(work, `${label}.json`);
  const started = performance.now();
  sh(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--docs', corpus, '--out', out, '--cache-dir', cache, '--stats-json', statsFile, '--quiet',
    ...(args['no-link-check'] ? ['--no-link-check'] : [])]);
  const wallMs = performance.now() - started;
  return { ...(JSON.parse(readFileSync(statsFile, 'utf8')) as Stats), wallMs };
}

sh(process.execPath, [path.join(shared, 'make-corpus.mjs'), corpus, String(pages)]);
const cold = buildOnce('cold');
const noop = buildOnce('noop');
// An author's edit: one more paragraph at the end of one page.
appendFileSync(path.join(corpus, 's00', 'p0001.md'), '\nЕщё один абзац о правилах группы безопасности.\n');
const edit = buildOnce('edit');
const weight = sh(process.execPath, [path.join(shared, 'page-weight.mjs'), out, 's00/p0001/index.html']);

const row = (name: string, s: Stats & { wallMs: number }) =>
  `${name.padEnd(26)} ${String(Math.round(s.wallMs)).padStart(6)} ms wall (build ${Math.round(s.totalMs)} ms)  ${(s.pages / (s.wallMs / 1000)).toFixed(0).padStart(5)} pages/s  peak RSS ${Math.round(s.peakRssKb / 1024)} MB\n`
  + `${' '.repeat(27)}stages: ${Object.entries(s.timings).map(([k, v]) => `${k} ${v}`).join(', ')}`;
console.log(`Benchmark: ${pages} generated pages (${os.availableParallelism()} cores)`);
console.log(row('cold (empty cache)', cold));
console.log(row('warm, nothing changed', noop));
console.log(row('warm, one page edited', edit));
console.log(`first-load JS ${(cold.firstLoad.jsGzip / 1024).toFixed(1)} KB gzip, CSS ${(cold.firstLoad.cssGzip / 1024).toFixed(1)} KB gzip`);
console.log(`one page, first visit (shared/bench/page-weight.mjs):\n${weight.trim()}`);
if (!args.keep) rmSync(work, { recursive: true, force: true });
else console.log(`kept ${work}`);
