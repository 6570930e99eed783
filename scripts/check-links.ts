// `npm run check:links -- --external` — checks every external URL the docs link to (the build
// checks the site's own links offline, always). Exits 1 when a link is dead.
// Options: scripts/commands.ts (`npm run check:links -- --help`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkExternalLinks, formatReport } from '../build/checks/external-links.ts';
import { readArgs, wholeNumber } from './cli-args.ts';
import { CHECK_LINKS } from './commands.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = readArgs(CHECK_LINKS);

if (!args.external) {
  console.error('The site\'s own links are checked by every build (npm run build). Add --external to check the links to other sites.');
  process.exit(2);
}

// No top-level await: scripts/launch.mjs runs each entry as a classic script (for V8's code cache).
async function main(): Promise<void> {
  const started = performance.now();
  const verdicts = await checkExternalLinks({
    docsDir: path.resolve(args.docs ?? path.join(projectRoot, 'docs')),
    root: process.cwd(),
    cacheDir: args.fresh ? null : path.resolve(args['cache-dir'] ?? path.join(projectRoot, '.cache')),
    concurrency: wholeNumber(CHECK_LINKS, 'concurrency', args.concurrency, 8, { min: 1 }),
    timeoutMs: wholeNumber(CHECK_LINKS, 'timeout', args.timeout, 10_000, { min: 1 }),
    retries: wholeNumber(CHECK_LINKS, 'retries', args.retries, 2),
  });
  const dead = verdicts.filter((v) => !v.ok);
  const asked = verdicts.filter((v) => !v.cached).length;
  console.log(`${verdicts.length} external URLs: ${asked} checked, ${verdicts.length - asked} from the cache (a day), ${dead.length} dead, in ${Math.round(performance.now() - started)} ms`);
  if (dead.length > 0) {
    console.log(`\n${formatReport(verdicts)}`);
    process.exit(1);
  }
}

void main();
