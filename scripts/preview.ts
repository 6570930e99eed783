// `npm run preview` (and the second half of `npm start`, scripts/start.ts): serves dist/ on http://localhost:3000
// with production routing and headers. Options: scripts/commands.ts (`npm run preview -- --help`).
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPreviewServer, listen, stopServer } from '../build/serve/server.ts';
import { freePortNear, listenNear, movedPortNote } from '../build/serve/free-port.ts';
import { describeAddress, localOrigin } from '../build/serve/addresses.ts';
import { openBrowser } from '../build/serve/open-browser.ts';
import { readArgs, wholeNumber } from './cli-args.ts';
import { PREVIEW } from './commands.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = readArgs(PREVIEW);
const root = path.resolve(args.dir ?? path.join(projectRoot, 'dist'));
const port = wholeNumber(PREVIEW, 'port', args.port ?? process.env.PORT, 3000, { max: 65535 });
// Served, a folder that is not there answers every request with a bare 404.
if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
  console.error(`npm run preview: ${path.relative(process.cwd(), root) || root} is not there to serve\n  fix: build it first (npm run build), or give the built site with --dir DIR`);
  process.exit(1);
}
const server = createPreviewServer(root);
// No top-level await: scripts/launch.mjs runs each entry as a classic script (for V8's code cache).
async function main(): Promise<void> {
  try {
    const host = args.host ?? 'localhost';
    // The default port (3000 or $PORT) moves to a free one when taken; --port N is kept or refused.
    const actual = await (args.port === undefined ? listenNear : listen)(server, port, host);
    const moved = movedPortNote(port, actual);
    if (moved) console.log(moved);
    console.log(`Serving ${path.relative(process.cwd(), root) || root} at ${describeAddress(host, actual)} (Ctrl+C to stop)`);
    if (args.open) openBrowser(`${localOrigin(host, actual)}/`, (line) => console.error(line));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      const free = await freePortNear(port, args.host ?? 'localhost');
      console.error(`Port ${port} is already in use. Stop the other server or use a free port: npm run preview -- --port ${free}`);
      process.exit(1);
    }
    throw e;
  }
  const stop = () => void stopServer(server).then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
