// `npm start` — builds docs/ into dist/, then serves it like `npm run preview`. Each option goes to
// the step it belongs to: --port, --host and --open to the server, everything else (--no-cache,
// --no-link-check, --docs …) to the build (scripts/commands.ts; `npm start -- --help`). The
// options are checked here, before the build, so that a mistyped server option does not wait
// for a whole build to be reported.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readArgs } from './cli-args.ts';
import { START, START_SERVER_OPTIONS } from './commands.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = readArgs(START);
const buildArgs: string[] = [];
const serveArgs: string[] = [];
for (const [name, value] of Object.entries(args)) {
  const target = START_SERVER_OPTIONS.includes(name) ? serveArgs : buildArgs;
  target.push(value === true ? `--${name}` : `--${name}=${value}`);
}
if (args.out !== undefined) serveArgs.push(`--dir=${args.out}`);
// Through the launcher, as `npm run build` runs them (scripts/launch.mjs: no TypeScript loader).
const script = (name: string) => [path.join(projectRoot, 'scripts', 'launch.mjs'), path.join('scripts', name)];
const built = spawnSync(process.execPath, [...script('build.ts'), ...buildArgs], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
// The server runs until it is stopped: a stop sent to this process (a supervisor's SIGTERM, a
// test) is passed on, so no server is left running without its parent.
const server = spawn(process.execPath, [...script('preview.ts'), ...serveArgs], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.once('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
