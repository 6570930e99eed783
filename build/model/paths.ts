// Where a build reads and writes: the defaults every build applies, in a module of its own so
// that the up-to-date check (build/index.ts) needs nothing heavier.
import { statSync } from 'node:fs';
import path from 'node:path';
import { BuildError, throwIfAny } from '../errors.ts';

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

/**
 * The input folders and the config must be there before anything is built: a mistyped --docs
 * otherwise reads as a site whose every page is missing (one error per sidebar item). The static
 * folder and the standalone pages are optional by default, but not when named on the command line.
 */
export function checkInputsExist(paths: SitePaths, options: PathOptions): void {
  const shown = (p: string) => path.relative(process.cwd(), p) || p;
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
