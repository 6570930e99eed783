// `npm run write-heading-ids -- [files or folders] [--overwrite] [--check]`: writes each heading's
// id into its Markdown as `{#id}` (build/authoring/heading-ids.ts). Exit 0 when done — with
// --check, when every heading has an id; 1 when --check finds one without, or a page cannot be
// read or compiled (nothing is written then); 2 when the arguments are wrong.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeHeadingIds, type PageIds } from '../build/authoring/heading-ids.ts';
import { writeFileAtomic } from '../build/cache/atomic-write.ts';
import { formatError } from '../build/errors.ts';
import { pathInside } from '../build/file-tree.ts';
import { discoverContent } from '../build/model/content.ts';
import { routesOfFiles } from '../build/model/site.ts';
import { readCommand, usageFailure } from './cli-args.ts';
import { WRITE_HEADING_IDS } from './commands.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values, operands } = readCommand(WRITE_HEADING_IDS);
const docsDir = path.resolve(values.docs ?? path.join(projectRoot, 'docs'));
const pagesDir = path.resolve(values.pages ?? path.join(projectRoot, 'src/pages'));
if (!existsSync(docsDir)) usageFailure(WRITE_HEADING_IDS, `${docsDir} does not exist: give the docs folder with --docs DIR`);
const only = operands.map((p) => path.resolve(p));
const missing = only.find((p) => !existsSync(p));
if (missing) usageFailure(WRITE_HEADING_IDS, `${missing} does not exist`);

let results: PageIds[];
try {
  const sources = discoverContent({ projectRoot, docsDir, pagesDir: existsSync(pagesDir) ? pagesDir : null });
  const routeOfFile = routesOfFiles(sources);
  const chosen = sources.filter((s) => s.kind !== 'react-page' && (only.length === 0 || only.some((o) => s.absPath === o || pathInside(o, s.absPath) !== null)));
  if (chosen.length === 0) usageFailure(WRITE_HEADING_IDS, `no page is under ${operands.join(', ')} (fragments, whose names start with "_", are not pages: give their headings an id by hand)`);
  // Every page is worked out before any is written: a page that fails leaves all files as they were.
  results = chosen.map((page) => writeHeadingIds(page, routeOfFile, values.overwrite));
} catch (e) {
  console.error(`npm run write-heading-ids: ${formatError(e)}`);
  process.exit(1);
}

for (const r of results) {
  for (const line of r.fragmentLines) console.log(`${r.file}:${line}: the fragment included here has headings without an id; give them {#id} in the fragment if links point to them`);
}
const pending = results.filter((r) => r.written.length > 0);
const count = pending.reduce((n, r) => n + r.written.length, 0);
if (values.check) {
  for (const r of pending) for (const w of r.written) console.log(`${r.file}:${w.line}: ${w.heading} — ${w.had ? `{#${w.had}} would become {#${w.id}}` : `no {#id}; it is #${w.id} today`}`);
  if (count > 0) {
    console.log(`${count} heading${count === 1 ? '' : 's'} ${values.overwrite ? 'to rewrite' : 'without an id'}; npm run write-heading-ids${values.overwrite ? ' -- --overwrite' : ''} writes them`);
    process.exit(1);
  }
  console.log('Every heading has an id.');
} else {
  let files = 0;
  for (const r of pending) {
    writeFileAtomic(r.absPath, r.text);
    files++;
    console.log(`${r.file}: ${r.written.map((w) => `#${w.id}`).join(', ')}`);
  }
  console.log(count === 0 ? 'Every heading has an id already.' : `${count} id${count === 1 ? '' : 's'} written in ${files} file${files === 1 ? '' : 's'}.`);
}
