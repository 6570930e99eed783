// The Content-Security-Policy of the built site. The only inline script is the pre-paint
// script and the only inline style the site stylesheet, each allowed by its hash; the build writes the policy to dist/_headers/csp.txt (read by
// the preview server) and dist/_headers/csp.nginx.conf (included by deploy/nginx.conf), so every
// server sends the same one. _headers/ itself is never served.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const CSP_FILE = '_headers/csp.txt';
export const CSP_NGINX_FILE = '_headers/csp.nginx.conf';

const sha256 = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

/** Inline <script> and <style> elements are allowed by hash; style attributes stay forbidden. */
export function buildCsp(inlineScripts: string[], inlineStyles: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScripts.map(sha256).join(' ')}`,
    ['style-src', "'self'", ...inlineStyles.map(sha256)].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self' https://api.github.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function readCsp(outDir: string): string | undefined {
  try {
    return readFileSync(path.join(outDir, CSP_FILE), 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The nginx include: one `add_header` line, in the server block beside the other headers. */
export function cspNginxInclude(csp: string): string {
  // Inside nginx's double quotes `$` starts a variable, `"` ends the string and `\` escapes.
  if (/["\\$\n]/.test(csp)) throw new Error(`the Content-Security-Policy cannot be written for nginx: ${csp}`);
  return `# Written by the build (build/render/csp.ts) and included by deploy/nginx.conf; reload nginx after a deploy.\n`
    + `add_header Content-Security-Policy "${csp}" always;\n`;
}

/** Writes both forms of the policy into an output folder. */
export function writeCspFiles(outDir: string, csp: string): void {
  mkdirSync(path.join(outDir, path.dirname(CSP_FILE)), { recursive: true });
  writeFileSync(path.join(outDir, CSP_FILE), `${csp}\n`);
  writeFileSync(path.join(outDir, CSP_NGINX_FILE), cspNginxInclude(csp));
}
