// `npm run dev` — watch mode for authors: builds the site into .dev/ (never dist/), serves it on
// http://localhost:3000 with production's routing, and rebuilds what each save changes; open tabs
// update in place (or reload), errors show in an overlay until fixed.
// Options: scripts/commands.ts (`npm run dev -- --help`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stop as stopEsbuild } from 'esbuild';
import { startDevServer, type DevServer } from '../build/dev/index.ts';
import { formatError } from '../build/errors.ts';
import { freePortNear } from '../build/serve/free-port.ts';
import { readArgs, wholeNumber } from './cli-args.ts';
import { DEV } from './commands.ts';

const args = readArgs(DEV);
const projectRoot = path.resolve(args.root ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const port = wholeNumber(DEV, 'port', args.port ?? process.env.PORT, 3000, { max: 65535 });
const abs = (p: string | undefined) => (p ? path.resolve(p) : undefined);

// Ctrl+C is answered from the start: the first build of a large site takes a while, and a stop
// during it must not leave esbuild's service waiting for answers from this process (it then
// reports its unanswered plugin calls as a Go deadlock on the terminal).
let dev: DevServer | undefined;
/** The first build is over (the server may still be starting its file watcher: `dev` is set after that). */
let built = false;
let stopping = false;
const stop = async () => {
  if (stopping) process.exit(130); // a second Ctrl+C does not wait
  stopping = true;
  if (dev) await dev.close();
  else await stopEsbuild();
  console.log(built ? 'Dev server stopped.' : 'Dev server stopped before the site was built.');
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

// No top-level await: scripts/launch.mjs runs each entry as a classic script (for V8's code cache).
async function main(): Promise<void> {
  try {
    dev = await startDevServer({
      projectRoot,
      port,
      host: args.host,
      docsDir: abs(args.docs),
      pagesDir: abs(args.pages),
      staticDir: abs(args.static),
      configPath: abs(args.config),
      outDir: abs(args.out),
      cacheDir: args['no-cache'] ? null : abs(args['cache-dir']),
      onBuilt: () => (built = true),
      open: args.open,
      strictPort: args.port !== undefined,
    });
  } catch (e) {
    if (stopping) await new Promise(() => {}); // stop() exits
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      const free = await freePortNear(port, args.host);
      console.error(`Port ${port} is already in use (another dev server or \`npm run preview\`?). Stop it or use a free port: npm run dev -- --port ${free}`);
    } else {
      console.error(`The dev server could not start:\n${formatError(e)}`);
    }
    process.exit(1);
  }
}

void main();
