// Per-file state the Markdown plugins share. The unified processor is built once per worker and
// reused for every page, so anything page-specific travels on the VFile instead of in closures.
import type { VFile } from 'vfile';
import type { Warning } from '../errors.ts';

export interface AssetRef {
  /** Absolute path of the source file. */
  source: string;
  /** Public URL the page now points at (content-hashed). */
  url: string;
}

export interface CompileContext {
  /** Path shown in messages, relative to the project root. */
  file: string;
  absPath: string;
  source: string;
  lineOffset: number;
  /** Absolute source path → route, for rewriting relative `.md` links. */
  routeOfFile: Map<string, string>;
  warnings: Warning[];
  assets: AssetRef[];
  /** Fragments this page includes (absolute paths): build/markdown/includes.ts. */
  includes?: string[];
  /** Page line of an `::include` → the fragment it brought in, for warnings about that text. */
  includedAt?: Map<number, string>;
}

export function contextOf(file: VFile): CompileContext {
  const ctx = file.data.ctx as CompileContext | undefined;
  if (!ctx) throw new Error('Markdown plugin ran without a compile context on the VFile');
  return ctx;
}

export function warn(ctx: CompileContext, line: number | undefined, message: string) {
  const fragment = line === undefined ? undefined : ctx.includedAt?.get(line);
  ctx.warnings.push({ file: ctx.file, line: line === undefined ? undefined : line + ctx.lineOffset, message: fragment ? `${message} (in ${fragment}, included at this line)` : message });
}
