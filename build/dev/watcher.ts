// Watches the site's folders with chokidar and hands the events over in batches: a batch starts
// once the files have been quiet for a moment (several quick saves, an editor's write-rename,
// a `git checkout` become one rebuild), and never while the previous batch is still building.
import { existsSync, statSync } from 'node:fs';
import { filesUnder as filesIn } from '../file-tree.ts';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { watch } from 'chokidar';
import type { FileEvent } from './changes.ts';

const IGNORED = /(^|[/\\])(node_modules|\.git)([/\\]|$)/;

/** Every file under the given folders (and the given files), by absolute path. */
export function filesUnder(paths: string[]): Set<string> {
  const files = new Set<string>();
  for (const p of paths) {
    // A file among the paths (the site config), or one that does not exist (yet).
    if (!isDirectory(p)) {
      if (existsSync(p)) files.add(path.resolve(p));
      continue;
    }
    for (const rel of filesIn(p, (name) => IGNORED.test(name))) files.add(path.resolve(p, rel));
  }
  return files;
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * What changed under `paths` since `since` (ms): files written since then, and files of `before`
 * that are gone. File systems that keep modification times to the second or coarser can hide a
 * write made within that second; every common Linux, macOS and Windows one keeps finer times.
 */
export async function changesSince(paths: string[], since: number, before: Set<string>): Promise<FileEvent[]> {
  const now = filesUnder(paths);
  const events: FileEvent[] = [];
  for (const file of before) if (!now.has(file)) events.push({ type: 'unlink', file });
  const all = [...now];
  // Stats in slices: thousands at once would queue behind each other in libuv's pool anyway.
  for (let i = 0; i < all.length; i += 256) {
    const stats = await Promise.all(all.slice(i, i + 256).map((f) => stat(f).then((s) => s.mtimeMs, () => -1)));
    stats.forEach((mtime, j) => {
      if (mtime >= since) events.push({ type: before.has(all[i + j]) ? 'change' : 'add', file: all[i + j] });
    });
  }
  return events;
}

export interface BatchWatcher {
  /** Resolves once the initial scan is done and every later change will be seen. */
  ready: Promise<void>;
  /**
   * Watches these files too (those not watched yet): files outside the folders that pages show or
   * include. `readSince`: when the build that found them started reading; one of them written
   * since then, or gone, is reported as changed, since no watcher saw it happen.
   */
  add(files: string[], readSince?: number): void;
  close(): Promise<void>;
}

export interface WatchOptions {
  /** Quiet time before a batch starts. */
  quietMs?: number;
  /** A batch starts at the latest this long after its first event, even if writes go on. */
  maxWaitMs?: number;
  onError?: (e: unknown) => void;
  /**
   * For a watcher started after the files were first read: once it is ready, whatever was
   * written since `since` or is gone from `before` (filesUnder then) is reported as if it had
   * been seen.
   */
  catchUp?: { since: number; before: Set<string> };
}

export function watchInBatches(paths: string[], onBatch: (events: FileEvent[]) => Promise<void>, opts: WatchOptions = {}): BatchWatcher {
  const quietMs = opts.quietMs ?? 20;
  const maxWaitMs = opts.maxWaitMs ?? 250;
  const watcher = watch(paths, {
    ignoreInitial: true,
    ignored: (p: string) => IGNORED.test(p),
  });
  let pending: FileEvent[] = [];
  let firstAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const schedule = () => {
    if (closed) return;
    clearTimeout(timer);
    const waited = Date.now() - firstAt;
    timer = setTimeout(flush, Math.max(0, Math.min(quietMs, maxWaitMs - waited)));
  };
  const flush = () => {
    timer = undefined;
    if (running || pending.length === 0 || closed) return;
    const batch = pending;
    pending = [];
    running = onBatch(batch)
      .catch((e) => opts.onError?.(e))
      .finally(() => {
        running = undefined;
        if (pending.length) {
          firstAt = Date.now();
          schedule();
        }
      });
  };
  const add = (type: FileEvent['type']) => (file: string) => {
    if (pending.length === 0) firstAt = Date.now();
    pending.push({ type, file: path.resolve(file) });
    if (!running) schedule();
  };
  watcher.on('add', add('add')).on('change', add('change')).on('unlink', add('unlink'));
  watcher.on('error', (e) => opts.onError?.(e));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve())).then(async () => {
    if (!opts.catchUp) return;
    for (const e of await changesSince(paths, opts.catchUp.since, opts.catchUp.before)) add(e.type)(e.file);
  });

  const added = new Set<string>();
  return {
    ready,
    add(files, readSince) {
      const fresh = files.filter((f) => !added.has(f));
      fresh.forEach((f) => added.add(f));
      if (!fresh.length || closed) return;
      watcher.add(fresh);
      if (readSince === undefined) return;
      void Promise.all(fresh.map((f) => stat(f).then((s) => s.mtimeMs, () => -1))).then((mtimes) => mtimes.forEach((mtime, i) => {
        if (closed) return;
        if (mtime < 0) add('unlink')(fresh[i]);
        else if (mtime >= readSince) add('change')(fresh[i]);
      }));
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await watcher.close();
      await running;
    },
  };
}
