import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const fixtureSite = path.join(projectRoot, 'test', 'fixtures', 'site');

/** The real site, built once by scripts/test.ts (or by hand with `npm run build -- --out …`). */
export function siteDist(): string {
  return process.env.SG_SITE_DIST ?? path.join(projectRoot, '.cache', 'test-site');
}
