// The floor every benchmark row is divided by: the bare pipeline of the design card
// (remark-parse → remark-gfm → remark-rehype → rehype-prism-plus → rehype-stringify) over the same
// corpus pages, front matter stripped, single-threaded, in memory, after one warm-up page. The
// machines here vary by 2–3× from day to day, so only ratios to this, measured in the same run,
// are comparable. Prints {"ms": N, "pages": N, "bytes": N, "cpuMs": N} as JSON (cpuMs: the CPU time of
// the whole process meanwhile, V8's helper threads included): `tsx scripts/bench-floor.ts DOCS_DIR`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import rehypePrism from 'rehype-prism-plus';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

const dir = path.resolve(process.argv[2] ?? '');
const bodies = readdirSync(dir, { recursive: true, encoding: 'utf8' })
  .filter((rel) => /\.mdx?$/.test(rel))
  .sort()
  .map((rel) => readFileSync(path.join(dir, rel), 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, ''));
const pipeline = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypePrism, { ignoreMissing: true }).use(rehypeStringify);
if (bodies.length > 0) String(pipeline.processSync(bodies[0])); // warm-up
const started = performance.now();
const cpuBefore = process.cpuUsage();
let bytes = 0;
for (const body of bodies) bytes += String(pipeline.processSync(body)).length;
const cpu = process.cpuUsage(cpuBefore);
console.log(JSON.stringify({ ms: Math.round(performance.now() - started), pages: bodies.length, bytes, cpuMs: Math.round((cpu.user + cpu.system) / 1000) }));
