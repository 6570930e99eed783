// The cache makes builds faster and is never needed for a correct one. A cache folder that cannot
// be created or written (read-only mount, wrong owner, a file in its place) turns into one warning
// and a build without cache, instead of a failure halfway through.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Warning } from '../errors.ts';
import { displayPath, fsCause } from '../output/fs-errors.ts';

export function usableCacheDir<P extends { cacheDir: string | null }>(paths: P, warnings: Warning[]): P {
  if (paths.cacheDir === null) return paths;
  const probe = path.join(paths.cacheDir, `.write-test-${process.pid}`);
  try {
    mkdirSync(path.dirname(paths.cacheDir), { recursive: true });
    // Not recursive: a recursive mkdir on a read-only file system reports ENOENT instead of EROFS.
    try {
      mkdirSync(paths.cacheDir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    writeFileSync(probe, '');
    rmSync(probe);
    return paths;
  } catch (e) {
    warnings.push({ file: displayPath(paths.cacheDir), message: `the cache folder cannot be written: ${fsCause(e)}; building without a cache (fix: make it writable, or pass --cache-dir DIR)` });
    return { ...paths, cacheDir: null };
  }
}
