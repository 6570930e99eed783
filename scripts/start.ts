// `npm start` — builds docs/ into dist/, then serves it like `npm run preview`. Each flag goes to
// the step it belongs to: --port and --host to the server, everything else (--no-cache,
// --no-link-check, --docs …) to the build.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_FLAGS = new Set(['--port', '--host']);
const buildArgs: string[] = [];
const serveArgs: string[] = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const [flag, inline] = argv[i].split('=', 2);
  const target = SERVER_FLAGS.has(flag) ? serveArgs : buildArgs;
  target.push(argv[i]);
  // A value given as the next word travels with its flag.
  if (inline === undefined && argv[i + 1] !== undefined && !argv[i + 1].startsWith('--') && !['--no-cache', '--no-link-check', '--quiet', '--verbose'].includes(flag)) target.push(argv[++i]);
}
if (buildArgs.some((a) => a.startsWith('--out'))) {
  const at = buildArgs.findIndex((a) => a.startsWith('--out'));
  serveArgs.push('--dir', buildArgs[at].includes('=') ? buildArgs[at].split('=')[1] : buildArgs[at + 1]);
}
const run = (script: string, args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'scripts', script), ...args], { stdio: 'inherit' });
const built = run('build.ts', buildArgs);
if (built.status !== 0) process.exit(built.status ?? 1);
const served = run('preview.ts', serveArgs);
process.exit(served.status ?? 0);
