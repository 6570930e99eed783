// Finds every source page: Markdown docs under the docs folder and the non-doc pages under
// src/pages (Markdown or a React component). Reads each file and its front matter once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder } from '../file-tree.ts';
import { BuildError, BuildErrors, type Warning } from '../errors.ts';
import { splitFrontMatter, type FrontMatter, type FrontMatterMemo } from './frontmatter.ts';

export type SourceKind = 'doc' | 'markdown-page' | 'react-page';

export interface SourcePage {
  kind: SourceKind;
  /** Doc id used by sidebars: path under docs/ without extension (`info/introduction`). */
  id: string;
  /** Path relative to the project root, for messages. */
  file: string;
  absPath: string;
  route: string;
  frontMatter: FrontMatter;
  body: string;
  bodyLineOffset: number;
  /** Raw file text, the cache key of the compiled page. */
  raw: string;
  /** Front-matter keys that have no effect here (build/model/frontmatter.ts). */
  warnings?: Warning[];
}

const MARKDOWN = /\.mdx?$/;
const REACT = /\.tsx$/;

/** `_partial.md`, `.drafts/…`: files and folders starting with `_` or `.` are never sources. */
export function isIgnoredPath(rel: string): boolean {
  return rel.split('/').some((p) => p.startsWith('_') || p.startsWith('.'));
}

/** Files under dir (relative, `/`-separated, sorted), without ignored files and folders. */
export function listFiles(dir: string): string[] {
  return filesUnder(dir, (name) => name.startsWith('_') || name.startsWith('.'));
}

/** `info/introduction.md` → `/info/introduction`; `a/index.md` → `/a`; `index.md` → `/`. */
export function routeOfPath(relPath: string): string {
  const noExt = relPath.replace(MARKDOWN, '').replace(REACT, '');
  const trimmed = noExt === 'index' ? '' : noExt.replace(/\/index$/, '');
  return `/${trimmed}`;
}

/** What a file is as a source: any Markdown file; a `.tsx` only in the pages folder; null otherwise. */
export function sourceKindOf(rel: string, folder: 'docs' | 'pages'): SourceKind | null {
  if (MARKDOWN.test(rel)) return folder === 'docs' ? 'doc' : 'markdown-page';
  return folder === 'pages' && REACT.test(rel) ? 'react-page' : null;
}

/** A source's id: its path in its folder without the extension (`guide/setup.md` → `guide/setup`). */
export function sourceIdOf(rel: string): string {
  return rel.replace(MARKDOWN, '').replace(REACT, '');
}

/** Reads a source's text; a build may have its bytes already (build/cache/up-to-date.ts). */
export type SourceReader = (absPath: string) => string;
const readText: SourceReader = (absPath) => readFileSync(absPath, 'utf8');

/** A reader that takes each file once from `read` (bytes already in hand), and from disk otherwise. */
export function readerOf(read: Map<string, Buffer>): SourceReader {
  return (absPath) => {
    const data = read.get(path.resolve(absPath));
    if (!data) return readText(absPath);
    read.delete(path.resolve(absPath));
    return data.toString('utf8');
  };
}

export function readSourcePage(kind: SourceKind, rootDir: string, projectRoot: string, rel: string, memo?: FrontMatterMemo, read: SourceReader = readText): SourcePage {
  const absPath = path.join(rootDir, rel);
  const file = path.relative(projectRoot, absPath).split(path.sep).join('/');
  if (/\.mdx$/i.test(rel)) {
    throw new BuildError('.mdx files are not read here: MDX (imports, JSX components) is not part of this generator\'s Markdown', file, 1,
      `rename it to ${path.posix.basename(rel).replace(/\.mdx$/i, '.md')} and write its JSX as Markdown or directives (npm run migrate -- <docusaurus site> <docs folder> converts the common Docusaurus forms)`);
  }
  const raw = read(absPath);
  const id = sourceIdOf(rel);
  if (kind === 'react-page') {
    return { kind, id, file, absPath, route: routeOfPath(rel), frontMatter: {}, body: '', bodyLineOffset: 0, raw };
  }
  const { frontMatter, warnings, body, bodyLineOffset } = splitFrontMatter(raw, file, memo);
  const route = frontMatter.slug === undefined ? routeOfPath(rel) : routeOfSlug(frontMatter.slug, rel, file, raw);
  return { kind, id, file, absPath, route, frontMatter, body, bodyLineOffset, raw, warnings };
}

/**
 * A front-matter slug as Docusaurus reads it: `/a/b` is the route itself, `b` or `../b` is
 * relative to the folder of the file (`guide/x.md` with `slug: setup` → `/guide/setup`).
 */
export function routeOfSlug(slug: string, rel: string, file: string, raw: string): string {
  if (slug.startsWith('/')) return slug.length > 1 ? slug.replace(/\/+$/, '') : slug;
  const folder = path.posix.dirname(rel.split(path.sep).join('/'));
  const joined = path.posix.normalize(`/${folder === '.' ? '' : folder}/${slug}`).replace(/\/+$/, '') || '/';
  if (joined.startsWith('/..') || slug.split('/').filter((p) => p === '..').length > (folder === '.' ? 0 : folder.split('/').length)) {
    const line = raw.split('\n').findIndex((l) => /^slug\s*:/.test(l)) + 1 || 2;
    throw new BuildError(`slug "${slug}" leads above the docs folder`, file, line, 'write the route from the docs root, e.g. slug: /guide/setup');
  }
  return joined;
}

export interface ContentDirs {
  projectRoot: string;
  docsDir: string | null;
  pagesDir: string | null;
}

/** Every page of the folders; `memo` keeps the front matter read by earlier builds. */
export function discoverContent(dirs: ContentDirs, memo?: FrontMatterMemo, read?: SourceReader): SourcePage[] {
  const pages: SourcePage[] = [];
  const errors: BuildError[] = [];
  const add = (kind: SourceKind, dir: string, rel: string) => {
    try {
      pages.push(readSourcePage(kind, dir, dirs.projectRoot, rel, memo, read));
    } catch (e) {
      if (e instanceof BuildError) errors.push(e);
      else throw e;
    }
  };
  const docsDir = dirs.docsDir;
  for (const [dir, folder] of [[docsDir, 'docs'], [dirs.pagesDir, 'pages']] as const) {
    if (!dir) continue;
    for (const rel of listFiles(dir)) {
      const kind = sourceKindOf(rel, folder);
      if (kind) add(kind, dir, rel);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new BuildErrors(errors);
  return pages;
}
