// Compiles every Markdown page, skipping the ones whose compiled form is cached. The cache key
// covers the page text, its fragments and the source of the Markdown pipeline itself, so editing
// a plugin invalidates exactly what it should; a cached page is taken only while what it was
// compiled against still holds: the route of each file its links name, and the content of each
// image it shows (CompileDeps, build/markdown/context.ts). Adding, removing or renaming a page
// compiles again only the pages whose links named that file, where the whole route table in the
// key compiled every page (10 s of a 13 s build at 1000 pages).
import { currentMarkdownSettings, type MarkdownSettings } from './settings.ts';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { SourcePage } from '../model/content.ts';
import { hashKey, KeyValueCache } from '../cache/kv-cache.ts';
import { BODY_STORES, BodyStore, type BodyRef } from '../cache/body-store.ts';
import { compileWorkerCount, compileWorkers, stopEarlyWorkers, type CompileWorkers } from './worker-pool.ts';
import { compileMarkdown, type CompiledMarkdown, type MarkdownInput } from './compile.ts';
import { includedFiles } from './includes.ts';
import { fileHashOf } from './links.ts';
import type { CompileDeps } from './context.ts';
import { BuildError } from '../errors.ts';
import { timeSlicer } from '../time-slice.ts';
import { drawDiagramsOf } from '../diagrams/index.ts';
import { scavengeInParallel } from '../v8-flags.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

let pipelineHash: string | undefined;
function markdownPipelineHash(): string {
  if (!pipelineHash) {
    const h = createHash('sha256');
    const dir = here;
    for (const f of readdirSync(dir).sort()) h.update(f).update(readFileSync(path.join(dir, f)));
    // The page's plain Markdown is made in the same pass (compile.ts): its converter counts too.
    h.update(readFileSync(path.join(here, '..', 'output', 'page-markdown.ts')));
    // So is the naming of drawn diagrams, which a compiled page points at (build/markdown/diagram.ts).
    h.update(readFileSync(path.join(here, '..', 'diagrams', 'store.ts')));
    h.update(readFileSync(path.join(here, '..', '..', 'package-lock.json')));
    pipelineHash = h.digest('hex');
  }
  return pipelineHash;
}

/** A fragment's path and text as part of a cache key (a missing file keys as missing). */
function fragmentKey(file: string): string {
  try {
    return `${file}\0${readFileSync(file, 'utf8')}`;
  } catch {
    return `${file}\0(missing)`;
  }
}

export interface CompileStats {
  compiled: number;
  cached: number;
  workers: number;
  /** Of those, workers started before the compile (build/markdown/worker-pool.ts). */
  workersStartedEarly: number;
  /** Diagrams drawn before the compile (build/diagrams/). */
  diagrams: number;
}

/** What a Markdown worker sends back per page; a BuildError keeps its file, line and fix. */
/** With a cache, a worker stores the page's bodies itself and sends only their references (a CompiledPage). */
export type WorkerResult = { ok: true; value: CompiledMarkdown | CompiledPage } | { ok: false; error: { message: string; file?: string; line?: number; fix?: string } };

/** What a worker is told first: what every page's compile needs (build/markdown/worker.ts). */
export interface WorkerSetup {
  routeOfFile: [string, string][];
  settings: MarkdownSettings;
  cacheDir: string | null;
}

/** Pages handed to a worker: `inputs` are the pages from index `start` of the list to compile. */
export interface PageChunk {
  start: number;
  inputs: MarkdownInput[];
}

type Kept<T> = { ok: true; value: T } | Extract<WorkerResult, { ok: false }>;

/**
 * Pages a worker is handed at once, at most. The list is dealt out as the workers ask (each has
 * one chunk in hand and one waiting), in chunks that shrink towards its end, so that the workers
 * finish together: dealt out in fixed shares up front, one worker finished ~0.4 s before the
 * other on the 1000-page benchmark corpus and its core stood idle meanwhile.
 */
const MAX_CHUNK = 16;

/**
 * `keep` turns each page's result into what the caller holds, as soon as it arrives: the build
 * moves its bodies to the body store, so the compiled HTML of all pages is never in memory at once.
 */
async function runWorkers<T>(inputs: MarkdownInput[], workers: Worker[], setup: WorkerSetup, keep: (c: CompiledMarkdown | CompiledPage) => T): Promise<T[]> {
  const count = workers.length;
  const results: (Kept<T> | undefined)[] = new Array(inputs.length);
  let next = 0;
  /** The next chunk of the list, or null once every page has been handed out. */
  const nextChunk = (): PageChunk | null => {
    if (next >= inputs.length) return null;
    const size = Math.max(1, Math.min(MAX_CHUNK, Math.ceil((inputs.length - next) / (4 * count))));
    const start = next;
    next += size;
    return { start, inputs: inputs.slice(start, next) };
  };
  await Promise.all(workers.map((worker) => new Promise<void>((resolve, reject) => {
    worker.postMessage({ setup });
    // Each worker has a chunk in hand and the next one waiting; `null`, sent once after its last
    // chunk, tells it to stop.
    let toldToStop = false;
    const hand = () => {
      if (toldToStop) return;
      const chunk = nextChunk();
      toldToStop = chunk === null;
      worker.postMessage(chunk);
    };
    hand();
    hand();
    worker.on('message', ({ start, results: done }: { start: number; results: WorkerResult[] }) => {
      done.forEach((r, i) => (results[start + i] = r.ok ? { ok: true, value: keep(r.value) } : r));
      // A page that does not compile fails the build: the pages not handed out yet are not compiled.
      if (done.some((r) => !r.ok)) next = inputs.length;
      hand();
    });
    worker.once('error', (e) => {
      next = inputs.length;
      reject(e);
    });
    worker.once('exit', (code) => (code !== 0 ? reject(new Error(`Markdown worker exited with code ${code}`)) : resolve()));
  })));
  // The first page that failed, in the order of the list (later pages may not have been compiled).
  const failed = results.find((r): r is Extract<Kept<T>, { ok: false }> => r !== undefined && !r.ok);
  if (failed) throw failed.error.file ? new BuildError(failed.error.message, failed.error.file, failed.error.line, failed.error.fix) : new Error(failed.error.message);
  return inputs.map((input, i) => {
    const r = results[i];
    if (!r?.ok) throw new Error(`${input.file}: the Markdown worker sent no result`);
    return r.value;
  });
}

/**
 * Compiles one page after another on this thread, yielding every 40 ms: same results, but the dev
 * server answers the first page while the rest compile. `order`: the indexes of `inputs` in the
 * order to compile them (the results stay in the order of `inputs`); `compiled` is told of each.
 */
async function compileInThread<T>(
  inputs: MarkdownInput[],
  routeOfFile: Map<string, string>,
  keep: (c: CompiledMarkdown) => T,
  order: number[] = inputs.map((_, i) => i),
  compiled?: (index: number, c: CompiledMarkdown) => void,
): Promise<T[]> {
  const out: T[] = new Array(inputs.length);
  const pause = timeSlicer(40);
  // A page that does not compile fails the build; the one reported is the first in the list's
  // order, whatever the order of the compile, so the pages before it in the list still compile.
  let failed: { index: number; error: unknown } | undefined;
  for (const i of order) {
    if (failed && i > failed.index) continue;
    try {
      const c = compileMarkdown(inputs[i], routeOfFile);
      compiled?.(i, c);
      out[i] = keep(c);
    } catch (error) {
      failed = { index: i, error };
    }
    await pause();
  }
  if (failed) throw failed.error;
  return out;
}

/**
 * A compiled page as the build holds it: its HTML and Markdown are in the body store
 * (build/cache/body-store.ts), read when the page is rendered, indexed or published as Markdown.
 */
export interface CompiledPage extends Omit<CompiledMarkdown, 'html' | 'markdown'> {
  htmlBody: BodyRef;
  markdownBody: BodyRef;
}

/**
 * Told of each page as soon as its compiled form is known, when the compile runs on this thread
 * (the user guide is drawn meanwhile, build/pdf/stream.ts); `rank` orders the compile.
 */
export interface CompileListener {
  rank(page: SourcePage): number;
  add(page: SourcePage, compiled: CompiledForListener): void;
}

/** What a listener is told of a compiled page: its `# h1`, HTML and the images it shows. */
export type CompiledForListener = Pick<CompiledMarkdown, 'h1' | 'html' | 'assets'>;

export interface CompiledSite {
  results: Map<string, CompiledPage>;
  bodies: BodyStore;
  stats: CompileStats;
}

/** Compiles the pages not in the cache; every page's bodies go to the body store. */
export async function compileSite(
  pages: SourcePage[],
  routeOfFile: Map<string, string>,
  cacheDir: string | null,
  /** Called once the pages are in the workers' hands, when there are workers: the build's thread only waits for them until they finish. */
  whileWorkersCompile?: () => void,
  /** Told of every page (the cached ones first) when this thread compiles some: none when workers do, or nothing is to compile. */
  listener?: CompileListener | null,
): Promise<CompiledSite> {
  const cache = KeyValueCache.open<CompiledPage>(cacheDir, BODY_STORES.pages.names);
  const bodies = BodyStore.open(cacheDir, 'pages');
  const base = hashKey(markdownPipelineHash(), JSON.stringify(currentMarkdownSettings()));
  const fileHashes = new Map<string, string>();
  const fileHash = (file: string) => {
    let hash = fileHashes.get(file);
    if (hash === undefined) fileHashes.set(file, (hash = fileHashOf(file)));
    return hash;
  };
  const holds = (deps: CompileDeps | undefined) => {
    const routes = deps?.routes?.split('\0') ?? [];
    for (let i = 0; i < routes.length; i += 2) if ((routeOfFile.get(routes[i]) ?? '') !== routes[i + 1]) return false;
    const files = deps?.files?.split('\0') ?? [];
    for (let i = 0; i < files.length; i += 2) if (fileHash(files[i]) !== files[i + 1]) return false;
    return true;
  };
  const results = new Map<string, CompiledPage>();
  const todo: { page: SourcePage; key: string }[] = [];
  let lostBodies = 0;
  for (const page of pages) {
    // A page's fragments (`::include`) are part of its input: editing one compiles it again.
    // The text is read only for a page that may include something (build/model/content.ts decodes it on demand).
    const key = hashKey(base, page.file, page.hash, ...(page.mayInclude ? includedFiles(page.absPath, page.body).map(fragmentKey) : []));
    const cached = cache.get(key);
    const hit = cached && holds(cached.deps) ? cached : undefined;
    if (hit && bodies.has(hit.htmlBody) && bodies.has(hit.markdownBody)) results.set(page.absPath, hit);
    else {
      if (hit) lostBodies++;
      todo.push({ page, key });
    }
  }
  if (lostBodies) console.warn(`warning: the cache had lost the compiled text of ${lostBodies} page(s); compiled again`);

  const inputs: MarkdownInput[] = todo.map(({ page }) => ({ file: page.file, absPath: page.absPath, body: page.body, lineOffset: page.bodyLineOffset }));
  const size = inputs.reduce((n, i) => n + i.body.length, 0);
  const workers = compileWorkerCount(size, inputs.length);
  // Started (or taken from those started early) before the diagrams: they load while those are found and drawn.
  const starting = workers > 0 ? compileWorkers(workers) : (stopEarlyWorkers(), null);
  starting?.catch(() => {}); // awaited below
  const keep = (c: CompiledMarkdown | CompiledPage): CompiledPage => {
    if ('htmlBody' in c) return c; // stored by its worker
    const { html, markdown, ...meta } = c;
    return { ...meta, htmlBody: bodies.put(html), markdownBody: bodies.put(markdown) };
  };
  let compiled: CompiledPage[];
  let diagrams: number;
  let started: CompileWorkers | null = null;
  try {
    // Diagrams the store lacks are drawn first (in a browser): the compile only shows drawn ones.
    // The pages' text as decoded for the compile, not decoded again.
    diagrams = await drawDiagramsOf(inputs.map((i) => ({ file: i.file, absPath: i.absPath, body: i.body, bodyLineOffset: i.lineOffset })));
    started = starting && (await starting);
    if (started) {
      // A worker on every core: their garbage is collected without helper threads meanwhile (build/v8-flags.ts).
      const everyCore = started.workers.length >= availableParallelism();
      if (everyCore) scavengeInParallel(false);
      try {
        const running = runWorkers(inputs, started.workers, { routeOfFile: [...routeOfFile], settings: currentMarkdownSettings(), cacheDir }, keep);
        whileWorkersCompile?.();
        compiled = await running;
      } finally {
        if (everyCore) scavengeInParallel(true);
      }
    } else if (listener && todo.length > 0) {
      for (const page of pages) {
        const c = results.get(page.absPath);
        if (c) listener.add(page, { h1: c.h1, html: bodies.read(c.htmlBody), assets: c.assets });
      }
      const order = todo.map((_, i) => i).sort((a, b) => listener.rank(todo[a].page) - listener.rank(todo[b].page) || a - b);
      compiled = await compileInThread(inputs, routeOfFile, keep, order, (i, c) => listener.add(todo[i].page, c));
    } else compiled = await compileInThread(inputs, routeOfFile, keep);
  } catch (e) {
    bodies.close(); // the build stops here: no caller will
    // Workers started and not handed their pages (a diagram failed) are stopped.
    void starting?.then((s) => s.workers.forEach((w) => void w.terminate()), () => {});
    throw e;
  }
  compiled.forEach((page, i) => {
    results.set(todo[i].page.absPath, page);
    cache.set(todo[i].key, page);
  });
  // The bodies of entries the cache has just let go of go with them.
  if (cache.save() === 'base') bodies.prune([...cache.usedValues()].flatMap((c) => [c.htmlBody, c.markdownBody]));
  return { results, bodies, stats: { compiled: todo.length, cached: pages.length - todo.length, workers, workersStartedEarly: started?.early ?? 0, diagrams } };
}

/** Reading a compiled site's bodies as the stages after the compile need them. */
export interface PageBodies {
  /** The reference of a Markdown page's HTML, by route (none for React pages and the 404 page). */
  htmlBody(route: string): BodyRef | undefined;
  /** A page's HTML: read from the store, or the page's own for pages made without Markdown. */
  html(page: { route: string; html: string }): string;
  /** A source's Markdown for machines, by its absolute path. */
  markdown(absPath: string): string | undefined;
  /** The same Markdown as UTF-8 bytes. */
  markdownBytes(absPath: string): Buffer | undefined;
  /** The id of that Markdown in the body store: equal ids, equal text. */
  markdownId(absPath: string): string | undefined;
}

export function pageBodies(sources: SourcePage[], { results, bodies }: CompiledSite): PageBodies {
  const byRoute = new Map(sources.flatMap((s) => {
    const c = results.get(s.absPath);
    return c ? [[s.route, c.htmlBody] as const] : [];
  }));
  return {
    htmlBody: (route) => byRoute.get(route),
    html: (page) => {
      const body = byRoute.get(page.route);
      return body ? bodies.read(body) : page.html;
    },
    markdown: (absPath) => {
      const c = results.get(absPath);
      return c && bodies.read(c.markdownBody);
    },
    markdownBytes: (absPath) => {
      const c = results.get(absPath);
      return c && bodies.readBytes(c.markdownBody);
    },
    markdownId: (absPath) => results.get(absPath)?.markdownBody.id,
  };
}

/** compileSite with every page's bodies read back: for the dev server, which keeps pages in memory. */
export async function compilePages(
  pages: SourcePage[],
  routeOfFile: Map<string, string>,
  cacheDir: string | null,
): Promise<{ results: Map<string, CompiledMarkdown>; stats: CompileStats }> {
  const { results, bodies, stats } = await compileSite(pages, routeOfFile, cacheDir);
  const full = new Map<string, CompiledMarkdown>();
  try {
    for (const [file, { htmlBody, markdownBody, ...meta }] of results) full.set(file, { ...meta, html: bodies.read(htmlBody), markdown: bodies.read(markdownBody) });
  } finally {
    bodies.close();
  }
  return { results: full, stats };
}
