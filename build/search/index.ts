// The search index: built from the rendered pages after they are written, served as static
// files, loaded by the browser only when the search dialog is first opened, and then only the
// shards a query needs (format and layout: src/client/search/format.ts).
//
// Why our own index and not Pagefind or MiniSearch: measured on the generated corpus, a whole
// MiniSearch index is ~1 MB gzip at 1000 pages (10 MB at 10 000) and answers in 200–500 ms;
// Pagefind downloads ~165 KB for a first query at 1000 pages (84 KB of it its JS and
// WebAssembly), answers in 150–400 ms in the browser, needs 'wasm-unsafe-eval' in the CSP and
// finds nothing for `/v2/sync` written inside a URL. This index is page-level postings with a
// precomputed field-weighted score per page, sharded by term range, plus one fragment per page
// for the section, heading and snippet of the results shown.
//
// The stage is a plain function of (outDir, pages) so the watch mode can run it after every
// rebuild (with `incremental: true`, only changed pages are read again); it writes a complete
// new index each time (file names are content hashes) and removes the previous one's files.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hashKey, KeyValueCache } from '../cache/kv-cache.ts';
import { BODY_STORES, BodyStore, type BodyRef } from '../cache/body-store.ts';
import { readdir, rm } from 'node:fs/promises';
import { OutputWriter, type Written } from '../output/files.ts';
import { KnownBytes } from '../output/known-bytes.ts';
import type { KeptFiles } from '../output/commit.ts';
import type { PreviousOutput } from '../output/previous-output.ts';
import path from 'node:path';
import type { PageData } from '../../src/data/types.ts';
import { Worker } from 'node:worker_threads';
import { encodeShard, FORMAT_VERSION, FRAGMENT_GROUP, fragmentFolder, MANIFEST_PATH, type SearchManifest, type ShardTerm } from '../../src/client/search/format.ts';
import { byCodeUnit } from '../order.ts';
import { startWorker } from '../worker-bundle.ts';
import { FIELD_NAMES, readPage, TermCache, type CountedPage, type Field, type PageReading, type PageToRead } from './read-page.ts';
import type { ReadReply } from './read-worker.ts';

export { extractSections, type Section } from './read-page.ts';

/** Part of every cached page's key: a change to how pages are read must not reuse old readings. */
const INDEX_CODE = ['./index.ts', './read-page.ts', '../../src/client/search/tokenize.ts']
  .reduce((h, rel) => h.update(readFileSync(fileURLToPath(new URL(rel, import.meta.url)))), createHash('sha256')).digest('hex');

/**
 * A term's weight in a page, from 0 to 1 (stored as 1..255): fields in order of importance, so
 * that a page with the word in its title comes before pages that only mention it, and one that
 * has it in a heading before one that has it in a paragraph. Within a field, term frequency
 * saturates (BM25's k1) and the body is normalised by its length (BM25's b).
 */
const WEIGHT = { title: 0.5, heading: 0.2, body: 0.3 } as const;
const K1 = 2;
const B = 0.75;
/** Code counts half as much as prose. */
const CODE_WEIGHT = 0.5;
/** Raw bytes of one shard before a new one is started (about 40% of that after gzip). */
const SHARD_TARGET_BYTES = 32 * 1024;

export interface SearchIndexOptions {
  /** Raw bytes per shard; smaller shards mean less to download per term and more files. */
  shardTargetBytes?: number;
  /**
   * Keep what was read from each page for the next run in this process, and read again only
   * the pages that changed: for watch mode, which re-runs the stage after every rebuild.
   */
  incremental?: boolean;
  /**
   * The build's cache folder: what was read from each page is kept there by content, so a cached
   * build reads only the pages that changed. (The build's compressor writes the files' .gz/.br,
   * reusing the previous output's copies of unchanged bytes: build/output/compress.ts.)
   */
  cacheDir?: string | null;
  /** Pages to read (expect()) from which reading moves to a thread of its own; by default it never does. */
  readWorkerAfter?: number;
}

export interface SearchIndexStats {
  pages: number;
  terms: number;
  shards: number;
  /** Bytes of shards + manifest + fragments as written. */
  bytes: number;
  ms: number;
}

// --- index ---------------------------------------------------------------------------------

interface TermAcc {
  term: string;
  /** Pages that have the term. */
  size: number;
  ids: Uint32Array;
  weights: Uint8Array;
  /** Postings written so far. */
  filled: number;
}
const EMPTY_IDS = new Uint32Array(0);
const EMPTY_WEIGHTS = new Uint8Array(0);

const sha = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex').slice(0, 12);

/** Whether the index covers a page: listed, rendered, with content. */
function isSearchable(p: PageData): boolean {
  return !p.unlisted && p.kind !== 'not-found' && p.kind !== 'react-page';
}

/**
 * A page's HTML when the build has not read it (build/cache/body-store.ts): its content hash
 * stands for it in the key, and it is read only when the page's reading is not cached.
 */
export interface StoredHtml {
  id: string;
  load: () => string;
}

/**
 * What the index keeps of one page: its term counts, and the fragment shown in results, which
 * waits in a body store (build/cache/body-store.ts) until it is written: at 10 000 pages the
 * fragments are ~100 MB of text.
 */
interface Reading {
  counted: CountedPage;
  fragment: BodyRef;
}

/** What the last runs in this process read from each page, by route, with its key (for watch mode). */
const pageCache = new Map<string, Reading & { key: string }>();
/** The fragments those readings name (watch mode keeps them across runs). */
let inProcessFragments: BodyStore | undefined;

/**
 * The index in two steps, so that a build can hand each page over as soon as it is rendered and
 * let go of its HTML (build/pipeline.ts): `read` takes what the index needs of one page (from the
 * cache when the page is unchanged), `write` makes the postings, shards and files of all of them.
 */
export class SearchIndexer {
  private readonly readings = new Map<string, Reading>();
  private readonly terms = new TermCache();
  private stored: KeyValueCache<Reading> | null;
  private readonly fragments: BodyStore;
  private readonly started = performance.now();
  /** The reading thread, once expect() started it, and the pages it has not answered for, with their keys. */
  private reader?: ReadingThread;

  constructor(private readonly options: SearchIndexOptions = {}) {
    const cacheDir = options.cacheDir ?? null;
    this.stored = cacheDir ? KeyValueCache.open<Reading>(cacheDir, BODY_STORES.searchFragments.names) : null;
    this.fragments = inProcessFragments && options.incremental ? inProcessFragments : BodyStore.open(cacheDir, 'searchFragments');
    if (options.incremental) inProcessFragments = this.fragments;
    // Earlier versions kept the index files' compressed copies here; the compressor reuses them now.
    if (cacheDir) for (const f of ['search-compressed.v8', 'search-compressed.v8.delta']) rmSync(path.join(cacheDir, f), { force: true });
  }

  /**
   * `pages` are about to be rendered, and so probably read: with readWorkerAfter of them or more,
   * they are read in a thread of their own from here on (build/search/read-worker.ts), so that
   * this one goes on rendering. A cold build of the 1000-page corpus spent ~1.2 s of its render
   * phase reading pages here, while the second core had little but compression to do.
   */
  expect(pages: number): void {
    if (this.reader || pages < (this.options.readWorkerAfter ?? Infinity)) return;
    this.reader = new ReadingThread((route, reading) => this.readInThread(route, reading));
  }

  read(page: PageData, stored?: StoredHtml): void {
    if (!isSearchable(page)) return;
    const { options } = this;
    const key = hashKey(INDEX_CODE, page.route, page.title, ...page.breadcrumbs.map((b) => b.label), stored ? `body ${stored.id}` : page.html);
    // A page unchanged since the last run in this process (watch mode) or the last cached build is not read again.
    const inProcess = options.incremental ? pageCache.get(page.route) : undefined;
    let reading: Reading | undefined = inProcess?.key === key ? inProcess : this.stored?.get(key);
    if (reading && !this.fragments.has(reading.fragment)) reading = undefined; // its fragment was lost: read again
    if (!reading) {
      const html = stored && !page.html ? stored.load() : page.html;
      if (html.trim() === '') return; // nothing to find on an empty page
      const toRead: PageToRead = { route: page.route, title: page.title, crumbs: page.breadcrumbs.map((b) => b.label), html };
      // To the reading thread while it keeps up; a page it has not taken yet holds its HTML there.
      if (this.reader?.take(toRead, key)) return;
      reading = this.keep(key, readPage(toRead, this.terms));
    }
    this.add(page.route, key, reading);
  }

  /** A reading made here or in the reading thread: its fragment to the store, and the reading to the cache under its key. */
  private keep(key: string, made: PageReading): Reading {
    const reading = { counted: made.counted, fragment: this.fragments.put(made.fragment) };
    this.stored?.set(key, reading);
    return reading;
  }

  private add(route: string, key: string, reading: Reading): void {
    if (this.options.incremental) pageCache.set(route, { key, ...reading });
    this.readings.set(route, reading);
  }

  private readInThread(route: string, made: PageReading & { key: string }): void {
    this.add(route, made.key, this.keep(made.key, made));
  }

  /** target: how the build writes its output (the files it links from the output in place, and who is told of each file). */
  async write(outDir: string, target: OutputTarget = {}): Promise<SearchIndexStats> {
    const { options } = this;
    // The pages still in the reading thread first; it ends with them.
    await this.reader?.finish();
    this.reader = undefined;
    // The fragments of readings the cache has just let go of go with them.
    if (this.stored?.save() === 'base') this.fragments.prune([...this.stored.usedValues()].map((r) => r.fragment));
    else if (!this.stored && options.incremental) this.fragments.prune([...this.readings.values()].map((r) => r.fragment));
    for (const route of pageCache.keys()) if (!options.incremental || !this.readings.has(route)) pageCache.delete(route);
    // Pages are numbered in the order of their routes, whatever order they were read in.
    const docs = [...this.readings.keys()].sort(byCodeUnit).map((route) => this.readings.get(route)!);
    // Written once: what the indexer held is the postings' input from here on, let go with them.
    this.readings.clear();
    this.stored = null;
    try {
      return await writeIndex(outDir, docs, this.fragments, options, this.started, target);
    } finally {
      // Watch mode keeps its store (and its one pack) for the next run; a build is done with it.
      if (!options.incremental) this.fragments.close();
    }
  }

  /** For a build that failed: the reading thread, if any, is stopped. */
  async settle(): Promise<void> {
    await this.reader?.stop();
    this.reader = undefined;
  }
}

/**
 * Pages sent to the reading thread and not answered yet, at most: past that the build's thread
 * reads the next page itself (it then runs ahead of the reader), so the HTML waiting there stays
 * bounded (~20 KB a page). Answers are taken whenever the build's thread awaits, which the
 * render does every 200 pages (build/pipeline.ts): more than that may be answered and not taken.
 */
const MAX_UNANSWERED = 512;

/** The reading worker as SearchIndexer uses it: pages out, readings back, its first failure kept for finish(). */
class ReadingThread {
  private readonly worker: Promise<Worker>;
  private readonly keys = new Map<string, string>();
  private failure?: Error;
  private whenIdle?: () => void;

  constructor(private readonly done: (route: string, made: PageReading & { key: string }) => void) {
    this.worker = startWorker('search/read-worker.ts', (file) => {
      const w = new Worker(file);
      w.on('message', (reply: ReadReply) => this.answer(reply));
      w.once('error', (e) => this.fail(e));
      w.once('exit', (code) => this.fail(new Error(`the search index's reading thread exited with code ${code}`)));
      return w;
    });
    this.worker.catch((e: unknown) => this.fail(e as Error));
  }

  /** Sends a page to be read; false when too many are waiting (or the thread failed): read it yourself. */
  take(page: PageToRead, key: string): boolean {
    if (this.failure || this.keys.size >= MAX_UNANSWERED) return false;
    this.keys.set(page.route, key);
    this.worker.then((w) => w.postMessage(page)).catch((e: unknown) => this.fail(e as Error));
    return true;
  }

  private answer(reply: ReadReply): void {
    const key = this.keys.get(reply.route);
    this.keys.delete(reply.route);
    if ('error' in reply) this.fail(new Error(`reading ${reply.route} for the search index failed: ${reply.error}`));
    else if (key !== undefined && !this.failure) this.done(reply.route, { ...reply.reading, key });
    if (this.keys.size === 0) this.whenIdle?.();
  }

  private fail(e: Error): void {
    // The thread ends after a failure, or when stopped: only the first cause is kept.
    if (this.failure) return;
    this.failure = e;
    this.whenIdle?.();
  }

  /** Waits for every page sent; throws the thread's failure, if it failed. The thread is stopped either way. */
  async finish(): Promise<void> {
    if (this.keys.size > 0 && !this.failure) await new Promise<void>((resolve) => (this.whenIdle = resolve));
    const failure = this.failure;
    await this.stop();
    if (failure) throw failure;
  }

  async stop(): Promise<void> {
    this.failure ??= new Error('the search index\'s reading thread was stopped');
    await this.worker.then((w) => w.terminate(), () => {});
  }
}

export async function buildSearchIndex(outDir: string, pages: PageData[], options: SearchIndexOptions = {}): Promise<SearchIndexStats> {
  const indexer = new SearchIndexer(options);
  for (const page of pages) indexer.read(page);
  return indexer.write(outDir);
}

async function writeIndex(outDir: string, docs: Reading[], fragmentStore: BodyStore, options: SearchIndexOptions, started: number, output: OutputTarget): Promise<SearchIndexStats> {
  const target = options.shardTargetBytes ?? SHARD_TARGET_BYTES;
  const perPage = docs.map((d) => d.counted);
  const fragments = docs.map((d) => d.fragment);
  const totals: Record<Field, number> = { title: 0, heading: 0, text: 0, code: 0 };
  for (const counted of perPage) for (const f of FIELD_NAMES) totals[f] += counted.lengths[f];

  // 2. Postings with a weight per page, quantised to one byte.
  const n = Math.max(1, docs.length);
  const avgBody = Math.max(1, (totals.text + CODE_WEIGHT * totals.code) / n);
  // Two passes: the pages holding each term are counted first, so that each term's postings
  // are two typed arrays of their final size (a 10 000-page site has ~5 million postings: as
  // growing arrays of numbers they took ~150 MB, as typed arrays 25 MB). The first pass also
  // numbers the terms, so that the second finds each page's by index.
  const numbers = new Map<string, number>();
  const terms: TermAcc[] = [];
  const termsOfPage = perPage.map(({ terms: joined }) => {
    const list = joined === '' ? [] : joined.split('\n');
    const ids = new Uint32Array(list.length);
    list.forEach((term, i) => {
      let n = numbers.get(term);
      if (n === undefined) {
        numbers.set(term, (n = terms.length));
        terms.push({ term, size: 0, ids: EMPTY_IDS, weights: EMPTY_WEIGHTS, filled: 0 });
      }
      terms[n].size++;
      ids[i] = n;
    });
    return ids;
  });
  numbers.clear();
  for (const acc of terms) {
    acc.ids = new Uint32Array(acc.size);
    acc.weights = new Uint8Array(acc.size);
  }
  perPage.forEach(({ counts, lengths }, id) => {
    const bodyNorm = 1 - B + (B * (lengths.text + CODE_WEIGHT * lengths.code)) / avgBody;
    // A short title that has the word says more than a long one: up to a quarter less.
    const titleWeight = WEIGHT.title * (0.75 + 0.25 * Math.min(1, 3 / Math.max(1, lengths.title)));
    const pageTerms = termsOfPage[id];
    for (let i = 0; i < pageTerms.length; i++) {
      const at = FIELD_NAMES.length * i;
      const title = counts[at], heading = counts[at + 1], text = counts[at + 2], code = counts[at + 3];
      const body = (text + CODE_WEIGHT * code) / bodyNorm;
      const w = (title > 0 ? titleWeight : 0) + (WEIGHT.heading * heading) / (heading + 1) + (WEIGHT.body * body) / (body + K1);
      const weight = Math.max(1, Math.min(255, Math.round(255 * w)));
      const acc = terms[pageTerms[i]];
      acc.ids[acc.filled] = id;
      acc.weights[acc.filled++] = weight;
    }
  });

  // 3. Shards: runs of sorted terms of about `target` raw bytes.
  const sorted = terms.sort((a, b) => byCodeUnit(a.term, b.term));
  const shards: ShardTerm[][] = [];
  let run: ShardTerm[] = [];
  let size = 0;
  for (const acc of sorted) {
    const { term } = acc;
    const bytes = term.length * 2 + 4 + acc.ids.length * 2.2;
    if (run.length && size + bytes > target) {
      shards.push(run);
      run = [];
      size = 0;
    }
    run.push({ term, ids: acc.ids, weights: acc.weights });
    size += bytes;
  }
  if (run.length || shards.length === 0) shards.push(run);

  // 4. Files. A fragment's text is read from its store only when its file is written.
  // [path, content, key]: a fragment's id names its bytes, so an unchanged one is linked unread (build/output/known-bytes.ts).
  const files: [string, () => Uint8Array | string, string?][] = [];
  const shardList: [string, string][] = shards.map((s, i) => {
    const bin = encodeShard(s);
    const rel = `assets/search/s.${sha(bin)}.bin`;
    files.push([rel, () => bin]);
    return [i === 0 ? '' : s[0].term, rel];
  });
  // Each folder of FRAGMENT_GROUP fragments is named by their content and their page ids (a
  // page's id is its file's name), so an edit writes again only the folder of the page it changed.
  const groups: string[] = [];
  for (let first = 0; first < fragments.length; first += FRAGMENT_GROUP) {
    const group = fragments.slice(first, first + FRAGMENT_GROUP);
    const hash = createHash('sha256').update(`${first}\n`);
    for (const f of group) hash.update(f.id).update('\n');
    const name = hash.digest('hex').slice(0, 12);
    const folder = fragmentFolder(name);
    group.forEach((f, i) => files.push([`${folder}${first + i}.json`, () => fragmentStore.read(f), `fragment ${f.id}`]));
    groups.push(name);
  }
  const manifest: SearchManifest = { v: FORMAT_VERSION, pages: docs.length, shards: shardList, fragments: groups };
  files.push([MANIFEST_PATH, () => JSON.stringify(manifest)]);

  const bytes = await writeFiles(outDir, files, output);
  await prune(outDir, new Set(files.map(([rel]) => rel)));
  return { pages: docs.length, terms: terms.length, shards: shards.length, bytes, ms: Math.round(performance.now() - started) };
}

/** A shard or fragment folder this writer makes, or a compressed copy of a shard. */
const INDEX_FILE = /^(?:s\.[0-9a-f]+\.bin(?:\.gz|\.br)?|f\.[0-9a-f]+)$/;

/**
 * Removes shards and fragment folders of an earlier run into the same folder (watch mode writes
 * in place; a full build starts from an empty staging folder and finds nothing to remove). A
 * browser still holding the old manifest reloads it when a file is gone. Only the index's own
 * names, and not the compressed copies of the shards written now (the compressor may be writing
 * them meanwhile).
 */
async function prune(root: string, written: Set<string>): Promise<void> {
  const dir = path.join(root, 'assets', 'search');
  const keep = new Set([...written].map((rel) => rel.slice('assets/search/'.length).split('/')[0]));
  const entries = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(entries
    .filter((name) => INDEX_FILE.test(name) && !keep.has(name.replace(/\.(gz|br)$/, '')))
    .map((name) => rm(path.join(dir, name), { recursive: true, force: true })));
}


/** Files handed to the writer at a time: each fragment's text is read from its store as it goes. */
const WRITE_BATCH = 200;

/** How the index's files go into the build's output. */
export interface OutputTarget {
  /** The output in place: its files with the same bytes are linked, not written again. */
  previous?: PreviousOutput;
  /** Where the files of that output that stay under their own name are recorded (build/output/commit.ts). */
  kept?: KeptFiles;
  /** Told of each file once it is on disk (the build's compressor). */
  written?: Written;
  /** Bytes of keyed files known from earlier builds. */
  known?: KnownBytes;
}

/** Writes the files through the build's writer (linked from the previous output when unchanged); returns their bytes. */
async function writeFiles(root: string, files: [string, () => Uint8Array | string, string?][], target: OutputTarget): Promise<number> {
  const out = new OutputWriter(root, target.previous, target.kept);
  const known = target.known ?? new KnownBytes(null);
  let bytes = 0;
  for (const [rel, content, key] of files) {
    bytes += known.add(out, rel, key, () => {
      const made = content();
      return typeof made === 'string' ? made : Buffer.from(made.buffer, made.byteOffset, made.length);
    }).size;
    if (out.size >= WRITE_BATCH) await out.flush(target.written);
  }
  await out.flush(target.written);
  return bytes;
}
