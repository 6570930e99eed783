// "Open in the editor" from the dev server's error overlay (src/client/dev-client.ts), as Vite's
// overlay has it: the overlay names a file and a line, a click asks the dev server, and the server
// opens it with launch-editor — the editor that is running, else $LAUNCH_EDITOR, $VISUAL or
// $EDITOR. Only a file of the site's sources is opened, and only when asked by a browser on this
// machine with the overlay's header: a page of another site cannot send that header (the browser
// asks this server first, and it does not allow it), and a phone reading the site over
// `--host 0.0.0.0` is not this machine.
import { existsSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import launchEditor from 'launch-editor';
import { pathInside } from '../file-tree.ts';

export const OPEN_PATH = '/__dev/open';
/** Sent by the overlay with each request to open a file. */
export const OPEN_HEADER = 'x-sg-open-in-editor';

/** Opens `file` (as errors name it, relative to the project) at `line`; false when it is no source of the site. */
export type EditorOpener = (file: string, line: number) => boolean;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * An opener for files under `sources` (folders or single files, absolute), resolved from the
 * project root as error messages write them. `say` prints the hint when no editor could be started.
 */
export function editorOpener(projectRoot: string, sources: () => string[], say: (line: string) => void): EditorOpener {
  return (file, line) => {
    const abs = path.resolve(projectRoot, file);
    const allowed = sources().some((s) => abs === s || pathInside(s, abs) !== null);
    if (!allowed || !existsSync(abs)) return false;
    launchEditor(`${abs}:${line}:1`, () => say('set LAUNCH_EDITOR (or EDITOR) to the command that opens your editor, e.g. LAUNCH_EDITOR=code npm run dev'));
    return true;
  };
}

/** POST /__dev/open?file=…&line=…: 204 when the file is being opened, 404 when it is no source, 403 for anyone but the overlay here. */
export function handleOpenRequest(req: http.IncomingMessage, res: http.ServerResponse, url: URL, open: EditorOpener | undefined): void {
  const fromOverlay = req.method === 'POST' && req.headers[OPEN_HEADER] === '1' && LOOPBACK.has(req.socket.remoteAddress ?? '');
  if (!open || !fromOverlay) {
    res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Only the error overlay of a page on this machine opens files.\n');
    return;
  }
  const file = url.searchParams.get('file') ?? '';
  const line = Number(url.searchParams.get('line') ?? '1');
  const opened = file !== '' && Number.isInteger(line) && line > 0 && open(file, line);
  res.writeHead(opened ? 204 : 404, { 'Cache-Control': 'no-store' }).end();
}
