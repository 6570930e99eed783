// The dev server: production's routing and headers (build/serve/server.ts) over the dev output, plus
// the live-reload endpoints. Every HTML response gets the live-reload client's script tag; the
// files on disk and the site's own bundle never contain it.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { securityHeaders } from '../serve/security-headers.ts';
import { resolvePath, staticHandler } from '../serve/server.ts';
import type { LiveEvents } from './events.ts';
import { handleOpenRequest, OPEN_PATH, type EditorOpener } from './open-in-editor.ts';

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
  /**
   * Before `ready`: the page at this route rendered on its own (DevSession.renderEarly), so the
   * first page a browser asks for is answered while the rest of the site builds; undefined waits.
   */
  early?: (route: string) => Promise<string | undefined>;
  /** Called before a file is served once the site is built: a page rendered later is made now. */
  prepare?: (urlPath: string) => Promise<void>;
  /** Opens a file the error overlay names in the author's editor (build/dev/open-in-editor.ts). */
  openInEditor?: EditorOpener;
}

/** The route a page URL names (`/a/b`, `/a/b/index.html`, `/`), or null for a file or a folder URL. */
export function earlyRouteOf(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const route = decoded.replace(/\/index\.html$/, '/');
  if (route === '/') return '/';
  if (route.endsWith('/') || /\.[a-z0-9]+$/i.test(route)) return null;
  return route;
}

/** The live-reload client's tag before </body>; an early page's client says so (see LiveEvents). */
export function injectDevClient(html: string, early = false): string {
  const tag = early ? CLIENT_TAG.replace(CLIENT_PATH, `${CLIENT_PATH}?early`) : CLIENT_TAG;
  const i = html.lastIndexOf('</body>');
  return i === -1 ? html + tag : html.slice(0, i) + tag + html.slice(i);
}

/** Shown before any build succeeded (the config is broken at start): the overlay says why. */
const NOTHING_BUILT = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not built yet</title></head>'
  + '<body><p>The site could not be built yet; the error is in the terminal and in the overlay. This page reloads when it is fixed.</p></body></html>';

export function createDevServer(opts: DevServerOptions): http.Server {
  const root = path.resolve(opts.root);
  const statics = staticHandler({ root });
  let isReady = false;
  void opts.ready.then(() => (isReady = true), () => {});
  const sendHtml = async (req: http.IncomingMessage, res: http.ServerResponse, file: string, status: number, early?: string) => {
    let html: string;
    if (early !== undefined) html = early;
    else {
      try {
        html = await readFile(file, 'utf8');
      } catch {
        html = NOTHING_BUILT;
        status = 503;
      }
    }
    const body = Buffer.from(injectDevClient(html, early !== undefined));
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
    if (url.pathname === OPEN_PATH) return handleOpenRequest(req, res, url, opts.openInEditor);
    if (url.pathname === CLIENT_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' }).end(opts.devClient());
      return;
    }
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    // During the first build: a page is rendered on its own, and files already written (the
    // bundles, the sidebar JSON) are served; everything else waits for the build.
    const beforeReady = async (): Promise<boolean> => {
      if (isReady || !isRead) return false;
      const route = earlyRouteOf(url.pathname);
      const html = route !== null && opts.early ? await opts.early(route) : undefined;
      if (html !== undefined && !isReady) {
        await sendHtml(req, res, '', 200, html);
        return true;
      }
      const found = route === null && !opts.onDemand?.has(url.pathname) ? resolvePath(root, url.pathname) : null;
      if (found?.file && !found.file.endsWith('.html')) {
        statics(req, res);
        return true;
      }
      return false;
    };
    void (async () => {
      if (await beforeReady()) return;
      await opts.ready;
      if (isRead) await opts.prepare?.(url.pathname);
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
    })().catch((e) => {
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(String(e));
    });
  });
}
