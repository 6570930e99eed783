// `npm run deploy -- <site dir>` — makes the built dist/ the live release of a site folder that
// nginx serves as `<site dir>/current` (build/deploy/releases.ts); `--rollback` makes the release
// before it live again.
// Options: --dist DIR (default dist/), --keep N (releases kept, default 5), --reload "CMD" (run after
// the Content-Security-Policy is written and before the switch, e.g. "nginx -s reload"), --verbose.
import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_KEEP, deploy, rollback } from '../build/deploy/releases.ts';
import { formatError } from '../build/errors.ts';
import { describeFsError } from '../build/output/fs-errors.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    dist: { type: 'string' },
    keep: { type: 'string' },
    rollback: { type: 'boolean' },
    reload: { type: 'string' },
    verbose: { type: 'boolean' },
  },
});

const usage = 'usage: npm run deploy -- <site dir> [--dist DIR] [--keep N] [--reload "nginx -s reload"] | <site dir> --rollback';
if (positionals.length !== 1) {
  console.error(usage);
  process.exit(2);
}
const keep = args.keep === undefined ? DEFAULT_KEEP : Number(args.keep);
if (!Number.isInteger(keep) || keep < 1) {
  console.error(`--keep takes a whole number of releases, 1 or more (got ${args.keep})\n${usage}`);
  process.exit(2);
}
const siteDir = path.resolve(positionals[0]);
const reload = args.reload ? () => void execSync(args.reload!, { stdio: 'inherit' }) : undefined;

try {
  if (args.rollback) {
    const { from, to } = rollback(siteDir, { reload });
    console.log(`Rolled back: ${path.join(siteDir, 'current')} → releases/${to} (was ${from})`);
  } else {
    const dist = path.resolve(args.dist ?? path.join(projectRoot, 'dist'));
    const r = deploy(dist, siteDir, { keep, reload });
    console.log(`Deployed ${r.copied ? 'new release' : 'release'} ${r.id}: ${path.join(siteDir, 'current')} → releases/${r.id}`
      + `; kept ${r.kept.length}${r.removed.length ? `, removed ${r.removed.join(', ')}` : ''}`);
  }
  if (!reload) console.log('Reload nginx when the policy changed (the first deploy, or a new inline script): nginx -t && nginx -s reload');
} catch (e) {
  const refusal = describeFsError(e, siteDir);
  console.error(`Deploy failed: ${refusal ?? formatError(e)} The live release is unchanged.`);
  if (args.verbose && e instanceof Error) console.error(e.stack);
  process.exit(1);
}
