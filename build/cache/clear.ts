// `npm run clear` (scripts/clear.ts): removes the engine's caches and the dev server's output, for
// a build that starts from nothing, as Docusaurus's `clear` does. A folder is removed only when it
// is one the engine made (a cache with the stamps every build and dev start writes, or the
// launcher's bundles; an output with its _headers/ folder): a mistyped --cache-dir deletes nothing.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { BuildError } from '../errors.ts';

/** What only the engine's cache folder holds: the input stamps (build/cache/input-stamps.ts), the launcher's bundles. */
const CACHE_MARKS = ['input-stamps.v8', 'launch'];

export interface Cleared {
  folder: string;
  bytes: number;
}

function sizeOf(p: string): number {
  const st = statSync(p, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.size;
  return readdirSync(p).reduce((n, name) => n + sizeOf(path.join(p, name)), 0);
}

/**
 * Removes the cache folder and the dev output; returns what was removed (a folder that is not
 * there is skipped). Throws before removing anything when one of them is not the engine's.
 */
export function clearCaches(cacheDir: string, devOutDir: string): Cleared[] {
  const shown = (p: string) => path.relative(process.cwd(), p) || p;
  const present = [...new Set([cacheDir, devOutDir])].filter((p) => existsSync(p));
  const marks: Record<string, string[]> = { [cacheDir]: CACHE_MARKS, [devOutDir]: ['_headers'] };
  for (const folder of present) {
    const names = statSync(folder).isDirectory() ? readdirSync(folder) : null;
    if (names && (names.length === 0 || marks[folder].some((m) => names.includes(m)))) continue;
    throw new BuildError(`${shown(folder)} is not a folder the engine made (it has no ${marks[folder].join(' or ')}): nothing was removed`, undefined, undefined,
      folder === cacheDir ? 'give the cache folder the builds use: --cache-dir DIR' : 'remove it yourself if it is to go');
  }
  return present.map((folder) => {
    const bytes = sizeOf(folder);
    rmSync(folder, { recursive: true, force: true });
    return { folder, bytes };
  });
}
