// A source file as the build has it, shared by the input fingerprint (build/cache/up-to-date.ts,
// loaded before the pipeline, so this module stays light) and discovery (build/model/content.ts):
// the fingerprint reads and hashes each page once, and discovery takes both. A page unchanged since
// a build read it is known by its stamp instead (build/cache/input-stamps.ts): its hash and what
// discovery takes from its start, without its bytes.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** What discovery takes from the start of a page's file. */
export interface SourceHead {
  /** The front matter block with both fence lines, as text ('' when the file has none): the body starts after it. */
  frontMatter: string;
  /** The body has an `::include` directive or a `<<<` snippet line. */
  mayInclude: boolean;
  /**
   * A page without a title in its front matter: its body up to its first line that is not blank,
   * where a `# ` title may be (the dev server's first page names the other pages with it).
   */
  firstLine?: string;
}

/** A file read: its bytes, their sha256 (hex) when whoever read them has it already. */
export interface ReadSource {
  bytes: Buffer;
  hash?: string;
  /** Keeps what discovery found at the file's start for the next build, which may then not read the file. */
  keepHead?: (head: SourceHead) => void;
}

/** A file known unchanged by its stamp: not read (its bytes are read when a stage asks for its text). */
export interface StampedSource {
  bytes?: undefined;
  hash: string;
  size: number;
  head: SourceHead;
  keepHead?: undefined;
}

export type SourceFile = ReadSource | StampedSource;

/** sha256 of a source's bytes, in hex: the compiled page's cache key, and the input fingerprint's. */
export const sourceHash = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** A source read from disk, as every reader does for a file it has nothing on (ENOENT when it is gone). */
export const readSourceFile = (absPath: string): SourceFile => ({ bytes: readFileSync(absPath) });

/**
 * A text without the byte order mark some Windows editors put at its start (Notepad, Visual
 * Studio): read as UTF-8 by Node, it stays in the text as U+FEFF and would hide the front matter's
 * opening `---` (the page's title and keys shown as its text) and a fragment's or a code file's
 * first characters. gray-matter, which Docusaurus reads front matter with, drops it too.
 */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A text file the site reads as Markdown or shows as code (a fragment, a snippet's file), as text without its byte order mark. */
export const readTextFile = (file: string): string => withoutBom(readFileSync(file, 'utf8'));
