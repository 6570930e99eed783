// What the dev session (build/dev/session.ts) knows of the site's sources between rebuilds: every
// source read (the last version that parsed), the generated pages beside them (generated-index
// categories, tags), each page's compiled Markdown, and which sources a rebuild read again or must
// compile again. A source that fails to read or compile keeps its last good version on the site;
// its error goes into the session's error list under the file's name until it is fixed.
import path from 'node:path';
import type { SiteConfig } from '../../src/config/schema.ts';
import { BuildError, type Warning } from '../errors.ts';
import { pathInside } from '../file-tree.ts';
import { compilePages } from '../markdown/compile-stage.ts';
import { drawDiagramsOf } from '../diagrams/index.ts';
import { compileMarkdown, filesShownBy, type CompiledMarkdown } from '../markdown/compile.ts';
import type { Categories } from '../model/categories.ts';
import { listFiles, loadSource, readSourcePage, sourceKindOf, type SourcePage, type SourceReader } from '../model/content.ts';
import { generatedIndexPages } from '../model/generated-index.ts';
import type { SitePaths } from '../model/site.ts';
import { NO_TAG_DEFINITIONS, siteTags, type TagDefinitions } from '../model/tags.ts';
import { byCodeUnit } from '../order.ts';

/** Beyond this many pages to compile at once, the build's cached, multi-threaded stage is used. */
const BATCH_COMPILE = 16;

/** The session's error key for a page that failed to compile (one that failed to read has its own path). */
const compileKey = (file: string) => `${file} (compile)`;
/** The session's error key for the generated pages. */
const GENERATED = ' generated pages';

function asBuildError(e: unknown, file?: string): unknown {
  if (e instanceof Error && !(e instanceof BuildError) && e.name !== 'BuildErrors' && file) return new BuildError(e.message, file);
  return e;
}

/** One Markdown source compiled on this thread. */
export function compileSource(s: SourcePage, routeOfFile: Map<string, string>): CompiledMarkdown {
  return compileMarkdown({ file: s.file, absPath: s.absPath, body: s.body, lineOffset: s.bodyLineOffset }, routeOfFile);
}

/** The source file (path under the project) of the page at `route`. */
export function sourceOfRoute(route: string, list: SourcePage[]): string | undefined {
  return list.find((s) => s.route === route)?.file;
}

export class DevSources {
  /** Every source read so far (the last version that parsed), by absolute path. */
  readonly byFile = new Map<string, SourcePage>();
  /** Where each source sorts in the build order (docs first, then by path). */
  private readonly sortKeys = new Map<string, string>();
  /** Each Markdown page's compiled form, by absolute path. */
  readonly compiled = new Map<string, CompiledMarkdown>();
  /** Sources to compile again (read again, or mentioning a file that moved). */
  private readonly stale = new Set<string>();
  /** Sources read again in this rebuild (their page data may have changed); cleared by the session at each rebuild. */
  readonly touched = new Set<string>();
  /** The paths of the generated pages (generated-index categories, tags) among the sources. */
  private generated = new Set<string>();
  /** The sources' paths in build order; dropped when a source comes or goes (list() sorts again). */
  private order?: string[];
  private cameOrWent = 0;
  /** The docs' ids (docIds), until a doc comes, goes or changes its id. */
  private docIdSet?: Set<string>;

  /** errors: the session's, by cause; a source's are kept under its path (and compileKey). */
  constructor(private readonly paths: SitePaths, private readonly errors: Map<string, unknown>) {}

  /** The folder a source path is in, and its path there. */
  locate(file: string): { dir: string; rel: string; folder: 'docs' | 'pages' } | null {
    for (const [dir, folder] of [[this.paths.pagesDir, 'pages'], [this.paths.docsDir, 'docs']] as const) {
      if (!dir) continue;
      const rel = pathInside(dir, file);
      if (rel !== null) return { dir, rel, folder };
    }
    return null;
  }

  /** Every source file on disk now, and every known one that is gone. */
  everySource(): Map<string, 'changed' | 'removed'> {
    const all = new Map<string, 'changed' | 'removed'>();
    for (const file of this.byFile.keys()) all.set(file, 'removed');
    for (const [dir, folder] of [[this.paths.docsDir, 'docs'], [this.paths.pagesDir, 'pages']] as const) {
      if (!dir) continue;
      for (const rel of listFiles(dir)) if (sourceKindOf(rel, folder)) all.set(path.join(dir, rel), 'changed');
    }
    return all;
  }

  /** Drops a source (a file gone, or a generated page no category asks for any more) and all that was made of it. */
  private forget(file: string) {
    if (this.byFile.delete(file)) {
      this.order = undefined;
      this.docIdSet = undefined;
      this.cameOrWent++;
    }
    this.sortKeys.delete(file);
    this.compiled.delete(file);
    this.stale.delete(file);
    this.errors.delete(file);
    this.errors.delete(compileKey(file));
  }

  /**
   * Reads a source that changed on disk (or forgets one that is gone); a new version is marked
   * touched and stale. `reader`: how its file is read (the first build's knows unchanged files by
   * their stamps, build/cache/input-stamps.ts).
   */
  read(file: string, state: 'changed' | 'removed', reader?: SourceReader) {
    const where = this.locate(file);
    const kind = where && sourceKindOf(where.rel, where.folder);
    const forget = () => this.forget(file);
    if (!where || !kind || state === 'removed') return forget();
    try {
      const source = readSourcePage(kind, where.dir, this.paths.root, where.rel, undefined, reader);
      this.errors.delete(file);
      this.keep(source, `${where.folder === 'docs' ? 0 : 1}${where.rel}`);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return forget();
      // The last version that parsed stays on the site until this one is fixed.
      this.errors.set(file, asBuildError(e, path.relative(this.paths.root, file)));
    }
  }

  private keep(source: SourcePage, sortKey: string) {
    const file = source.absPath;
    const old = this.byFile.get(file);
    this.byFile.set(file, source);
    if (!old) {
      this.order = undefined;
      this.cameOrWent++;
    }
    if (!old || old.id !== source.id || old.kind !== source.kind) this.docIdSet = undefined;
    this.sortKeys.set(file, sortKey);
    // A new source is not hashed here: the first page of a dev server waits for every source read.
    const changed = !old || old.hash !== source.hash;
    if (changed) this.touched.add(file);
    if (source.kind !== 'react-page' && (changed || !this.compiled.has(file))) this.stale.add(file);
  }

  /**
   * The pages of generated-index categories (build/model/generated-index.ts) and of tags
   * (build/model/tags.ts), kept with the sources read from files. Returns the tags' warnings and,
   * unless they failed (the error is kept), each tag page's docs.
   */
  syncGenerated(config: SiteConfig, categories: Categories | undefined, tagDefs: TagDefinitions | undefined): { warnings: Warning[]; docsOfTag?: Map<string, string[]> } {
    let made: SourcePage[] = [];
    let result: { warnings: Warning[]; docsOfTag?: Map<string, string[]> } = { warnings: [] };
    try {
      const read = this.docs().filter((d) => !this.generated.has(d.absPath));
      const tags = siteTags(read, tagDefs ?? NO_TAG_DEFINITIONS, config, this.paths.docsDir);
      made = [...generatedIndexPages(categories ?? new Map(), this.paths.docsDir, read), ...tags.pages];
      result = { warnings: tags.warnings, docsOfTag: tags.docsOfTag };
      this.errors.delete(GENERATED);
    } catch (e) {
      this.errors.set(GENERATED, e);
    }
    const now = new Set(made.map((p) => p.absPath));
    for (const file of this.generated) if (!now.has(file)) this.forget(file);
    for (const page of made) this.keep(page, `0${path.relative(this.paths.docsDir, page.absPath)}`);
    this.generated = now;
    return result;
  }

  /** Counts the sources that came or went: unchanged between two rebuilds, the same files are there. */
  get membership(): number {
    return this.cameOrWent;
  }

  /** The ids of the docs (what the config's sidebars may name). */
  docIds(): ReadonlySet<string> {
    return (this.docIdSet ??= new Set(this.docs().map((d) => d.id)));
  }

  docs(): SourcePage[] {
    return [...this.byFile.values()].filter((s) => s.kind === 'doc');
  }

  /** The sources of the site in build order: docs, then the pages folder (unless `adapted`: build/model/site.ts, adaptSite). */
  list(adapted: boolean): SourcePage[] {
    // The order is kept between rebuilds: an edit replaces a source, it does not move it.
    this.order ??= [...this.byFile.keys()]
      .map((file) => [this.sortKeys.get(file)!, file] as const)
      .sort(([a], [b]) => byCodeUnit(a, b))
      .map(([, file]) => file);
    const list: SourcePage[] = [];
    for (const file of this.order) {
      const s = this.byFile.get(file)!;
      if (s.kind === 'doc' || !adapted || this.generated.has(file)) list.push(s);
    }
    return list;
  }

  /** Every file the compiled pages show (`<<<`, images) or include (absolute paths). */
  filesShown(): string[] {
    return [...this.compiled.values()].flatMap(filesShownBy);
  }

  /** Marks every Markdown page for compiling (the compile's settings changed with the config). */
  markAllStale(): void {
    for (const [file, s] of this.byFile) if (s.kind !== 'react-page') this.stale.add(file);
  }

  /** Marks for compiling the pages whose text mentions one of these files (links, images). */
  markMentioning(files: string[], list: SourcePage[]) {
    if (files.length === 0) return;
    const names = [...new Set(files.flatMap((f) => [path.basename(f), encodeURIComponent(path.basename(f))]))];
    for (const s of list) {
      if (s.kind === 'react-page') continue;
      // Named in the page's text, or included through another fragment (the compile recorded it).
      const includes = this.compiled.get(s.absPath)?.includes;
      if (!loadSource(s) || names.some((n) => s.raw.includes(n)) || files.some((f) => includes?.includes(f))) this.stale.add(s.absPath);
    }
  }

  /** Compiles the stale pages of `list`; returns which were compiled. */
  async compileStale(list: SourcePage[], routeOfFile: Map<string, string>, warnings: Warning[]): Promise<Set<string>> {
    // A page known by its stamp is read now; one whose file changed or went since the first build
    // looked at it stays stale, without an error: the watcher reports that change, and the rebuild
    // it starts reads the file again.
    const todo = list.filter((s) => s.kind !== 'react-page' && this.stale.has(s.absPath) && loadSource(s));
    const done = new Set<string>();
    const accept = (file: string, c: CompiledMarkdown) => {
      this.compiled.set(file, c);
      this.errors.delete(compileKey(file));
      warnings.push(...(this.byFile.get(file)?.warnings ?? []), ...c.warnings);
      done.add(file);
    };
    if (todo.length > BATCH_COMPILE) {
      try {
        const { results } = await compilePages(todo, routeOfFile, this.paths.cacheDir);
        for (const [file, c] of results) accept(file, c);
      } catch {
        /* one page failed: compile them one by one below to find it */
      }
    }
    const rest = todo.filter((s) => !done.has(s.absPath));
    // Their new diagrams in one browser; when one cannot be drawn, page by page below finds whose it is.
    await drawDiagramsOf(rest).catch(() => {});
    for (const s of rest) {
      try {
        await drawDiagramsOf([s]); // drawn above, unless a diagram Mermaid cannot read is this page's error
        accept(s.absPath, compileSource(s, routeOfFile));
      } catch (e) {
        this.errors.set(compileKey(s.absPath), asBuildError(e, s.file));
      }
    }
    for (const s of todo) this.stale.delete(s.absPath);
    return done;
  }
}
