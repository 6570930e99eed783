// A static server for dist/ with the routing nginx has in production (deploy/nginx.conf):
// `/a/b` serves a/b/index.html, `/a/b/` redirects to `/a/b`, unknown paths get 404.html with
// status 404, hashed assets are cached for a year, HTML and page data are revalidated, and a
// precompressed .gz/.br next to a file is served when the browser accepts it.
import { createReadStream, statSync, type Stats } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { securityHeaders } from './security-headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
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

export interface ServerOptions {
  root: string;
  /** Extra headers for every response (tests add none; the dev server adds its own). */
  headers?: Record<string, string>;
  /** Content-Security-Policy to send; omitted when undefined. */
  csp?: string;
}

/** Resolves a request path to a file in root, or null. Never leaves root. */
export function resolvePath(root: string, urlPath: string): { file: string; redirect?: string } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const normal = path.posix.normalize(decoded);
  if (!normal.startsWith('/')) return null;
  if (normal.length > 1 && normal.endsWith('/')) {
    const bare = normal.replace(/\/+$/, '');
    if (fileAt(path.join(root, bare, 'index.html'))) return { file: '', redirect: encodeURI(bare) };
    return null;
  }
  const candidates = normal === '/' ? ['index.html'] : [normal.slice(1), `${normal.slice(1)}/index.html`];
  for (const c of candidates) {
    const abs = path.join(root, c);
    if (!abs.startsWith(root)) return null;
    if (fileAt(abs)) return { file: abs };
  }
  return null;
}

function cacheControl(rel: string): string {
  return rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export function createStaticServer(opts: ServerOptions): http.Server {
  return http.createServer(staticHandler(opts));
}

/** The static server's request handler, for a server that answers some requests itself (build/dev). */
export function staticHandler(opts: ServerOptions): http.RequestListener {
  const root = path.resolve(opts.root);
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const base: Record<string, string> = { ...securityHeaders(opts.csp), ...(opts.headers ?? {}) };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...base, Allow: 'GET, HEAD' }).end();
      return;
    }
    const found = resolvePath(root, url.pathname);
    if (found?.redirect) {
      res.writeHead(301, { ...base, Location: found.redirect + url.search }).end();
      return;
    }
    const status = found ? 200 : 404;
    const file = found?.file ?? path.join(root, '404.html');
    const stat = fileAt(file);
    if (!stat) {
      res.writeHead(404, { ...base, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const rel = path.relative(root, file).split(path.sep).join('/');
    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const headers: Record<string, string> = {
      ...base,
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': status === 404 ? 'no-cache' : cacheControl(rel),
      ETag: etag,
      'Last-Modified': stat.mtime.toUTCString(),
      Vary: 'Accept-Encoding',
    };
    if (status === 200 && req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    let body = file;
    let size = stat.size;
    for (const [enc, ext] of [['br', '.br'], ['gzip', '.gz']] as const) {
      const s = accept.includes(enc) ? fileAt(file + ext) : null;
      if (s) {
        body = file + ext;
        size = s.size;
        headers['Content-Encoding'] = enc;
        break;
      }
    }
    headers['Content-Length'] = String(size);
    res.writeHead(status, headers);
    if (req.method === 'HEAD') res.end();
    else createReadStream(body).pipe(res);
  };
}

export function listen(server: http.Server, port: number, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const addr = server.address();
      resolve(typeof addr === 'object' && addr ? addr.port : port);
    });
  });
}
