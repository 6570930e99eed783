// The dev server: production's routing and headers (build/serve/server.ts) over the dev output, plus
// the live-reload endpoints. Every HTML response gets the live-reload client's script tag; the
// files on disk and the site's own bundle never contain it.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { securityHeaders } from '../serve/security-headers.ts';
import { resolvePath, staticHandler } from '../serve/server.ts';
import type { LiveEvents } from './events.ts';

export const EVENTS_PATH = '/__dev/events';
export const CLIENT_PATH = '/__dev/client.js';
const CLIENT_TAG = `<script type="module" src="${CLIENT_PATH}"></script>`;

export interface DevServerOptions {
  /** The dev output folder. */
  root: string;
  events: LiveEvents;
  /** The live-reload client's code as last built. */
  devClient(): string;
  /** The Content-Security-Policy of the current build (it changes with the config). */
  csp(): string | undefined;
  /** Settles when the first build is done: until then, page requests wait. */
  ready: Promise<unknown>;
  /**
   * Outputs made when first requested, by site path (the user guide PDF): the server waits for
   * the maker, then serves the file; the maker resolves with an error message when it failed.
   */
  onDemand?: Map<string, () => Promise<string | undefined>>;
}

export function injectDevClient(html: string): string {
  const i = html.lastIndexOf('</body>');
  return i === -1 ? html + CLIENT_TAG : html.slice(0, i) + CLIENT_TAG + html.slice(i);
}

/** Shown before any build succeeded (the config is broken at start): the overlay says why. */
const NOTHING_BUILT = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not built yet</title></head>'
  + '<body><p>The site could not be built yet; the error is in the terminal and in the overlay. This page reloads when it is fixed.</p></body></html>';

export function createDevServer(opts: DevServerOptions): http.Server {
  const root = path.resolve(opts.root);
  const statics = staticHandler({ root });
  const sendHtml = async (req: http.IncomingMessage, res: http.ServerResponse, file: string, status: number) => {
    let html: string;
    try {
      html = await readFile(file, 'utf8');
    } catch {
      html = NOTHING_BUILT;
      status = 503;
    }
    const body = Buffer.from(injectDevClient(html));
    res.writeHead(status, {
      ...securityHeaders(opts.csp()),
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Length': String(body.length),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === EVENTS_PATH) return opts.events.handle(req, res);
    if (url.pathname === CLIENT_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' }).end(opts.devClient());
      return;
    }
    void opts.ready.then(async () => {
      const make = opts.onDemand?.get(url.pathname);
      if (make && (req.method === 'GET' || req.method === 'HEAD')) {
        const error = await make();
        if (error) {
          res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(`${url.pathname} could not be made: ${error}\n`);
          return;
        }
      }
      if (req.method === 'GET' || req.method === 'HEAD') {
        const found = resolvePath(root, url.pathname);
        const file = found ? found.file : path.join(root, '404.html');
        if (!found?.redirect && file.endsWith('.html')) return sendHtml(req, res, file, found ? 200 : 404);
      }
      statics(req, res);
    }).catch((e) => {
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(String(e));
    });
  });
}
