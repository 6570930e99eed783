// Prints every problem the content lint finds in a docs folder:
//   npx tsx test/content/lint/cli.ts [docs-dir] [--label NAME]
// Exit code 1 when there are problems.
import path from 'node:path';
import { formatProblem, lintDocs } from './index.ts';

const args = process.argv.slice(2);
const labelAt = args.indexOf('--label');
const label = labelAt >= 0 ? args[labelAt + 1]! : 'docs';
const dir = path.resolve(args.find((a, k) => !a.startsWith('--') && (labelAt < 0 || k !== labelAt + 1)) ?? 'docs');
const result = lintDocs(dir, label);
let total = 0;
const counts = new Map<string, number>();
for (const problems of result.values()) {
  for (const p of problems) {
    console.log(formatProblem(p));
    total++;
    counts.set(p.check, (counts.get(p.check) ?? 0) + 1);
  }
}
const pagesWithProblems = [...result.values()].filter((p) => p.length > 0).length;
console.log(`\n${total} problems on ${pagesWithProblems} of ${result.size} pages (${[...counts].map(([k, n]) => `${k}: ${n}`).join(', ') || 'none'})`);
process.exitCode = total > 0 ? 1 : 0;
