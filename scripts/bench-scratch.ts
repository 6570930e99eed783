// Where the benchmarks put their corpora, outputs and caches: a file system in memory where the
// machine has one (Linux's /dev/shm), otherwise the system's temporary folder; `--scratch DIR`
// chooses. The floor compiles in memory, and a row is meant to measure the engine, not the state
// of a disk: on the ext4 disks of the machines here (no journal) cold 1000-page builds alternated
// between /dev/shm and /tmp spent 1.4–2.3 s and 6.8–10.5 s of system time, because creating a
// file there steps over every inode deleted in the last 12 hours (README, "File system").
// The header of each benchmark names the folder and its kind, so a run on a disk shows.
import { mkdtempSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** statfs's type of a tmpfs (Linux's TMPFS_MAGIC). */
const TMPFS = 0x01021994;
const IN_MEMORY = '/dev/shm';

/** Room a run takes per generated page (its Markdown, output and cache were ~0.23 MB at 1000 pages), with margin. */
const BYTES_PER_PAGE = 512 * 1024;
const SLACK_BYTES = 1024 ** 3;

function isTmpfs(dir: string): boolean {
  try {
    return statfsSync(dir).type === TMPFS;
  } catch {
    return false;
  }
}

/** Whether the file system in memory is there and has room for `pages` generated pages; a full one would fail the run. */
function memoryHasRoom(pages: number): boolean {
  if (!isTmpfs(IN_MEMORY)) return false;
  const { bavail, bsize } = statfsSync(IN_MEMORY);
  return bavail * bsize >= pages * BYTES_PER_PAGE + SLACK_BYTES;
}

export interface Scratch {
  /** A new folder for this run. */
  dir: string;
  /** What it is on, for the benchmark's header: "tmpfs" or "disk". */
  kind: 'tmpfs' | 'disk';
}

/**
 * A new folder named `prefix…` under `chosen`; else in memory where there is such a file system
 * with room for the run's `pages` (every corpus's pages, every time it is built); else in the
 * temporary folder.
 */
export function benchScratch(prefix: string, pages: number, chosen?: string): Scratch {
  const parent = chosen ?? (memoryHasRoom(pages) ? IN_MEMORY : os.tmpdir());
  const dir = mkdtempSync(path.join(path.resolve(parent), prefix));
  return { dir, kind: isTmpfs(dir) ? 'tmpfs' : 'disk' };
}
