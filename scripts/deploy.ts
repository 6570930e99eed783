// `npm run deploy -- <site dir>` — makes the built dist/ the live release of a site folder that
// nginx serves as `<site dir>/current` (build/deploy/releases.ts); `--rollback` makes the release
// before it live again.
// Options: scripts/commands.ts (`npm run deploy -- --help`); --reload's command runs after the
// Content-Security-Policy is written and before the switch.
import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_KEEP, deploy, rollback } from '../build/deploy/releases.ts';
import { formatError } from '../build/errors.ts';
import { describeFsError } from '../build/output/fs-errors.ts';
import { readCommand, usageFailure, wholeNumber } from './cli-args.ts';
import { DEPLOY } from './commands.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args, operands } = readCommand(DEPLOY);
if (operands.length !== 1) usageFailure(DEPLOY, operands.length ? `one site folder, not ${operands.length}: ${operands.join(' ')}` : 'give the site folder nginx serves, e.g. /srv/sgroups-docs');
const keep = wholeNumber(DEPLOY, 'keep', args.keep, DEFAULT_KEEP, { min: 1 });
const siteDir = path.resolve(operands[0]);
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
  // A refusal of the disk is one sentence; an input error ends with its fix line: the last words go on a line of their own then.
  console.error(refusal ? `Deploy failed: ${refusal} The live release is unchanged.` : `Deploy failed: ${formatError(e)}\nThe live release is unchanged.`);
  if (args.verbose && e instanceof Error) console.error(e.stack);
  process.exit(1);
}
