// What issue 21's outputs cost, for `npm run bench`: `tsx scripts/bench-outputs.ts DOCS_DIR`
// prints JSON with
// - the pages' compile, single-threaded, in memory, after one warm-up page (compileMs), and the
//   part of it spent on each page's plain Markdown, the source of its `.md` file and of
//   llms-full.txt (markdownMs: the source copied with its edits, build/output/page-markdown.ts);
// - one read of the last-updated dates (gitMs, the median of three `git log` passes,
//   build/model/last-updated.ts) and how many files got a date.
import path from 'node:path';
import { compileMarkdown, markdownOutputTime } from '../build/markdown/compile.ts';
import { listFiles, readSourcePage, sourceKindOf } from '../build/model/content.ts';
import { readGitDates } from '../build/model/last-updated.ts';
import { routesOfFiles } from '../build/model/site.ts';

const docs = path.resolve(process.argv[2] ?? '');
const sources = listFiles(docs).filter((rel) => sourceKindOf(rel, 'docs') === 'doc').sort()
  .map((rel) => readSourcePage('doc', docs, docs, rel));
const routeOfFile = routesOfFiles(sources);
const compile = (i: number) => compileMarkdown({ file: sources[i].file, absPath: sources[i].absPath, body: sources[i].body, lineOffset: sources[i].bodyLineOffset }, routeOfFile);
compile(0); // warm-up
const markdownBefore = markdownOutputTime();
const started = performance.now();
for (let i = 0; i < sources.length; i++) compile(i);
const compileMs = performance.now() - started;
const markdownMs = markdownOutputTime() - markdownBefore;

const runs: number[] = [];
let dated = 0;
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  dated = readGitDates(docs).dates.size;
  runs.push(performance.now() - t);
}
const gitMs = runs.sort((a, b) => a - b)[1];
console.log(JSON.stringify({ pages: sources.length, compileMs: Math.round(compileMs), markdownMs: Math.round(markdownMs), gitMs: Math.round(gitMs), dated }));
