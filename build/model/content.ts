// Finds every source page: Markdown docs under the docs folder and the non-doc pages under
// src/pages (Markdown or a React component). Reads each file and its front matter once.
//
// A page's text is decoded from its bytes only when something asks for it: decoding every page
// (UTF-8 into two-byte strings, for Cyrillic) took ~0.1 s at 1000 pages and left as many megabytes
// of strings to the garbage collector, while a build that finds most pages compiled in its cache
// reads the text of the few it compiles. The front matter is decoded on its own, from the head of
// the file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder, pathInside, toPosix } from '../file-tree.ts';
import { isCategoryIndexName } from './category-index.ts';
import { withoutNumberPrefixes } from './number-prefix.ts';
import { readSourceFile, sourceHash, withoutBom, type SourceFile } from './source-file.ts';
import { BuildError, BuildErrors, throwIfAny, type Warning } from '../errors.ts';
import { FENCE, frontMatterKeyLine, splitFrontMatter, type FrontMatter, type FrontMatterMemo } from './frontmatter.ts';

export type SourceKind = 'doc' | 'markdown-page' | 'react-page';

export interface SourcePage {
  kind: SourceKind;
  /** Doc id used by sidebars: path under docs/ without extension (`info/introduction`) and number prefixes (docIdOf). */
  id: string;
  /** A doc whose path has number prefixes: that path without the extension (`02-guide/01-setup`), for the sidebar's order. */
  sourceId?: string;
  /** Path relative to the project root, for messages. */
  file: string;
  absPath: string;
  route: string;
  frontMatter: FrontMatter;
  /** The text after the front matter (decoded when first read). */
  body: string;
  bodyLineOffset: number;
  /** The file's whole text (decoded when first read). */
  raw: string;
  /** sha256 of the file's bytes: with its fragments, the cache key of the compiled page. */
  hash: string;
  /** The file's size in bytes. */
  size: number;
  /** The text has an `::include` directive or a `<<<` snippet line: the files they read are part of the compile's key. */
  mayInclude: boolean;
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

/**
 * A doc's id, as Docusaurus gives it: its path under the docs folder without the extension and
 * without number prefixes (`02-guide/01-setup.md` → `guide/setup`, build/model/number-prefix.ts).
 * `keepOwnPrefix` (front matter `parse_number_prefixes: false`) keeps the file name's.
 */
export function docIdOf(relPath: string, keepOwnPrefix = false): string {
  const id = sourceIdOf(relPath);
  if (!keepOwnPrefix) return withoutNumberPrefixes(id);
  const slash = id.lastIndexOf('/');
  return slash < 0 ? id : `${withoutNumberPrefixes(id.slice(0, slash))}/${id.slice(slash + 1)}`;
}

/**
 * A doc's route from its id, as Docusaurus gives it: the id, except that a folder's category
 * index page (`guide/index`, `guide/README`, `guide/guide`, any case) is at the folder's route;
 * `index` or `README` at the top is the site's root.
 */
export function routeOfDocId(id: string): string {
  const slash = id.lastIndexOf('/');
  const folder = slash < 0 ? '' : id.slice(0, slash);
  return isCategoryIndexName(id.slice(slash + 1), folder) ? `/${folder}` : `/${id}`;
}

/** A doc's route from its path (no front matter read): routeOfDocId of its docIdOf. */
export const routeOfDocPath = (relPath: string) => routeOfDocId(docIdOf(relPath));

/**
 * A doc's id and route from its path and front matter (`parse_number_prefixes`, `slug`); `file`
 * and `raw` name the source in the error about a slug that leaves the site.
 */
export function docIdAndRoute(relPath: string, frontMatter: Pick<FrontMatter, 'slug' | 'parse_number_prefixes'>, file: string, raw: string): { id: string; route: string } {
  const id = docIdOf(relPath, frontMatter.parse_number_prefixes === false);
  // A relative slug is relative to the doc's folder as its id writes it (number prefixes dropped).
  return { id, route: frontMatter.slug !== undefined ? routeOfSlug(frontMatter.slug, `${id}.md`, file, raw) : routeOfDocId(id) };
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

/** Reads a source's bytes; a build may have them already (build/cache/up-to-date.ts). */
export type SourceReader = (absPath: string) => SourceFile;

/** A reader that takes each file once from `read` (bytes already in hand), and from disk otherwise. */
export function readerOf(read: Map<string, SourceFile>): SourceReader {
  return (absPath) => {
    const key = path.resolve(absPath);
    const data = read.get(key);
    if (!data) return readSourceFile(absPath);
    read.delete(key);
    return data;
  };
}

/**
 * The front matter block at the start of a file (both fence lines), decoded; '' when the file
 * has none. Found in the bytes as FENCE finds it in the text (the first `---` line after the
 * opening one), then checked with FENCE itself; null when the check fails, and the caller
 * decodes the whole file instead. A byte order mark before it (withoutBom) is part of the head,
 * so that the body starts after both: the head is then "\uFEFF" when there is no block.
 */
function frontMatterHead(bytes: Buffer): string | null {
  const from = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const none = from ? '\uFEFF' : '';
  if (bytes.length < from + 3 || bytes[from] !== 0x2d || bytes[from + 1] !== 0x2d || bytes[from + 2] !== 0x2d) return none;
  const afterOpening = bytes.indexOf(0x0a, from) + 1 || bytes.length;
  for (let at = bytes.indexOf('\n---', afterOpening); at >= 0; at = bytes.indexOf('\n---', at + 1)) {
    let end = at + 4;
    while (bytes[end] === 0x20 || bytes[end] === 0x09) end++;
    if (bytes[end] === 0x0d) end++;
    if (end < bytes.length && bytes[end] !== 0x0a) continue;
    const head = bytes.toString('utf8', 0, Math.min(end + 1, bytes.length));
    const block = withoutBom(head);
    const match = FENCE.exec(block);
    return match && match[0].length === block.length ? head : null;
  }
  return FENCE.test(withoutBom(bytes.toString('utf8'))) ? null : none;
}

/**
 * A page whose text is decoded from its bytes each time it is read, and not kept: a page holds its
 * bytes only (a cold build's compile reads every body once, and would otherwise hold each page
 * twice until the sources are let go). Setting raw and body replaces them; once both are set
 * (to '' by the pipeline) the bytes go.
 */
class LoadedSource implements SourcePage {
  private rawText?: string;
  private bodyText?: string;
  /** undefined: not read yet (a file known by its stamp); null: let go. */
  private bytes: Buffer | null | undefined;
  /** Hashed when first asked for (or before the bytes go): a dev server's first page needs no hash. */
  private hashValue: string | undefined;
  readonly size: number;
  readonly mayInclude: boolean;
  sourceId?: string;
  /** A stamped page's recorded first line (SourceHead.firstLine), if it has one. */
  private readonly firstLine: string | undefined;

  constructor(
    readonly kind: SourceKind, readonly id: string, readonly file: string, readonly absPath: string, public route: string,
    readonly frontMatter: FrontMatter, readonly bodyLineOffset: number, readonly warnings: Warning[] | undefined,
    source: SourceFile,
    /** Where the body starts, in bytes. */
    private readonly bodyStart: number,
  ) {
    if (source.bytes) {
      this.bytes = source.bytes;
      this.hashValue = source.hash;
      this.size = source.bytes.length;
      this.mayInclude = source.bytes.includes('::include', bodyStart) || source.bytes.includes('<<<', bodyStart);
    } else {
      this.hashValue = source.hash;
      this.size = source.size;
      this.mayInclude = source.head.mayInclude;
    }
    this.firstLine = source.bytes ? undefined : source.head.firstLine;
  }

  get hash(): string {
    return (this.hashValue ??= sourceHash(this.bytes!));
  }

  get raw(): string {
    return this.rawText ?? this.text()?.toString('utf8') ?? '';
  }

  set raw(text: string) {
    this.rawText = text;
    this.letGo();
  }

  get body(): string {
    return this.bodyText ?? this.text()?.toString('utf8', this.bodyStart) ?? '';
  }

  set body(text: string) {
    this.bodyText = text;
    this.letGo();
  }

  /**
   * The body up to the end of its first line that is not blank, decoded alone: a page's guessed
   * title needs no more, and decoding whole bodies took ~0.4 s at 10,000 pages. Decoded whole
   * when the first byte past the ASCII blanks is not ASCII (a Unicode space may make its line blank).
   */
  bodyToFirstLine(): string {
    if (this.bodyText !== undefined) return this.bodyText;
    if (this.bytes === undefined && this.firstLine !== undefined) return this.firstLine;
    const bytes = this.text();
    if (!bytes) return '';
    let at = this.bodyStart;
    while (at < bytes.length && (bytes[at] === 0x20 || (bytes[at] >= 0x09 && bytes[at] <= 0x0d))) at++; // what \s matches in ASCII
    if (at < bytes.length && bytes[at] >= 0x80) return this.body;
    const end = bytes.indexOf(0x0a, at);
    return bytes.toString('utf8', this.bodyStart, end < 0 ? bytes.length : end);
  }

  /**
   * The file's bytes, read now when it was known by its stamp. They must be those the stamp stood
   * for: a file written since the build began would make this page of another version than the rest.
   */
  private text(): Buffer | null {
    if (this.bytes !== undefined) return this.bytes;
    let bytes: Buffer;
    try {
      bytes = readFileSync(this.absPath);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new SourceChangedError(this.file);
      throw e;
    }
    if (sourceHash(bytes) !== this.hash) throw new SourceChangedError(this.file);
    return (this.bytes = bytes);
  }

  /** Reads the file's bytes now if it was known by its stamp (see loadSource). */
  load(): void {
    this.text();
  }

  /** Once both texts are set, the bytes are not needed any more. */
  private letGo(): void {
    if (this.rawText === undefined || this.bodyText === undefined) return;
    this.hashValue ??= sourceHash(this.bytes!); // what the hash stood for goes now
    this.bytes = null;
  }
}

/** Text up to the end of its first line that is not blank (bodyToFirstLine may give more). */
const firstLineOf = (text: string) => /^(?:\s*\n)*[^\n]*/.exec(text)![0];

/** A page known by its stamp whose file no longer has the bytes the stamp stood for (edited or removed since). */
export class SourceChangedError extends BuildError {
  constructor(file: string) {
    super('the file changed while the site was being built', file, undefined, 'build again');
  }
}

/**
 * Makes sure a page's bytes are in hand (a page known by its stamp is read now); false when its
 * file changed or went since it was looked at: the dev server then waits for the watcher's news
 * of it, which reads it again.
 */
export function loadSource(page: SourcePage): boolean {
  if (!(page instanceof LoadedSource)) return true;
  try {
    page.load();
    return true;
  } catch (e) {
    if (e instanceof SourceChangedError) return false;
    throw e;
  }
}

/**
 * The start of a page's body as far as its first line that is not blank (more when that is
 * cheaper): what a guess at its title reads.
 */
export function bodyToFirstLine(page: SourcePage): string {
  return page instanceof LoadedSource ? page.bodyToFirstLine() : page.body;
}

/**
 * A page the build makes rather than reads (a generated-index category's: build/model/generated-index.ts;
 * a tag's: build/model/tags.ts):
 * its Markdown, a path of its own that no file has, the file its messages name, its id and route.
 */
/**
 * A generated page's Markdown: its front matter (each value written as a JSON string, which YAML
 * reads as it is; null as null; undefined left out), then its lines.
 */
export function generatedMarkdown(frontMatter: Record<string, string | null | undefined>, lines: string[]): string {
  const keys = Object.entries(frontMatter).flatMap(([key, v]) => (v === undefined ? [] : [`${key}: ${v === null ? 'null' : JSON.stringify(v)}`]));
  return ['---', ...keys, '---', '', ...lines].join('\n');
}

export function generatedSourcePage(text: string, absPath: string, file: string, id: string, route: string, kind: 'doc' | 'markdown-page' = 'doc'): SourcePage {
  const { frontMatter, warnings, body, bodyLineOffset } = splitFrontMatter(text, file);
  return new LoadedSource(kind, id, file, absPath, route, frontMatter, bodyLineOffset, warnings, { bytes: Buffer.from(text) }, Buffer.byteLength(text) - Buffer.byteLength(body));
}

export function readSourcePage(kind: SourceKind, rootDir: string, projectRoot: string, rel: string, memo?: FrontMatterMemo, read: SourceReader = readSourceFile): SourcePage {
  const absPath = path.join(rootDir, rel);
  const file = pathInside(projectRoot, absPath) ?? toPosix(path.relative(projectRoot, absPath));
  if (/\.mdx$/i.test(rel)) {
    throw new BuildError('.mdx files are not read here: MDX (imports, JSX components) is not part of this generator\'s Markdown', file, 1,
      `rename it to ${path.posix.basename(rel).replace(/\.mdx$/i, '.md')} and write its JSX as Markdown or directives (npm run migrate -- <docusaurus site> <docs folder> converts the common Docusaurus forms)`);
  }
  const source = read(absPath);
  if (kind === 'react-page') {
    const size = source.bytes ? source.bytes.length : source.size;
    source.keepHead?.({ frontMatter: '', mayInclude: false });
    return new LoadedSource(kind, sourceIdOf(rel), file, absPath, routeOfPath(rel), {}, 0, undefined, source, size);
  }
  // A file known by its stamp has its front matter recorded; a file read has it found in its bytes.
  const head = source.bytes ? frontMatterHead(source.bytes) : source.head.frontMatter;
  // The head is the file's start, so its front matter, line numbers and slug line are the file's.
  const text = head ?? source.bytes!.toString('utf8');
  const { frontMatter, warnings, body, bodyLineOffset } = splitFrontMatter(text, file, memo);
  const pathId = sourceIdOf(rel);
  const { id, route } = kind === 'doc' ? docIdAndRoute(rel, frontMatter, file, text)
    : { id: pathId, route: frontMatter.slug !== undefined ? routeOfSlug(frontMatter.slug, rel, file, text) : routeOfPath(rel) };
  const page = new LoadedSource(kind, id, file, absPath, route, frontMatter, bodyLineOffset, warnings, source, Buffer.byteLength(head ?? ''));
  if (id !== pathId) page.sourceId = pathId;
  // A head not found in the bytes (the file was decoded whole) is not recorded: the next build reads the file again.
  // A page without a front-matter title keeps its first line too: a title may be there.
  if (head !== null) source.keepHead?.({ frontMatter: head, mayInclude: page.mayInclude, ...(frontMatter.title === undefined ? { firstLine: firstLineOf(page.bodyToFirstLine()) } : {}) });
  if (head === null) page.body = body;
  return page;
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
    const line = frontMatterKeyLine(raw, 'slug');
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
      else if (e instanceof BuildErrors) errors.push(...e.errors);
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
  throwIfAny(errors);
  return pages;
}
