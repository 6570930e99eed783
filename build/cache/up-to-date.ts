// "Nothing changed since the last build": like make, a build whose inputs are byte for byte those
// of the output already in place does nothing. The inputs are every file the output is made of —
// the docs, the pages folder, static files, the site config, the theme and client code (src/),
// the generator itself (build/), the lock file — plus the options that change the output. Their
// fingerprint is kept with the output (dist/_headers/build.json, never served), together with
// what the build reported, so an up-to-date run still prints the same pages, warnings and bytes.
// Contents are hashed, not modification times: a checkout or a copy that rewrites mtimes does
// not force a rebuild, and an edit within the same second is never missed. (A file's stamp stands
// for its hash only while it is exactly the stamp recorded with it: build/cache/input-stamps.ts.)
import type { LastCommit } from '../model/last-updated.ts';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Warning } from '../errors.ts';
import type { SitePaths } from '../model/site.ts';
import type { SourceFile } from '../model/source-file.ts';
import type { InputStamps } from './input-stamps.ts';
import type { FirstLoad } from '../render/stats.ts';
import { filesUnder } from '../file-tree.ts';

export const STAMP_FILE = '_headers/build.json';

export interface BuildStamp {
  fingerprint: string;
  pages: number;
  warnings: Warning[];
  firstLoad: FirstLoad;
  adaptedConfig: boolean;
  /** What the site was made from besides the walked files (outsideInputs); absent when nothing. */
  outside?: OutsideInputs;
}


/** The page sources among the files read (build/model/content.ts reads them next, from here). */
const PAGE_SOURCE = /\.(?:mdx?|[jt]sx)$/;

/**
 * `sources` receives the docs' and pages' sources as they are read, with their hash (the
 * fingerprint takes every file's hash in place of its bytes): a build that follows takes them from
 * there instead of reading and hashing every page a second time. A file unchanged since a build
 * read it is not read at all (`stamps`, build/cache/input-stamps.ts).
 */
export function inputFingerprint(paths: SitePaths, options: Record<string, unknown>, sources: Map<string, SourceFile>, stamps: InputStamps): string {
  const h = createHash('sha256').update(JSON.stringify({ options, node: process.versions.node }));
  const contentDirs = [paths.docsDir, paths.pagesDir].filter((d): d is string => Boolean(d)).map((d) => path.resolve(d) + path.sep);
  const dirs = walkedDirs(paths);
  const files = [...new Set([...dirs.flatMap((d) => filesUnder(d).map((rel) => path.resolve(d, rel))), path.resolve(paths.configPath), path.resolve(paths.root, 'package-lock.json')])];
  for (const file of files) {
    h.update(file).update('\0');
    if (PAGE_SOURCE.test(file) && contentDirs.some((d) => file.startsWith(d))) {
      const source = stamps.page(file);
      if (source) {
        h.update(source.hash);
        sources.set(file, source);
      }
    } else h.update(stamps.hashOf(file) ?? '');
    h.update('\0');
  }
  return h.digest('hex');
}

/** The folders whose every file is an input. */
function walkedDirs(paths: SitePaths): string[] {
  return [paths.docsDir, paths.pagesDir, paths.staticDir, path.join(paths.root, 'src'), path.join(paths.root, 'build')].filter((d): d is string => Boolean(d));
}

/**
 * Inputs the walk does not see. files: those outside the walked folders that the pages show
 * (`<<< ../../examples/main.tf`, an image) or include (`::include`), and that the site config
 * imports (`./sidebars.ts` beside it), relative to the root.
 * env: the environment variables the config reads (`process.env.SITE_URL`). The stamp keeps
 * both, and the next check hashes them too (withOutsideInputs); a page or config that names
 * another such file or variable has changed itself, so the last build's lists are the ones to check.
 */
export interface OutsideInputs {
  files: string[];
  env: string[];
}

export const NO_OUTSIDE_INPUTS: OutsideInputs = { files: [], env: [] };

export function outsideInputs(paths: SitePaths, files: Iterable<string>, env: string[]): OutsideInputs {
  const dirs = walkedDirs(paths).map((d) => path.resolve(d) + path.sep);
  const outside = [...files].filter((f) => !dirs.some((d) => f.startsWith(d)));
  return { files: [...new Set(outside.map((f) => path.relative(paths.root, f).split(path.sep).join('/')))].sort(), env: [...new Set(env)].sort() };
}

export const sameOutsideInputs = (a: OutsideInputs, b: OutsideInputs) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fingerprint with the bytes of those files (a missing one counts as missing) and the values of
 * those variables now (an unset one counts as unset); unchanged when there are none.
 */
export function withOutsideInputs(fingerprint: string, root: string, outside: OutsideInputs): string {
  if (outside.files.length === 0 && outside.env.length === 0) return fingerprint;
  const h = createHash('sha256').update(fingerprint);
  for (const rel of outside.files) h.update(rel).update('\0').update(readIfThere(path.resolve(root, rel)) ?? '\u0001missing').update('\0');
  for (const name of outside.env) h.update(`$${name}\0`).update(process.env[name] ?? '\u0001unset').update('\0');
  return h.digest('hex');
}

/** The fingerprint of the inputs' files with the pages' last-updated dates (build/model/last-updated.ts). */
export function withGitDates(ofFiles: string, dates: Map<string, LastCommit>): string {
  return createHash('sha256').update(ofFiles).update(JSON.stringify([...dates].sort())).digest('hex');
}

/** A file's bytes, or null when it is not there (one system call fewer than asking first). */
function readIfThere(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

export function readStamp(outDir: string): BuildStamp | null {
  try {
    return JSON.parse(readFileSync(path.join(outDir, STAMP_FILE), 'utf8')) as BuildStamp;
  } catch {
    return null;
  }
}
