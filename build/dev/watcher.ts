// Watches the site's folders with chokidar and hands the events over in batches: a batch starts
// once the files have been quiet for a moment (several quick saves, an editor's write-rename,
// a `git checkout` become one rebuild), and never while the previous batch is still building.
import path from 'node:path';
import { watch } from 'chokidar';
import type { FileEvent } from './changes.ts';

export interface BatchWatcher {
  /** Resolves once the initial scan is done and every later change will be seen. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface WatchOptions {
  /** Quiet time before a batch starts. */
  quietMs?: number;
  /** A batch starts at the latest this long after its first event, even if writes go on. */
  maxWaitMs?: number;
  onError?: (e: unknown) => void;
}

export function watchInBatches(paths: string[], onBatch: (events: FileEvent[]) => Promise<void>, opts: WatchOptions = {}): BatchWatcher {
  const quietMs = opts.quietMs ?? 20;
  const maxWaitMs = opts.maxWaitMs ?? 250;
  const watcher = watch(paths, {
    ignoreInitial: true,
    ignored: (p: string) => /(^|[/\\])(node_modules|\.git)([/\\]|$)/.test(p),
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
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      await watcher.close();
      await running;
    },
  };
}
