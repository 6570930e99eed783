// Writing the output's files into the staging folder (build/output/staging.ts), fast.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { copyFile, link } from 'node:fs/promises';
import path from 'node:path';
import type { PreviousOutput } from './previous-output.ts';
import type { KeptFiles } from './commit.ts';
import { filesUnder, toPosix } from '../file-tree.ts';

/**
 * What goes into a file: its content, an existing file to hard-link (or copy) there, or the
 * output in place's own file of that name, left where it is (build/output/commit.ts).
 */
type Source = Made | { kept: string };
/** What the writer puts into the staging folder. */
type Made = string | Buffer | { linkFrom: string };
const isKept = (s: Source): s is { kept: string } => typeof s === 'object' && 'kept' in s;

/**
 * Told of each file once it is on disk: its path under the root, and the file it was linked
 * from; `kept` when that file stays in the output in place and nothing was written.
 */
export type Written = (rel: string, linkedFrom?: string, kept?: boolean) => void;

/**
 * Files a writer's owner lets it collect before it writes them (flush()): the build and the dev
 * server render pages between two writes up to this, so that the output held in memory stays
 * bounded (~0.1 MB a page).
 */
export const WRITE_BATCH = 200;

/** Collects output files and writes them in batches (flush()), linking those the output in place already has. */
export class OutputWriter {
  private files = new Map<string, Source>();

  /**
   * previous: the output in place, whose files with the same bytes are linked instead of written;
   * kept: where the files of that output that stay under their own name are recorded instead.
   */
  constructor(readonly root: string, private readonly previous?: PreviousOutput, private readonly kept?: KeptFiles) {}

  add(rel: string, content: string | Buffer): void {
    this.files.set(rel, content);
  }

  /** add(), or a link to the previous output's file when it has these bytes (under any name); `hash`: their hashOf, if known. */
  addOrReuse(rel: string, content: string | Buffer, hash?: string): void {
    const data = typeof content === 'string' ? Buffer.from(content) : content;
    const same = this.previous?.fileWith(data, hash);
    if (same) this.link(rel, same);
    else this.files.set(rel, data);
  }

  /** A link to the previous output's file with these bytes, known by hash and size; false when it has none. */
  linkKnown(rel: string, hash: string, size: number): boolean {
    const same = this.previous?.fileWithHash(hash, size);
    if (same) this.link(rel, same);
    return same !== undefined;
  }

  /**
   * The file at `from` (the previous output) becomes `rel`: a hard link, a copy where links fail;
   * nothing at all when it is that output's file of the same name, which then stays.
   */
  link(rel: string, from: string): void {
    this.files.set(rel, this.kept?.keepIfInPlace(rel, from) ? { kept: from } : { linkFrom: from });
  }

  /** Whether the output in place has a file with these bytes (linkKnown would link it). */
  hasKnown(hash: string, size: number): boolean {
    return this.previous?.fileWithHash(hash, size) !== undefined;
  }

  /** Files added and not yet written. */
  get size(): number {
    return this.files.size;
  }

  /**
   * Writes every file added; `written` is told of each one once it is on disk (the compressor),
   * with the file it was linked from, if it was: the compressor then knows its bytes unread.
   */
  async flush(written?: Written, concurrency = 64): Promise<void> {
    const entries = [...this.files];
    this.files.clear();
    const links: [string, { linkFrom: string }][] = [];
    const contents: [string, string | Buffer][] = [];
    for (const [rel, source] of entries) {
      if (isKept(source)) written?.(toPosix(rel), source.kept, true);
      else if (typeof source === 'object' && 'linkFrom' in source) links.push([rel, source]);
      else contents.push([rel, source]);
    }
    const dirs = [...new Set([...links, ...contents].map(([rel]) => path.dirname(path.join(this.root, rel))))].sort();
    for (const dir of dirs) mkdirSync(dir, { recursive: true });
    // Written here, one after the other: the same thousand files written through libuv's threads
    // (64 at a time) took about twice the CPU (most of it the kernel's, measured on this project's
    // 2-vCPU VMs: 2.2 against 1.1 CPU-s for 3000 files of a 1000-page site), and took no less time.
    for (const [rel, source] of contents) {
      writeFileSync(path.join(this.root, rel), source);
      written?.(toPosix(rel));
    }
    await runLimited(links, concurrency, async ([rel, source]) => {
      const target = path.join(this.root, rel);
      const linkedFrom = await link(source.linkFrom, target).then(() => source.linkFrom, () => copyFile(source.linkFrom, target).then(() => undefined));
      written?.(toPosix(rel), linkedFrom);
    });
    // A turn of the event loop, links or not: the worker threads' answers (the search index's
    // readings: build/search/index.ts) are taken while the build's thread waits here.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * Runs task over items, `limit` at a time. After the first failure no new task starts, and the
 * failure is reported only once every task under way has ended: the build then removes the staging
 * folder, and a link or copy still in flight must not put a file back into it.
 */
async function runLimited<T>(items: T[], limit: number, task: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (!failure && next < items.length) {
      try {
        await task(items[next++]);
      } catch (error) {
        failure ??= { error };
      }
    }
  });
  await Promise.all(lanes);
  if (failure) throw failure.error;
}

export function writeOut(root: string, rel: string, content: string | Buffer): void {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/**
 * Files copied into the output as they are (the static folder's, the pages' images), through the
 * writer: one the output in place already has with the same bytes stays there. `files`: path
 * under the output, source file.
 */
export function addCopies(out: OutputWriter, files: Iterable<[string, string]>): void {
  for (const [rel, source] of files) out.addOrReuse(rel, readFileSync(source));
}

/** The static folder's files, by path under the output. */
export function staticFiles(staticDir: string): [string, string][] {
  return filesUnder(staticDir).map((rel) => [rel, path.join(staticDir, rel)]);
}

/** The static folder copied whole (the dev server's output). */
export function copyStatic(staticDir: string, staging: string): void {
  if (existsSync(staticDir)) cpSync(staticDir, staging, { recursive: true });
}
