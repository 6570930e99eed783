// The Content-Security-Policy of the built site. The only inline script is the pre-paint
// script, allowed by its hash; the build writes the policy to dist/_headers/csp.txt so every
// server (preview, nginx via deploy/) sends the same one.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const CSP_FILE = '_headers/csp.txt';

export function buildCsp(inlineScripts: string[]): string {
  const hashes = inlineScripts.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`,
    "style-src 'self'",
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
