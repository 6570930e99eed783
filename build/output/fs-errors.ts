// What the disk said, in one line an operator can act on. A build that cannot write gets
// ENOSPC, EACCES, EROFS and friends from Node with a stack trace that names our internals; the
// operator needs the path, the cause and the fix. Anything else keeps its stack (a bug of ours).
import { statSync } from 'node:fs';
import path from 'node:path';

/** A Node system error: the code and, when Node knows it, the path it was working on. */
export interface SystemError extends Error {
  code: string;
  path?: string;
  dest?: string;
  syscall?: string;
}

export function isSystemError(e: unknown): e is SystemError {
  return e instanceof Error && typeof (e as SystemError).code === 'string' && /^E[A-Z]+$/.test((e as SystemError).code);
}

/** Cause and fix for each code a build meets when the file system refuses. */
const EXPLAINED: Record<string, { cause: string; fix: string }> = {
  ENOSPC: { cause: 'no space left on the device', fix: 'free space on that file system, or build elsewhere with --out DIR' },
  EDQUOT: { cause: 'the disk quota is used up', fix: 'free space within the quota, or build elsewhere with --out DIR' },
  EACCES: { cause: 'permission denied', fix: 'give the user running the build write access to that folder, or build elsewhere with --out DIR' },
  EPERM: { cause: 'the operation is not permitted', fix: 'check the folder\'s owner and attributes (lsattr), or build elsewhere with --out DIR' },
  EROFS: { cause: 'the file system is read-only', fix: 'mount it read-write, or build elsewhere with --out DIR' },
  ENOTDIR: { cause: 'a file stands where a folder is needed', fix: 'remove or rename that file, or choose another --out DIR' },
  EEXIST: { cause: 'a file already exists where a folder is needed', fix: 'remove or rename that file, or choose another --out DIR' },
  EISDIR: { cause: 'a folder stands where a file is needed', fix: 'remove or rename that folder' },
  EMFILE: { cause: 'too many open files', fix: 'raise the limit (ulimit -n) and build again' },
  ENAMETOOLONG: { cause: 'a path is too long for the file system', fix: 'build into a folder with a shorter path (--out DIR)' },
};

/** Just the cause of a system error (`the file system is read-only (EROFS)`), or its message. */
export function fsCause(e: unknown): string {
  if (isSystemError(e) && EXPLAINED[e.code]) return `${EXPLAINED[e.code].cause} (${e.code})`;
  return e instanceof Error ? e.message : String(e);
}

/** A path as the operator typed it: relative inside the working folder, absolute outside it. */
export function displayPath(p: string, cwd = process.cwd()): string {
  const rel = path.relative(cwd, path.resolve(cwd, p));
  return rel === '' ? '.' : rel.startsWith('..') ? path.resolve(cwd, p) : rel;
}

/**
 * The file that stands where p needs a folder (p itself or one of its parents): Node names the
 * path it was creating (`out/.dist-staging-123`), the operator needs the file to move away.
 */
function fileInTheWay(p: string): string | undefined {
  for (let at = path.resolve(p); ; at = path.dirname(at)) {
    try {
      if (!statSync(at).isDirectory()) return at;
    } catch {
      // not there (or not reachable through a file): look at its parent
    }
    if (path.dirname(at) === at) return undefined;
  }
}

/**
 * One line for a file-system refusal (`cannot write PATH: CAUSE (CODE). Fix: …`), or undefined for
 * anything else. `fallbackPath` names the place when Node did not say (a write from a worker).
 */
export function describeFsError(e: unknown, fallbackPath?: string): string | undefined {
  if (!isSystemError(e)) return undefined;
  const explained = EXPLAINED[e.code];
  if (!explained) return undefined;
  const inTheWay = e.code === 'ENOTDIR' || e.code === 'EEXIST';
  let where = e.dest ?? e.path ?? fallbackPath;
  if (where && inTheWay) where = fileInTheWay(where) ?? where;
  const shown = where ? displayPath(where) : undefined;
  const verb = inTheWay ? 'cannot use' : e.syscall === 'open' || e.syscall === 'write' || e.syscall === 'mkdir' || e.syscall === 'rename' || e.syscall === 'copyfile'
    ? 'cannot write' : 'cannot use';
  return `${shown ? `${verb} ${shown}` : 'cannot write the output'}: ${explained.cause} (${e.code}). Fix: ${explained.fix}.`;
}

/** Rebuilds a system error from what crossed a worker boundary (code and path survive, the class does not). */
export function systemError(message: string, code?: string, file?: string, syscall?: string): Error {
  const e = new Error(message) as Partial<SystemError> & Error;
  if (code) e.code = code;
  if (file) e.path = file;
  if (syscall) e.syscall = syscall;
  return e;
}
