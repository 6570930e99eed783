// A small file written aside and renamed into place: a reader (or the next build, after a kill)
// sees the old content or the new one, never half of it.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

/**
 * `makeDir: false` when the caller knows the folder exists. The temporary name carries the
 * process and the thread, so that no two writers ever share one.
 */
export function writeFileAtomic(file: string, content: string | Uint8Array, { makeDir = true }: { makeDir?: boolean } = {}): void {
  if (makeDir) mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${threadId}.tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, file);
}
