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

/**
 * Inline <script> and <style> elements are allowed by hash; style attributes stay forbidden.
 * Images come from the site and from the sites the pages show images of (imageOrigins: the
 * compiled pages', build/markdown/compile.ts), and nowhere else.
 */
export function buildCsp(inlineScripts: string[], inlineStyles: string[] = [], imageOrigins: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScripts.map(sha256).join(' ')}`,
    ['style-src', "'self'", ...inlineStyles.map(sha256)].join(' '),
    ['img-src', "'self'", 'data:', ...imageOrigins].join(' '),
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

/**
 * One policy allowing what either of two allows: the sources of each directive joined (the
 * deploy's policy while two releases' pages are open in browsers, build/deploy/releases.ts).
 */
export function mergeCsp(a: string, b: string): string {
  const parse = (csp: string) => new Map(csp.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...sources] = d.split(/\s+/);
    return [name, sources] as const;
  }));
  const merged = parse(a);
  for (const [name, sources] of parse(b)) merged.set(name, [...new Set([...(merged.get(name) ?? []), ...sources])]);
  return [...merged].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/** The nginx include: one `add_header` line, in the server block beside the other headers. */
export function cspNginxInclude(csp: string, comment = 'Written by the build (build/render/csp.ts); deploy/nginx.conf includes the copy npm run deploy makes.'): string {
  // Inside nginx's double quotes `$` starts a variable, `"` ends the string and `\` escapes.
  if (/["\\$\n]/.test(csp)) throw new Error(`the Content-Security-Policy cannot be written for nginx: ${csp}`);
  return `# ${comment}\n`
    + `add_header Content-Security-Policy "${csp}" always;\n`;
}

/** Writes both forms of the policy into an output folder. */
export function writeCspFiles(outDir: string, csp: string): void {
  mkdirSync(path.join(outDir, path.dirname(CSP_FILE)), { recursive: true });
  writeFileSync(path.join(outDir, CSP_FILE), `${csp}\n`);
  writeFileSync(path.join(outDir, CSP_NGINX_FILE), cspNginxInclude(csp));
}

/** The sites the compiled pages show images from, each once, sorted (the policy's img-src). */
export function imageOriginsOf(pages: Iterable<{ imageOrigins?: string[] }>): string[] {
  const origins = new Set<string>();
  for (const page of pages) for (const origin of page.imageOrigins ?? []) origins.add(origin);
  return [...origins].sort();
}
