// The files under a folder, listed the way every stage wants them: relative, `/`-separated and
// sorted, so that routes, hashes and output are the same on every machine.
//
// Why not `readdirSync(dir, { recursive: true })`: in Node 20 it joins and returns every entry
// as it goes and the callers then stat each one to tell files from folders; walking the folders
// with `withFileTypes` reads the type from the directory itself. Measured over the 1000-page
// corpus with the engine's sources (1300 entries): 5 ms against 20–30 ms for the names alone,
// and ~45 ms with the stats; a build walks the docs folder four times.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** A relative path with `/` between its parts, as the output's names are kept (nothing to do on POSIX: it runs once per file written). */
export const toPosix = path.sep === '/' ? (rel: string) => rel : (rel: string) => rel.split(path.sep).join('/');

/**
 * A file's path relative to a folder it is inside, `/`-separated; null when it is not inside.
 * Both paths absolute and resolved (as the engine keeps them): a prefix test, where
 * path.relative's showed at 10,000 files.
 */
export function pathInside(dir: string, file: string): string | null {
  const prefix = dir.endsWith(path.sep) ? dir : dir + path.sep;
  return file.length > prefix.length && file.startsWith(prefix) ? toPosix(file.slice(prefix.length)) : null;
}

/**
 * Files under dir (relative, `/`-separated, sorted by code unit). A symbolic link counts when it
 * leads to a file; folders behind links are not entered (as a recursive readdir does not). A
 * folder that does not exist has no files.
 */
export function filesUnder(dir: string, skip?: (name: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (abs: string, prefix: string) => {
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (prefix === '' && (code === 'ENOENT' || code === 'ENOTDIR')) return;
      throw e;
    }
    for (const e of entries) {
      if (skip?.(e.name)) continue;
      if (e.isDirectory()) walk(`${abs}/${e.name}`, `${prefix}${e.name}/`);
      else if (e.isFile() || (e.isSymbolicLink() && isFile(`${abs}/${e.name}`))) out.push(prefix + e.name);
    }
  };
  walk(dir, '');
  return out.sort();
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false; // a dangling link
  }
}
