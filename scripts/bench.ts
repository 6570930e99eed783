// `npm run bench` — the rows of issue 17's table, each as a ratio to the floor measured in the
// same run (scripts/bench-floor.ts: the bare unified pipeline over the same pages), because the
// machines here vary 2–3× from day to day and within minutes: a cold row is against the floors
// measured just before and after it, the incremental rows against the last of those. Rows: cold builds of generated corpora
// (../shared/bench/make-corpus.mjs) of 1000, 3000 and 10 000 pages (the smallest built three
// times, its row the median); then, on the smallest corpus,
// a build with nothing changed, after one page's text edit and after one page's title edit, and
// what issue 21's outputs (page Markdown, llms, last-updated dates) cost; the edit rows are the
// median of five edits of different pages. Every build runs in a fresh child process as an author
// would run it; peak RSS is the child's own.
// Last, this site with and without its user guide PDF. After the first floor, the floor runs on
// every core at once, to show how much the cores together add on this machine.
// Options: --pages 1000,3000 (the cold corpora), --quick (1000 pages only), --site-only (only this
// site's rows), --scratch DIR (where corpora and builds go: scripts/bench-scratch.ts), --keep,
// --no-link-check.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readArgs } from './cli-args.ts';
import { BENCH } from './commands.ts';
import { benchScratch } from './bench-scratch.ts';
import { engineEnv } from './engine-env.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = path.join(root, '..', 'shared', 'bench');
const args = readArgs(BENCH);
const sizes = (args.quick ? '1000' : (args.pages ?? '1000,3000,10000')).split(',').map(Number).filter((n) => n > 0).sort((a, b) => a - b);
/** Cold builds of the smallest corpus, each into fresh folders (the cold rows, below, say why). */
const COLD_RUNS = 3;
// Room for the smallest corpus's COLD_RUNS outputs (the last one is edited in place) and one of each other.
const scratch = benchScratch('sg-bench-', sizes.reduce((n, size) => n + size * (size === sizes[0] ? COLD_RUNS : 1), 0), args.scratch);
const work = scratch.dir;

// Builds run as `npm run build` runs them (its variables: scripts/engine-env.ts), and so does the
// floor, so that a ratio compares the work alone.
const buildEnv = engineEnv('build');

/** The middle one of an odd number of runs, by `ms`. */
function medianOf<T>(runs: T[], ms: (run: T) => number): T {
  return [...runs].sort((a, b) => ms(a) - ms(b))[Math.floor(runs.length / 2)];
}

function sh(cmd: string, argv: string[]) {
  const r = spawnSync(cmd, argv, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26, env: buildEnv });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} failed:\n${r.stderr}`);
  return r.stdout;
}

interface Stats { totalMs: number; peakRssKb: number; cpuMs?: { user: number; system: number }; pages: number; timings: Record<string, number>; firstLoad: { jsGzip: number; cssGzip: number }; upToDate?: boolean; wallMs: number }

function corpus(pages: number): string {
  const dir = path.join(work, `docs-${pages}`);
  sh(process.execPath, [path.join(shared, 'make-corpus.mjs'), dir, String(pages)]);
  return dir;
}

// The launcher bundles the engine once per version of its sources (scripts/launch.mjs): done
// here, before any timed build, so that the first row does not pay for it.
sh(process.execPath, ['scripts/launch.mjs', 'scripts/build.ts', '--prepare-only']);

/** One build of `docs` into `${docs}-dist` with `${docs}-cache` (`${docs}-dist-${folders}` and its cache when named). */
function buildOnce(docs: string, label: string, extra: string[] = [], folders = ''): Stats {
  const statsFile = path.join(work, `${label}.json`);
  const started = performance.now();
  const suffix = folders && `-${folders}`;
  sh(process.execPath, ['scripts/launch.mjs', 'scripts/build.ts', '--docs', docs, '--out', `${docs}-dist${suffix}`, '--cache-dir', `${docs}-cache${suffix}`, '--stats-json', statsFile, '--quiet',
    ...(args['no-link-check'] ? ['--no-link-check'] : []), ...extra]);
  const wallMs = performance.now() - started;
  return { ...(JSON.parse(readFileSync(statsFile, 'utf8')) as Omit<Stats, 'wallMs'>), wallMs };
}

if (!args['site-only']) {
// The corpus rows measure the HTML engine; the user guide PDF of a generated corpus (a 1000-page
// book) would add its own minutes. It is measured on this site in the rows at the end.
// Its pages link to the guide, so the corpus builds get a static folder with a stand-in file there.
const corpusStatic = path.join(work, 'corpus-static');
cpSync(path.join(root, 'static'), corpusStatic, { recursive: true });
mkdirSync(path.join(corpusStatic, 'files'), { recursive: true });
writeFileSync(path.join(corpusStatic, 'files', 'documentation.pdf'), '%PDF-1.4 stand-in for the benchmark\n');
const corpusBuild = (docs: string, label: string, folders = '') => buildOnce(docs, label, ['--no-user-guide', '--static', corpusStatic], folders);
const docs = new Map(sizes.map((n) => [n, corpus(n)]));
const smallest = docs.get(sizes[0])!;
const measureFloor = () => JSON.parse(sh(process.execPath, ['--import', 'tsx', 'scripts/bench-floor.ts', smallest])) as { ms: number; pages: number; cpuMs: number };
let floor = measureFloor();
console.log(`Benchmark (${os.availableParallelism()} cores; scratch ${work}, ${scratch.kind}). Floor: bare unified pipeline over ${floor.pages} pages, one thread: ${floor.ms} ms (${(floor.ms / floor.pages).toFixed(2)} ms/page), CPU ${(floor.cpuMs / 1000).toFixed(1)} s with V8's helper threads`);
const floorFor = (pages: number) => (floor.ms / floor.pages) * pages;

/**
 * The floor on every core at once, in separate processes: how much more work the machine does
 * with all its cores busy than with one. A build spreads its work over the cores, so its ratio to
 * the one-thread floor depends on this: on a VM whose vCPUs share physical cores it is far below
 * the number of cores (measured here: two floors at once took ~1.7 × as long as one).
 */
async function allCoresAtOnce(): Promise<{ each: number[]; throughput: number }> {
  const cores = os.availableParallelism();
  const one = () => new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-floor.ts', smallest], { cwd: root, env: buildEnv, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve((JSON.parse(out) as { ms: number }).ms) : reject(new Error(`the floor failed (exit ${code})`))));
  });
  const each = await Promise.all(Array.from({ length: cores }, one));
  return { each, throughput: (cores * floor.ms) / Math.max(...each) };
}
const parallel = await allCoresAtOnce();
console.log(`The floor on all ${parallel.each.length} cores at once (one process each): ${parallel.each.join(', ')} ms, so all cores do ${parallel.throughput.toFixed(2)} × the work of one`);
const cold1000 = { wallMs: 0, pages: 0, llmsMs: 0 };

function row(name: string, s: Stats, target: string, relativeTo = sizes[0]) {
  const ratio = s.wallMs / floorFor(relativeTo);
  console.log(`${name.padEnd(30)} ${String(Math.round(s.wallMs)).padStart(7)} ms  ${ratio.toFixed(2).padStart(5)} × floor(${relativeTo})  ${(s.pages / (s.wallMs / 1000)).toFixed(0).padStart(5)} pages/s  peak RSS ${String(Math.round(s.peakRssKb / 1024)).padStart(5)} MB   target: ${target}`);
  console.log(`${' '.repeat(31)}stages: ${Object.entries(s.timings).map(([k, v]) => `${k} ${v}`).join(', ')}`);
}

/**
 * The CPU time a build took, all its threads together (its esbuild child not counted), against the
 * floor's for as many pages: where the wall-clock ratio is above the CPU ratio divided by what all
 * cores give (the line above the rows), the build waited; where it is at or below, it was bound by
 * the CPU. System time shows the file system: files made soon after many were deleted took ext4
 * here ~3–4 × the system time (it looks past recently freed inodes), so runs start in fresh folders.
 */
function cpuLine(s: Stats, pages: number) {
  if (!s.cpuMs) return;
  const total = s.cpuMs.user + s.cpuMs.system;
  const ofFloor = total / ((floor.cpuMs / floor.pages) * pages);
  console.log(`${' '.repeat(31)}CPU: ${(total / 1000).toFixed(1)} s (user ${(s.cpuMs.user / 1000).toFixed(1)}, system ${(s.cpuMs.system / 1000).toFixed(1)}) = ${ofFloor.toFixed(2)} × the floor's CPU for as many pages`);
}

const targets: Record<number, (s: Stats) => string> = {
  1000: () => '≤ 1.2 × floor, ≤ 450 MB',
  3000: (s) => `≤ 3.1 × the 1000-page time, ≤ 600 MB (here ${cold1000.wallMs ? (s.wallMs / cold1000.wallMs).toFixed(2) : '?'} ×)`,
  10000: (s) => `≤ 1 GB, per page ≤ 1.3 × that at 1000 (here ${cold1000.pages ? ((s.wallMs / s.pages) / (cold1000.wallMs / cold1000.pages)).toFixed(2) : '?'} ×)`,
};
// The machine's speed drifts within minutes (one run's floor took 8.5 s before the cold rows and
// 13.7 s after them): each cold build is against the mean of the floors measured just before and
// just after it, and prints both; the floor after one build is the floor before the next. The
// smallest corpus is built cold COLD_RUNS times, each into fresh folders, and its row is the
// build with the median ratio: the same build of 1000 pages took 11.1 s, then 13.8 s, minutes
// apart, so one build says as much about the minute as about the engine. The last of them leaves
// the output and cache the incremental rows start from.
let floorBefore = measureFloor();
for (const n of sizes) {
  const runs = n === sizes[0] ? COLD_RUNS : 1;
  const measured: { s: Stats; floor: typeof floor; before: number; after: number; ratio: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const s = corpusBuild(docs.get(n)!, `cold-${n}-${i}`, i < runs - 1 ? `cold-${i}` : '');
    const floorAfter = measureFloor();
    const around = { ms: Math.round((floorBefore.ms + floorAfter.ms) / 2), pages: floorAfter.pages, cpuMs: Math.round((floorBefore.cpuMs + floorAfter.cpuMs) / 2) };
    measured.push({ s, floor: around, before: floorBefore.ms, after: floorAfter.ms, ratio: s.wallMs / ((around.ms / around.pages) * n) });
    floorBefore = floorAfter;
  }
  const median = medianOf(measured, (m) => m.ratio);
  const { s } = median;
  floor = median.floor;
  if (n === 1000) Object.assign(cold1000, { wallMs: s.wallMs, pages: s.pages, llmsMs: s.timings.llms ?? 0 });
  if (runs > 1) console.log(`${' '.repeat(31)}${runs} cold builds: ${measured.map((m) => `${Math.round(m.s.wallMs)} ms = ${m.ratio.toFixed(2)} × (floors ${m.before}/${m.after} ms)`).join('; ')}; the row is the median`);
  else console.log(`${' '.repeat(31)}floor just before and after this row: ${median.before} and ${median.after} ms; the row is against their mean`);
  row(`cold, ${n} pages`, s, (targets[n] ?? (() => '-'))(s), n);
  cpuLine(s, n);
}
// The incremental rows are against the floor measured after the last cold row.
floor = floorBefore;
console.log(`Floor after the cold rows: ${floor.ms} ms (${(floor.ms / floor.pages).toFixed(2)} ms/page); the rows below are against it`);
row(`${sizes[0]} pages, nothing changed`, corpusBuild(smallest, 'noop'), 'hold (0.11 × floor)');
// The edit rows build EDITS times, each after an edit of another page, and give the median (with
// the range): on these machines one build can take 1.5 × the next, so that a single build says
// more about the minute it ran in than about the build.
const EDITS = 5;
const pagesOfSmallest = readdirSync(smallest, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).sort();
const spread = (i: number, offset: number) => path.join(smallest, pagesOfSmallest[(offset + i * Math.floor(pagesOfSmallest.length / EDITS)) % pagesOfSmallest.length]);
function editRow(name: string, label: string, edit: (i: number) => void, target: string): Stats {
  const runs: Stats[] = [];
  for (let i = 0; i < EDITS; i++) {
    edit(i);
    runs.push(corpusBuild(smallest, `${label}-${i}`));
  }
  const walls = runs.map((r) => r.wallMs);
  const median = medianOf(runs, (r) => r.wallMs);
  row(name, median, `${target} (median of ${EDITS} edits, ${Math.round(Math.min(...walls))}–${Math.round(Math.max(...walls))} ms)`);
  return median;
}
// An author's edit: one more paragraph at the end of a page.
editRow(`${sizes[0]} pages, one text edit`, 'text', (i) => appendFileSync(spread(i, 1), '\nЕщё один абзац о правилах группы безопасности.\n'), '≤ 0.15 × floor');
// A title edit: every sidebar that lists the page changes.
const title = editRow(`${sizes[0]} pages, one title edit`, 'title', (i) => {
  const titled = spread(i, 2);
  writeFileSync(titled, readFileSync(titled, 'utf8').replace(/^title: .*$/m, `title: Страница с новым названием ${i + 1}`));
}, '≤ 0.3 × floor');
console.log(`first-load JS ${(title.firstLoad.jsGzip / 1024).toFixed(1)} KB gzip, CSS ${(title.firstLoad.cssGzip / 1024).toFixed(1)} KB gzip (target ≤ 80 KB JS)`);

// What issue 21's outputs cost: the pages' plain Markdown (their .md files and llms-full.txt) as a
// share of the compile, the llms stage, and the last-updated dates read from git history. The
// corpus is not a git repository: a copy of it gets a history of 100 commits (one per section,
// then 60 that each edit five pages), with committer dates a day apart.
{
  const gitDocs = path.join(work, 'docs-git');
  cpSync(smallest, gitDocs, { recursive: true });
  const run = (argv: string[], day = 0) => {
    const date = new Date(Date.UTC(2024, 0, 1) + day * 86_400_000).toISOString();
    const r = spawnSync('git', argv, { cwd: gitDocs, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date, GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@invalid', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@invalid' } });
    if (r.status !== 0) throw new Error(`git ${argv.join(' ')}: ${r.stderr}`);
  };
  run(['init', '-q']);
  const sections = readdirSync(gitDocs).filter((d) => d !== '.git').sort();
  sections.forEach((section, day) => {
    run(['add', section]);
    run(['commit', '-q', '-m', `add ${section}`], day);
  });
  const pages = sections.flatMap((section) => readdirSync(path.join(gitDocs, section)).sort().map((f) => path.join(section, f)));
  for (let c = 0; c < 60; c++) {
    for (let k = 0; k < 5; k++) appendFileSync(path.join(gitDocs, pages[(c * 37 + k * 211) % pages.length]), `\nПравка ${c}.${k}.\n`);
    run(['commit', '-q', '-a', '-m', `edit ${c}`], sections.length + c);
  }
  const costs = JSON.parse(sh(process.execPath, ['--import', 'tsx', 'scripts/bench-outputs.ts', gitDocs])) as { pages: number; compileMs: number; markdownMs: number; gitMs: number; dated: number };
  const share = (c: typeof costs) => `${c.markdownMs} ms of a ${c.compileMs} ms single-thread compile (${Math.round((100 * c.markdownMs) / c.compileMs)} %)`;
  console.log(`${costs.pages} pages, issue 21 outputs: page Markdown (.md files, llms-full.txt) ${share(costs)}; llms stage of the cold build ${cold1000.llmsMs} ms`);
  console.log(`${' '.repeat(31)}last updated: one git log, ${costs.dated} files dated from 100 commits, ${costs.gitMs} ms (target ≤ 1000 ms)`);
  const site = JSON.parse(sh(process.execPath, ['--import', 'tsx', 'scripts/bench-outputs.ts', path.join(root, 'docs')])) as typeof costs;
  console.log(`this site, issue 21 outputs:    page Markdown ${share(site)}; last updated: ${site.dated} files dated, ${site.gitMs} ms (target ≤ 200 ms)`);
}

}

// This site and its user guide PDF (issue 20): what the guide adds to a cold build (the same
// build without it), and what it costs when the docs did not change (the cached PDF is copied).
const SITE_PAIRS = 3;
{
  const siteDocs = path.join(work, 'site-docs');
  const siteStatic = path.join(work, 'site-static');
  cpSync(path.join(root, 'docs'), siteDocs, { recursive: true });
  cpSync(path.join(root, 'static'), siteStatic, { recursive: true });
  const site = (label: string, extra: string[] = []) => buildOnce(siteDocs, label, ['--static', siteStatic, ...extra]);
  // Without the guide its links have no target: both cold builds skip the link check to compare.
  // Three pairs, alternating, and the median of each kind: a single pair swung by a second on
  // this machine (and the first build with the guide also pays for loading pdfkit from disk).
  const cold = (label: string, extra: string[]) => {
    rmSync(`${siteDocs}-cache`, { recursive: true, force: true });
    return site(label, ['--no-link-check', ...extra]);
  };
  const bareRuns: number[] = [];
  const guideRuns: number[] = [];
  let pages = 0;
  for (let i = 0; i < SITE_PAIRS; i++) {
    bareRuns.push(cold('site-cold-no-guide', ['--no-user-guide']).wallMs);
    const withGuide = cold('site-cold', []);
    guideRuns.push(withGuide.wallMs);
    pages = withGuide.pages;
  }
  const [bare, withGuide] = [medianOf(bareRuns, (ms) => ms), medianOf(guideRuns, (ms) => ms)];
  const pdf = statSync(path.join(`${siteDocs}-dist`, 'files', 'documentation.pdf')).size;
  console.log(`this site, cold, ${pages} pages       ${String(Math.round(withGuide)).padStart(7)} ms; without the guide ${Math.round(bare)} ms: the guide adds ${Math.round(withGuide - bare)} ms (target ≤ 3000 ms; medians of ${SITE_PAIRS} builds each), ${(pdf / 1048576).toFixed(2)} MB (target ≤ 3 MB)`);
  site('site-cold-checked'); // the rows below are incremental builds of a full (checked) build
  writeFileSync(path.join(siteStatic, 'bench-extra.txt'), 'a static file changed, the docs did not\n');
  const staticOnly = site('site-static-edit');
  console.log(`this site, static file changed  ${String(Math.round(staticOnly.wallMs)).padStart(7)} ms; guide stage ${staticOnly.timings.pdf ?? 0} ms (cached copy; target 0 s added)`);
  const page = path.join(siteDocs, 'info', 'introduction.md');
  appendFileSync(page, '\nЕщё один абзац для замера.\n');
  const textEdit = site('site-text-edit');
  console.log(`this site, one text edit        ${String(Math.round(textEdit.wallMs)).padStart(7)} ms; guide rendered again, waited for ${textEdit.timings.pdf ?? 0} ms after the HTML`);
}
if (!args.keep) rmSync(work, { recursive: true, force: true });
else console.log(`kept ${work}`);
