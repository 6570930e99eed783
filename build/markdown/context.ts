// Per-file state the Markdown plugins share. The unified processor is built once per worker and
// reused for every page, so anything page-specific travels on the VFile instead of in closures.
import type { VFile } from 'vfile';
import type { Warning } from '../errors.ts';
import type { RouteLookup } from '../output/page-markdown.ts';
import { byCodeUnit } from '../order.ts';
import type { LocalFile } from './links.ts';

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
  /**
   * Absolute source path → route, for rewriting relative `.md` links; each file asked about is
   * recorded in deps (the route table itself is not in the context, so no plugin can miss that).
   */
  routes: RouteLookup;
  /** What the compiled page depends on outside its own text: see CompileDeps. */
  deps: { routes: Map<string, string>; files: Map<string, string> };
  /** Images and linked files read by this page so far (kind and path → what was read): build/markdown/links.ts. */
  localFiles: Map<string, LocalFile>;
  /** Images next to the page found missing (absolute paths): warned once by the raw HTML pass. */
  missingImages?: Set<string>;
  warnings: Warning[];
  assets: AssetRef[];
  /** Fragments this page includes (absolute paths): build/markdown/includes.ts. */
  includes?: string[];
  /** The page has a `::doc-cards` (build/render/doc-cards.ts fills it from the sidebar). */
  docCards?: boolean;
  /** Page line of an `::include` → the fragment it brought in, for warnings about that text. */
  includedAt?: Map<number, string>;
}

/**
 * What a compiled page depends on besides its text and fragments, recorded while it compiles:
 * each file its links asked the route table about (its route, or '' for none) and each image
 * or other local file it shows or links to (the content hash in its URL, or '' when missing). A
 * cached page is taken again only when all of them still hold (build/markdown/compile-stage.ts),
 * so a page added elsewhere compiles nothing but the pages that link to its file, and an edited
 * image compiles the pages that show it. Each is one string, `file\0value\0file\0value…` (no path holds a NUL): kept
 * for every page through a build, a list of strings made two objects per link.
 */
export interface CompileDeps {
  routes?: string;
  files?: string;
}

/** The route table as a page sees it, recording each file it asks about in ctx.deps. */
export function recordingRoutes(routeOfFile: Map<string, string>, deps: CompileContext['deps']): RouteLookup {
  return {
    get(file) {
      const route = routeOfFile.get(file);
      deps.routes.set(file, route ?? '');
      return route;
    },
  };
}

/** The deps as stored with the page (sorted, so that equal deps are equal lists). */
export function depsOf(deps: CompileContext['deps']): CompileDeps {
  const flat = (m: Map<string, string>) => [...m].sort(([a], [b]) => byCodeUnit(a, b)).flat().join('\0');
  return { ...(deps.routes.size ? { routes: flat(deps.routes) } : {}), ...(deps.files.size ? { files: flat(deps.files) } : {}) };
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
