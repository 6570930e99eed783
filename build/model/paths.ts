// Where a build reads and writes: the defaults every build applies, in a module of its own so
// that the up-to-date check (build/index.ts) needs nothing heavier.
import { readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { BuildError, throwIfAny } from '../errors.ts';
import { pathInside } from '../file-tree.ts';

export interface SitePaths {
  root: string;
  docsDir: string;
  outDir: string;
  /** null: no compiled-page cache. */
  cacheDir: string | null;
  configPath: string;
  staticDir: string;
  /** src/pages unless told otherwise; null builds docs only. */
  pagesDir: string | null;
}

export interface PathOptions {
  projectRoot: string;
  docsDir?: string;
  /** src/pages by default; null builds docs only. */
  pagesDir?: string | null;
  configPath?: string;
  staticDir?: string;
  outDir?: string;
  /** .cache by default; null: no Markdown cache and no up-to-date check. */
  cacheDir?: string | null;
}

/** The defaults every build applies: docs/, dist/, .cache/, src/site.config.ts, static/, src/pages. */
export function sitePaths(options: PathOptions): SitePaths {
  const root = path.resolve(options.projectRoot);
  return {
    root,
    docsDir: path.resolve(options.docsDir ?? path.join(root, 'docs')),
    outDir: path.resolve(options.outDir ?? path.join(root, 'dist')),
    cacheDir: options.cacheDir === null ? null : path.resolve(options.cacheDir ?? path.join(root, '.cache')),
    configPath: path.resolve(options.configPath ?? path.join(root, 'src', 'site.config.ts')),
    staticDir: path.resolve(options.staticDir ?? path.join(root, 'static')),
    pagesDir: options.pagesDir === undefined ? path.join(root, 'src', 'pages') : options.pagesDir,
  };
}

/** A path as messages show it: relative to where the command was run. */
const shown = (p: string) => path.relative(process.cwd(), p) || '.';

/**
 * The input folders and the config must be there before anything is built: a mistyped --docs
 * otherwise reads as a site whose every page is missing (one error per sidebar item). The static
 * folder and the standalone pages are optional by default, but not when named on the command line.
 */
function checkInputsExist(paths: SitePaths, options: PathOptions): void {
  const isDir = (p: string) => statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;
  const missing: BuildError[] = [];
  if (!isDir(paths.docsDir)) {
    missing.push(new BuildError(`the docs folder ${shown(paths.docsDir)} does not exist`, undefined, undefined,
      options.docsDir ? 'give the folder of the Markdown pages: --docs DIR' : 'create docs/ with the Markdown pages, or build another folder with --docs DIR'));
  }
  if (!statSync(paths.configPath, { throwIfNoEntry: false })?.isFile()) {
    missing.push(new BuildError(`the site config ${shown(paths.configPath)} does not exist`, undefined, undefined,
      options.configPath ? 'give the config file: --config FILE' : 'create src/site.config.ts, or give another config with --config FILE'));
  }
  if (options.staticDir && !isDir(paths.staticDir)) {
    missing.push(new BuildError(`the static folder ${shown(paths.staticDir)} does not exist`, undefined, undefined, 'give the folder of the files copied as they are: --static DIR'));
  }
  if (options.pagesDir && paths.pagesDir && !isDir(paths.pagesDir)) {
    missing.push(new BuildError(`the pages folder ${shown(paths.pagesDir)} does not exist`, undefined, undefined, 'give the folder of the standalone pages: --pages DIR'));
  }
  throwIfAny(missing);
}

/** A path with its symbolic links resolved, as far as it exists (the output folder may not yet). */
function realPath(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    const parent = path.dirname(p);
    return parent === p ? p : path.join(realPath(parent), path.basename(p));
  }
}

const within = (inner: string, outer: string) => inner === outer || pathInside(outer, inner) !== null;

/**
 * The output folder is replaced whole by every build (and emptied by the dev server's start): it
 * may not be, or hold, the sources, the project or the cache, nor lie inside a folder the site is
 * read from. `--out docs` replaced the docs with the built site.
 */
function checkOutputPlace(paths: SitePaths): void {
  const out = realPath(paths.outDir);
  const fix = 'give the output a folder of its own: --out DIR';
  // The project first: an output holding it holds the rest, and that is the one thing to say.
  const inputs: [string, string | null, string | null][] = [
    ['project', paths.root, null],
    ['docs folder', paths.docsDir, 'read as pages'],
    ['static folder', paths.staticDir, 'copied into the next output'],
    ['pages folder', paths.pagesDir, 'read as pages'],
    ['site config', paths.configPath, null],
    ['cache', paths.cacheDir, null],
  ];
  const errors: BuildError[] = [];
  for (const [name, input, inside] of inputs) {
    if (input === null) continue;
    const real = realPath(input);
    if (within(real, out)) {
      errors.push(new BuildError(`the output folder ${shown(paths.outDir)} would replace ${real === out ? 'the' : 'a folder holding the'} ${name} ${shown(input)}: the output folder is replaced whole`, undefined, undefined, fix));
      if (name === 'project') break;
    } else if (inside && within(out, real)) {
      errors.push(new BuildError(`the output folder ${shown(paths.outDir)} is inside the ${name} ${shown(input)}: its files would be ${inside}`, undefined, undefined, fix));
    }
  }
  throwIfAny(errors);
}

/**
 * An output folder holds what a build or the dev server wrote there, marked by its `_headers/`
 * folder (never served). A folder with other files is someone else's: replacing it would delete
 * them.
 */
function checkOutputIsOurs(outDir: string): void {
  let entries: string[];
  try {
    entries = readdirSync(outDir);
  } catch {
    return; // not there yet, or not a folder (said by the build's own check)
  }
  if (entries.length === 0 || entries.includes('_headers')) return;
  throw new BuildError(`the output folder ${shown(outDir)} holds files that no build wrote (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', …' : ''}); a build replaces the folder whole`, undefined, undefined,
    'give a new or empty folder with --out DIR, or move those files away first');
}

/**
 * What the build and the dev server check before reading anything: the inputs are there, and the
 * output folder is one of its own. `outputOwned`: a folder the engine owns by its name (the dev
 * server's default .dev/, which older versions left without _headers/).
 */
export function checkSitePaths(paths: SitePaths, options: PathOptions, outputOwned = false): void {
  checkInputsExist(paths, options);
  checkOutputPlace(paths);
  if (!outputOwned) checkOutputIsOurs(paths.outDir);
}
