// `npm run check:links -- --external` — checks every external URL the docs link to (the build
// checks the site's own links offline, always). Options: --docs DIR, --concurrency N,
// --timeout MS, --retries N, --fresh (ignore the day-long cache). Exits 1 when a link is dead.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkExternalLinks, formatReport } from '../build/checks/external-links.ts';
import { readArgs } from './cli-args.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = readArgs({
  external: { type: 'boolean' },
  docs: { type: 'string' },
  'cache-dir': { type: 'string' },
  concurrency: { type: 'string' },
  timeout: { type: 'string' },
  retries: { type: 'string' },
  fresh: { type: 'boolean' },
});

if (!args.external) {
  console.error('The site\'s own links are checked by every build (npm run build). Add --external to check the links to other sites.');
  process.exit(2);
}
const number = (v: string | undefined, name: string, fallback: number) => {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} takes a whole number (got ${v})`);
    process.exit(2);
  }
  return n;
};

// No top-level await: scripts/launch.mjs runs each entry as a classic script (for V8's code cache).
async function main(): Promise<void> {
  const started = performance.now();
  const verdicts = await checkExternalLinks({
    docsDir: path.resolve(args.docs ?? path.join(projectRoot, 'docs')),
    root: process.cwd(),
    cacheDir: args.fresh ? null : path.resolve(args['cache-dir'] ?? path.join(projectRoot, '.cache')),
    concurrency: number(args.concurrency, 'concurrency', 8),
    timeoutMs: number(args.timeout, 'timeout', 10_000),
    retries: number(args.retries, 'retries', 2),
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
