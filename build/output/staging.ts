// The output folder is built beside the real one (`.<out>-staging-<pid>`) and swapped in only
// when everything passed, so a failed build leaves the previous dist/ exactly as it was. A build
// that is stopped never leaves its staging folder behind: Ctrl+C and SIGTERM remove it on the
// way out, and the folders of builds killed outright (kill -9, a lost machine) are removed by
// the next build once their process is gone. Folders go through a trash name and a detached
// `rm` (throwAway), so that no build waits for the previous output to be deleted.
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { displayPath, systemError } from './fs-errors.ts';

const escaped = (outDir: string) => path.basename(outDir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Staging folders (and `-old` folders that builds before the trash folders left). */
export const stagingPattern = (outDir: string) => new RegExp(`^\\.${escaped(outDir)}-staging-(\\d+)(?:-old)?$`);
/** Folders on their way out: a replaced output, a killed build's staging folder. */
const trashPattern = (outDir: string) => new RegExp(`^\\.${escaped(outDir)}-trash-\\d+-\\d+$`);
let trashCount = 0;

/**
 * Removes a folder without waiting for it: renamed out of the way at once (a 1000-page output is
 * thousands of files, ~0.6 s to delete here), then deleted by a detached `rm` that outlives the
 * build. A trash folder whose `rm` did not finish (the machine stopped) is deleted by a later build.
 */
export function throwAway(folder: string, outDir: string): void {
  const trash = path.join(path.dirname(outDir), `.${path.basename(outDir)}-trash-${process.pid}-${trashCount++}`);
  try {
    renameSync(folder, trash);
  } catch {
    rmSync(folder, { recursive: true, force: true }); // cannot rename: delete it here
    return;
  }
  spawn('rm', ['-rf', trash], { detached: true, stdio: 'ignore' }).unref();
}

/** Trash folders untouched for this long lost their `rm` (it takes seconds, not minutes). */
const ABANDONED_TRASH_MS = 60_000;

export function stagingDirFor(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}-staging-${process.pid}`);
}

/** The output must be a folder (or not exist yet): a file there is an author's mistake, said plainly. */
export function checkOutputPath(outDir: string): void {
  let stat;
  try {
    stat = lstatSync(outDir);
  } catch {
    return; // not there yet: the swap creates it
  }
  if (!stat.isDirectory() && !stat.isSymbolicLink()) {
    // Shaped like the error the swap would meet, so the CLI says it in its one line for refusals.
    throw systemError(`the output path ${displayPath(outDir)} is a file, not a folder`, 'ENOTDIR', outDir, 'mkdir');
  }
}

/** Clears away stale staging folders of outDir, then makes this build's own. */
export function prepareStaging(staging: string, outDir: string): void {
  removeStaleStaging(outDir);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(path.dirname(staging), { recursive: true });
  // Not recursive: a recursive mkdir on a read-only file system reports ENOENT instead of EROFS.
  mkdirSync(staging);
}

/**
 * Whether the build that made folder (its name carries the pid) still runs: the pid is alive, is
 * a Node process, and started before the folder was made. A pid since reused by another program,
 * or by a later Node process, does not count: that build is gone. Where /proc or a folder's birth
 * time is missing (not Linux, some file systems) a live pid is taken as the build, which only
 * ever keeps a folder, never removes a running build's.
 */
export function isRunningBuild(pid: number, folder: string): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  let isNode: boolean;
  try {
    isNode = /(^|\/)(node|tsx)\b/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]);
  } catch {
    return true;
  }
  if (!isNode) return false;
  const started = processStartMs(pid);
  let born = 0;
  try {
    born = statSync(folder).birthtimeMs;
  } catch {
    // gone meanwhile: nothing to decide
  }
  // /proc's boot time has whole seconds: allow two of them before calling the pid reused.
  return !(started !== undefined && born > 0 && started > born + 2000);
}

/** When a process started (ms since the epoch), from /proc: boot time plus its start in clock ticks. */
function processStartMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on; starttime is field 22.
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3]);
    const bootSeconds = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    if (!Number.isFinite(ticks) || !Number.isFinite(bootSeconds)) return undefined;
    return bootSeconds * 1000 + (ticks / CLOCK_TICKS_PER_SECOND) * 1000;
  } catch {
    return undefined;
  }
}

/** USER_HZ, 100 on every Linux architecture Node supports (the unit of /proc/<pid>/stat's times). */
const CLOCK_TICKS_PER_SECOND = 100;

/** The names in outDir's parent folder (none when it cannot be read): where staging and trash folders are. */
export function namesBeside(outDir: string): string[] {
  try {
    return readdirSync(path.dirname(outDir));
  } catch {
    return [];
  }
}

/** Throws away the staging folders of builds of outDir that no longer run, and trash folders whose `rm` was lost. */
export function removeStaleStaging(outDir: string): string[] {
  const parent = path.dirname(outDir);
  const pattern = stagingPattern(outDir);
  const names = namesBeside(outDir);
  const removed: string[] = [];
  const trash = trashPattern(outDir);
  for (const name of names) {
    const folder = path.join(parent, name);
    if (trash.test(name)) {
      let abandoned = false;
      try {
        abandoned = Date.now() - statSync(folder).mtimeMs > ABANDONED_TRASH_MS;
      } catch {
        // its rm finished meanwhile
      }
      if (abandoned) spawn('rm', ['-rf', folder], { detached: true, stdio: 'ignore' }).unref();
      continue;
    }
    const m = pattern.exec(name);
    if (!m || isRunningBuild(Number(m[1]), folder)) continue;
    throwAway(folder, outDir);
    removed.push(name);
  }
  return removed;
}

/** Exit codes a shell expects after SIGINT and SIGTERM (128 + the signal's number). */
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

/** What a stop signal finds: the staging folder to remove, and whether the new output is already in place. */
const onStop = { staging: undefined as string | undefined, replaced: false, installed: false };

/**
 * While the build runs, Ctrl+C or SIGTERM removes its staging folder and exits with the
 * conventional code, saying that the previous output is untouched. Returns the function that
 * disarms the removal (the swap is synchronous, so no signal can land inside it).
 *
 * The handlers stay installed after that, so that a signal which arrives together with a failure
 * still reads as a stop: Ctrl+C in a terminal also reaches esbuild's service process, whose death
 * can reject the build before Node dispatches the signal (scripts/build.ts waits a moment before
 * reporting a failure for that reason).
 */
export function removeStagingOnSignal(staging: string): () => void {
  onStop.staging = staging;
  onStop.replaced = false;
  if (!onStop.installed) {
    onStop.installed = true;
    for (const signal of Object.keys(SIGNAL_EXIT) as (keyof typeof SIGNAL_EXIT)[]) {
      process.on(signal, () => {
        if (onStop.staging) removeOnceStopped(onStop.staging);
        process.stderr.write(onStop.replaced
          ? `\nBuild stopped (${signal}) after the new output was in place.\n`
          : `\nBuild stopped (${signal}). The previous output is untouched.\n`);
        process.exit(SIGNAL_EXIT[signal]);
      });
    }
  }
  return () => {
    onStop.staging = undefined;
  };
}

/**
 * Removes a stopped build's staging folder now, and once more when this process is gone: writes
 * already handed to libuv's thread pool and to worker threads (recursive mkdirs among them) can
 * land after the first removal and bring the folder back until the process has exited.
 */
function removeOnceStopped(staging: string): void {
  try {
    rmSync(staging, { recursive: true, force: true, maxRetries: 3, retryDelay: 20 });
  } catch {
    // the sweep below, or else the next build, removes the rest
  }
  try {
    spawn('sh', ['-c', 'while kill -0 "$1" 2>/dev/null; do sleep 0.02; done; rm -rf -- "$2"', 'sh', String(process.pid), staging],
      { detached: true, stdio: 'ignore' }).unref();
  } catch {
    // no shell: the next build removes whatever came back
  }
}

/**
 * Two renames put the new output in place. Deleting the old tree (thousands of files) is left
 * to a detached `rm` so the build does not wait for it. Between the two renames the output does
 * not exist for a moment: a server should serve a release made by `npm run deploy` instead
 * (build/deploy/releases.ts), which switches with one atomic rename of a symlink.
 */
export function swapInto(staging: string, outDir: string): void {
  const old = path.join(path.dirname(outDir), `.${path.basename(outDir)}-trash-${process.pid}-${trashCount++}`);
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(staging, outDir);
  markReplaced(staging);
  if (existsSync(old)) spawn('rm', ['-rf', old], { detached: true, stdio: 'ignore' }).unref();
}

/** From now on a stop signal says the new output is (being) put in place, not that the old one is untouched. */
export function markReplaced(staging: string): void {
  if (onStop.staging === staging) onStop.replaced = true;
}

export function discardStaging(staging: string): void {
  rmSync(staging, { recursive: true, force: true });
}
