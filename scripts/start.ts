// `npm start` — builds docs/ into dist/, then serves it like `npm run preview`. Each flag goes to
// the step it belongs to: --port and --host to the server, everything else (--no-cache,
// --no-link-check, --docs …) to the build.
import { spawn, spawnSync } from 'node:child_process';
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
// Through the launcher, as `npm run build` runs them (scripts/launch.mjs: no TypeScript loader).
const script = (name: string) => [path.join(projectRoot, 'scripts', 'launch.mjs'), path.join('scripts', name)];
const built = spawnSync(process.execPath, [...script('build.ts'), ...buildArgs], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
// The server runs until it is stopped: a stop sent to this process (a supervisor's SIGTERM, a
// test) is passed on, so no server is left running without its parent.
const server = spawn(process.execPath, [...script('preview.ts'), ...serveArgs], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.once('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
