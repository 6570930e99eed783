// What a batch of file events means for the site: the config, source pages, files next to
// pages (images), the theme (src/) or static files. The session rebuilds from this plan.
import path from 'node:path';
import { isIgnoredPath, sourceKindOf } from '../model/content.ts';
import { isFragmentPath } from '../markdown/includes.ts';
import { CATEGORY_FILES } from '../model/categories.ts';
import { TAGS_FILE } from '../model/tags.ts';

export type FileEvent = { type: 'add' | 'change' | 'unlink'; file: string };

export interface ChangePlan {
  config: boolean;
  /** Something under src/ the bundles are built from. */
  theme: boolean;
  /** Source pages (absolute path) and whether each still exists. */
  pages: Map<string, 'changed' | 'removed'>;
  /**
   * Other files under docs/ (images next to pages, fragments), and the files outside the site's
   * folders that pages show or include: the pages that mention or include them recompile.
   */
  pageAssets: Set<string>;
  /** Static files and whether each still exists. */
  statics: Map<string, 'changed' | 'removed'>;
  /**
   * A `_category_.json`/`.yml` under docs/ (build/model/categories.ts) or docs/tags.yml
   * (build/model/tags.ts): the sidebars and the generated pages are made again.
   */
  categories: boolean;
}

export interface WatchedDirs {
  configPath: string;
  /** The config file and the files it imports. */
  configFiles?: ReadonlySet<string>;
  srcDir: string;
  docsDir: string;
  /** null when the site has no pages folder (or the config had to be adapted). */
  pagesDir: string | null;
  staticDir: string;
}

export const emptyPlan = (): ChangePlan => ({ config: false, theme: false, pages: new Map(), pageAssets: new Set(), statics: new Map(), categories: false });

const within = (dir: string, file: string) => {
  const rel = path.relative(dir, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : null;
};

/** Editors' swap and backup files. */
const isEditorNoise = (rel: string) => /~$|\.sw[a-p]$|^\d+$|\.tmp$/.test(path.posix.basename(rel)) || rel.split('/').some((p) => p.startsWith('.'));
/** Those, and anything the build ignores. */
const isNoise = (rel: string) => isIgnoredPath(rel) || isEditorNoise(rel);

/** Source files of the theme: what esbuild reads. */
const THEME_FILE = /\.(tsx?|jsx?|mjs|css|json|svg|png|woff2?)$/;

export function planChanges(events: FileEvent[], dirs: WatchedDirs, plan: ChangePlan = emptyPlan()): ChangePlan {
  for (const { type, file } of events) {
    const state = type === 'unlink' ? 'removed' : 'changed';
    if (file === dirs.configPath) {
      plan.config = true;
      continue;
    }
    // A file the config imports (`./sidebars.ts` beside it) is the config too, and may be a theme file as well.
    if (dirs.configFiles?.has(file)) plan.config = true;
    const inPages = dirs.pagesDir ? within(dirs.pagesDir, file) : null;
    const inDocs = within(dirs.docsDir, file);
    const rel = inPages ?? inDocs;
    if (inDocs !== null && (CATEGORY_FILES.includes(path.posix.basename(inDocs)) || inDocs === TAGS_FILE)) {
      plan.categories = true;
      continue;
    }
    // A fragment (`_part.md`, build/markdown/includes.ts) or a snippet's file (`_snippets/main.tf`,
    // build/markdown/snippets.ts) is not a page: the pages that include it compile again.
    if (inDocs !== null && isFragmentPath(inDocs) && !isEditorNoise(inDocs)) {
      plan.pageAssets.add(file);
      continue;
    }
    if (rel !== null && !isNoise(rel)) {
      const kind = sourceKindOf(rel, inPages !== null ? 'pages' : 'docs');
      if (kind) plan.pages.set(file, state);
      else if (inDocs !== null) plan.pageAssets.add(file);
      // A React page is a page and part of the bundle (its chunk, the page registry).
      if (kind === 'react-page') plan.theme = true;
      if (kind) continue;
    }
    const inSrc = within(dirs.srcDir, file);
    if (inSrc !== null && !isNoise(inSrc) && THEME_FILE.test(inSrc)) {
      plan.theme = true;
      continue;
    }
    const inStatic = within(dirs.staticDir, file);
    if (inStatic !== null) {
      if (!isNoise(inStatic)) plan.statics.set(file, state);
      continue;
    }
    // Outside the site's folders, only the files that pages show or include and the config's are watched (build/dev/index.ts).
    if (rel === null && inSrc === null && !dirs.configFiles?.has(file) && !isEditorNoise(path.basename(file))) plan.pageAssets.add(file);
  }
  return plan;
}

export function isEmptyPlan(p: ChangePlan): boolean {
  return !p.config && !p.theme && !p.categories && p.pages.size === 0 && p.pageAssets.size === 0 && p.statics.size === 0;
}

/** "docs/a.md", "docs/a.md +2 more", "theme", "site config": what a rebuild line says changed. */
export function describePlan(p: ChangePlan, root: string): string {
  const rel = (f: string) => {
    const r = path.relative(root, f);
    return r.startsWith('..') ? f : r.split(path.sep).join('/');
  };
  const files = [...p.pages.keys(), ...p.pageAssets, ...p.statics.keys()].map(rel);
  const parts: string[] = [];
  if (p.config) parts.push('site config');
  if (p.theme) parts.push('theme');
  if (p.categories) parts.push('category or tags files');
  if (files.length) parts.push(files.length === 1 ? files[0] : `${files[0]} +${files.length - 1} more`);
  return parts.join(', ') || 'nothing';
}
