// Where a build reads and writes: the defaults every build applies, in a module of its own so
// that the up-to-date check (build/index.ts) needs nothing heavier.
import path from 'node:path';

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
