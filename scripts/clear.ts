// `npm run clear` — removes the caches (.cache/) and the dev server's output (.dev/), so that the
// next build starts from nothing. Options: scripts/commands.ts (`npm run clear -- --help`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clearCaches } from '../build/cache/clear.ts';
import { formatError } from '../build/errors.ts';
import { readArgs } from './cli-args.ts';
import { CLEAR } from './commands.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = readArgs(CLEAR);
try {
  const cleared = clearCaches(path.resolve(args['cache-dir'] ?? path.join(projectRoot, '.cache')), path.join(projectRoot, '.dev'));
  if (cleared.length === 0) console.log('Nothing to clear.');
  for (const { folder, bytes } of cleared) console.log(`Removed ${path.relative(process.cwd(), folder) || folder} (${(bytes / 1024 / 1024).toFixed(1)} MB)`);
} catch (e) {
  console.error(`npm run clear: ${formatError(e)}`);
  process.exit(1);
}
