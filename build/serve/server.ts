// A static server for dist/ with the rules nginx has in production (deploy/nginx.conf), so that
// `npm start`, the link check and the tests see what visitors will (test/nginx/ compares the
// two): `/a/b` serves a/b/index.html, `/a/b/` redirects (301) to `/a/b` when that page exists,
// the site config's redirects answer 301 (build/output/redirect-page.ts),
// unknown paths, missing assets and page data get 404.html with status 404, _headers/ (build
// metadata) is never served; content-hashed files (/assets/) are cached for a year, everything
// else (HTML, page data, sidebars, redirects, errors) is `no-cache` and revalidated with
// nginx's ETag and Last-Modified; a precompressed .br/.gz next to a file is sent when the
// request accepts it; the security headers go on every response.
import { closeSync, createReadStream, fstatSync, openSync, readFileSync, statSync, type Stats } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { securityHeaders } from './security-headers.ts';
import { readWhenChanged } from './latest-file.ts';
import { CSP_FILE, readCsp } from '../render/csp.ts';
import { REDIRECTS_JSON_FILE, type RedirectRule } from '../output/redirect-page.ts';
import { decodedBy } from '../decoded-url.ts';

// As Debian's /etc/nginx/mime.types (with the config's charset_types) names them, except for
// JavaScript's current type; anything else (source maps, the search index's .bin) is octet-stream.
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  // Each page's Markdown (deploy/nginx.conf gives .md the same type: Debian's mime.types has none).
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'text/xml; charset=utf-8',
  '.woff2': 'font/woff2',
};

function fileAt(p: string): Stats | null {
  try {
    const s = statSync(p);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

/**
 * A second folder under the served one: a file root lacks is taken from here when `has` names
 * it. An incremental build's link check serves its staging folder over the files it leaves in
 * the output in place (build/output/commit.ts).
 */
export interface LowerFolder {
  root: string;
  has(rel: string): boolean;
}

export interface ServerOptions {
  root: string;
  lower?: LowerFolder;
  /** Extra headers for every response (tests add none; the dev server adds its own). */
  headers?: Record<string, string>;
  /** Content-Security-Policy to send, or how to read it for each response (a build can replace root meanwhile); omitted when undefined. */
  csp?: string | (() => string | undefined);
}

/** The file for a path under root (forward slashes), from root or else the lower folder; null when neither has it. */
function locate(root: string, rel: string, lower?: LowerFolder): string | null {
  const abs = path.join(root, rel);
  if (fileAt(abs)) return abs;
  if (!lower?.has(rel)) return null;
  const below = path.join(lower.root, rel);
  return fileAt(below) ? below : null;
}

/** Resolves a request path to a file in root (or the lower folder), with its path under root; null when there is none. Never leaves root. */
export function resolvePath(root: string, urlPath: string, lower?: LowerFolder): { file: string; rel: string; redirect?: string } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const normal = path.posix.normalize(decoded);
  if (!normal.startsWith('/') || isPrivate(normal)) return null;
  if (normal.length > 1 && normal.endsWith('/')) {
    const bare = normal.replace(/\/+$/, '');
    if (locate(root, `${bare.slice(1)}/index.html`, lower)) return { file: '', rel: '', redirect: encodeURI(bare) };
    return null;
  }
  const candidates = normal === '/' ? ['index.html'] : [normal.slice(1), `${normal.slice(1)}/index.html`];
  for (const rel of candidates) {
    if (!path.join(root, rel).startsWith(root)) return null;
    const file = locate(root, rel, lower);
    if (file) return { file, rel };
  }
  return null;
}

/** Build metadata in the output (the CSP files nginx includes): never served. */
export const PRIVATE_PREFIX = '/_headers/';
const isPrivate = (normalPath: string) => normalPath === PRIVATE_PREFIX.slice(0, -1) || normalPath.startsWith(PRIVATE_PREFIX);

/** Content-hashed output: a new build gives new names, so a year and `immutable`. */
export const IMMUTABLE_PREFIXES = ['assets/'];
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export function cacheControlFor(rel: string): string {
  return IMMUTABLE_PREFIXES.some((p) => rel.startsWith(p)) ? IMMUTABLE : REVALIDATE;
}

/** nginx's ETag: hex seconds of the modification time, hex size, of the file sent. */
export function etagOf(stat: Stats): string {
  return `"${Math.floor(stat.mtimeMs / 1000).toString(16)}-${stat.size.toString(16)}"`;
}

/** The encodings a request accepts (a `;q=0` entry refuses one). */
function accepted(header: string | string[] | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) out.add(name);
  }
  return out;
}

/**
 * The site config's redirects as the build wrote them for servers (build/output/redirect-page.ts):
 * old path → Location, the same 301s nginx answers.
 */
function readRedirects(root: string): Map<string, string> {
  try {
    const rules = JSON.parse(readFileSync(path.join(root, REDIRECTS_JSON_FILE), 'utf8')) as RedirectRule[];
    return new Map(rules.map((r) => [r.path, r.location]));
  } catch {
    return new Map(); // none, or an output from before redirects
  }
}

export function createStaticServer(opts: ServerOptions): http.Server {
  return http.createServer(staticHandler(opts));
}

/**
 * A built site served as production serves it (`npm run preview`): with the policy the build wrote
 * for its pages, read again after a build in place.
 */
export function createPreviewServer(root: string): http.Server {
  return createStaticServer({ root, csp: readWhenChanged(path.join(root, CSP_FILE), () => readCsp(root)) });
}

/** The static server's request handler, for a server that answers some requests itself (build/dev). */
export function staticHandler(opts: ServerOptions): http.RequestListener {
  const root = path.resolve(opts.root);
  // Read again after a build in place, as the policy can be (scripts/preview.ts).
  const redirects = readWhenChanged(path.join(root, REDIRECTS_JSON_FILE), () => readRedirects(root));
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const csp = typeof opts.csp === 'function' ? opts.csp() : opts.csp;
    const base: Record<string, string> = { ...securityHeaders(csp), 'Cache-Control': REVALIDATE, ...(opts.headers ?? {}) };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...base, Allow: 'GET, HEAD' }).end();
      return;
    }
    const location = redirects().get(decodedBy(decodeURIComponent, url.pathname));
    if (location) {
      res.writeHead(301, { ...base, Location: location.includes('?') ? location : location + url.search }).end();
      return;
    }
    const found = resolvePath(root, url.pathname, opts.lower);
    if (found?.redirect) {
      res.writeHead(301, { ...base, Location: found.redirect + url.search }).end();
      return;
    }
    const status = found ? 200 : 404;
    const rel = found?.rel ?? '404.html';
    const file = found?.file ?? locate(root, rel, opts.lower);
    if (!file) {
      res.writeHead(404, { ...base, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    // Like gzip_static/brotli_static: a compressed sibling is sent with its own ETag and date.
    const accept = accepted(req.headers['accept-encoding']);
    let body = file;
    let encoding: string | undefined;
    let variants = false;
    for (const [enc, ext] of [['br', '.br'], ['gzip', '.gz']] as const) {
      if (!fileAt(file + ext)) continue;
      variants = true;
      if (!encoding && accept.has(enc)) {
        body = file + ext;
        encoding = enc;
      }
    }
    // The file is opened before anything is answered, and its headers come from the open file:
    // one that is replaced meanwhile (the dev server rewrites its output on every save) is sent
    // whole or answered 404, never a read error after the headers, which nothing could handle.
    const opened = openFile(body);
    if (!opened) {
      res.writeHead(404, { ...base, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const { fd, stat: sent } = opened;
    const etag = etagOf(sent);
    const headers: Record<string, string> = {
      ...base,
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': status === 200 ? cacheControlFor(rel) : REVALIDATE,
      ETag: etag,
      ...(status === 200 ? { 'Last-Modified': lastModified(sent) } : {}),
      ...(variants ? { Vary: 'Accept-Encoding' } : {}),
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    };
    if (status === 200 && notModified(req, etag, sent)) {
      closeSync(fd);
      res.writeHead(304, headers).end();
      return;
    }
    headers['Content-Length'] = String(sent.size);
    res.writeHead(status, headers);
    if (req.method === 'HEAD' || sent.size === 0) {
      closeSync(fd);
      res.end();
      return;
    }
    const stream = createReadStream('', { fd, end: sent.size - 1 }); // a file that grew since: the length sent
    // A read that fails now (a disk error) can only cut the response short; it must not throw.
    stream.on('error', () => res.destroy());
    res.on('close', () => stream.destroy());
    stream.pipe(res);
  };
}

/** The file opened for reading, with its size and dates; null when it is gone or not a file. */
function openFile(p: string): { fd: number; stat: Stats } | null {
  let fd: number;
  try {
    fd = openSync(p, 'r');
  } catch {
    return null;
  }
  const stat = fstatSync(fd);
  if (stat.isFile()) return { fd, stat };
  closeSync(fd);
  return null;
}

/**
 * The file's time in whole seconds, as nginx sends it (and as the ETag has it). Not stat's `mtime`:
 * Node rounds that Date to the millisecond, so a file written at …01.9996 s would be sent as …02.
 */
function lastModified(stat: Stats): string {
  return new Date(Math.floor(stat.mtimeMs / 1000) * 1000).toUTCString();
}

function notModified(req: http.IncomingMessage, etag: string, stat: Stats): boolean {
  const inm = req.headers['if-none-match'];
  if (inm) return inm === '*' || inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
  const ims = req.headers['if-modified-since'];
  // nginx's default `if_modified_since exact`: only the very date it sent.
  return Boolean(ims) && Date.parse(ims!) === Math.floor(stat.mtimeMs / 1000) * 1000;
}

export function listen(server: net.Server, port: number, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const addr = server.address();
      resolve(typeof addr === 'object' && addr ? addr.port : port);
    });
  });
}

/**
 * Stops the server now, open connections included: server.close() alone waits for a browser's
 * sockets, and Chromium keeps one it opened ahead without sending a request (a preconnect) until
 * Node's headers timeout, up to a minute and a half.
 */
export function stopServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
