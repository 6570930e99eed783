// "Последнее обновление": the date (and, with docs.showLastUpdateAuthor, the author) of the last
// commit that touched each page's source, read with one `git log` pass over the whole docs folder
// (one process, not one per page: ~30 ms for this site, 35 ms for 1000 pages). Dates come from
// commits, never from the clock or file times, so the same sources in the same history give the
// same pages. A file git does not know (new, uncommitted) or a folder outside any checkout gets no
// date: no line is better than a wrong one. Front matter `last_update: { date, author }` overrides
// either.
import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';
import type { LastUpdated } from '../../src/data/types.ts';
import type { Warning } from '../errors.ts';

/** The newest commit that touched a file: its committer's ISO date-time and its author's name. */
export interface LastCommit {
  date: string;
  author: string;
}

export interface GitDates {
  /** Absolute source path → the newest commit that touched it. */
  dates: Map<string, LastCommit>;
  /** Why there are no dates, or why they may be wrong (a shallow clone), once per build. */
  warning?: Warning;
}

interface GitRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

const MAX_OUTPUT = 256 * 1024 * 1024;
const gitSync = (cwd: string, args: string[]): GitRun => spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: MAX_OUTPUT });
const gitAsync = (cwd: string, args: string[]) => new Promise<GitRun>((resolve) => {
  execFile('git', args, { cwd, encoding: 'utf8', maxBuffer: MAX_OUTPUT }, (error, stdout, stderr) => {
    // A git that is missing or cannot start (ENOENT) answers like a folder outside a checkout.
    const status = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
    resolve({ status, stdout, stderr });
  });
});

const REV_PARSE = ['rev-parse', '--is-inside-work-tree', '--is-shallow-repository'];
// Newest first; a file's first appearance is its last change. %cI: the committer's ISO date; %aN:
// the author's name, as .mailmap maps it.
const LOG = ['log', '--format=%x00%cI%x00%aN', '--name-only', '--no-renames', '--relative', '--', '.'];

/** rev-parse's answer: null outside a work tree, else whether the clone is shallow. */
function checkoutOf(revParse: GitRun): { shallow: boolean } | null {
  const [isInside, isShallow] = revParse.status === 0 ? revParse.stdout.trim().split('\n') : [];
  return isInside === 'true' ? { shallow: isShallow === 'true' } : null;
}

/** The dates in `git log`'s answer. */
function datesOf(docsDir: string, { shallow }: { shallow: boolean }, log: GitRun): GitDates {
  const dates = new Map<string, LastCommit>();
  if (log.status !== 0) return { dates, warning: { message: `git log failed, pages get no "last updated" date: ${log.stderr.trim()}` } };
  let current: LastCommit | undefined;
  for (const line of log.stdout.split('\n')) {
    if (line.startsWith('\0')) {
      const [, date, author = ''] = line.split('\0');
      current = { date, author };
    } else if (line && current) {
      const file = path.join(docsDir, line);
      if (!dates.has(file)) dates.set(file, current);
    }
  }
  const warning = shallow
    ? { message: 'this is a shallow git clone: pages last changed before its oldest commit show that commit\'s date as "last updated" (fetch the whole history, e.g. actions/checkout with fetch-depth: 0)' }
    : undefined;
  return { dates, warning };
}

/** The newest commit date of every file under docsDir that git has committed. */
export function readGitDates(docsDir: string): GitDates {
  const checkout = checkoutOf(gitSync(docsDir, REV_PARSE));
  return checkout ? datesOf(docsDir, checkout, gitSync(docsDir, LOG)) : { dates: new Map() };
}

/**
 * The same, with git running beside this thread: the build hashes its inputs meanwhile
 * (build/index.ts) instead of waiting for two processes (~10-25 ms).
 */
export async function readGitDatesAsync(docsDir: string): Promise<GitDates> {
  const checkout = checkoutOf(await gitAsync(docsDir, REV_PARSE));
  return checkout ? datesOf(docsDir, checkout, await gitAsync(docsDir, LOG)) : { dates: new Map() };
}

/**
 * Made on first use: the formatter loads ICU's Russian data, ~30 ms that every build paid at
 * start-up, also one whose pages have no dates to show (no git checkout, no front matter date).
 */
let ruDate: Intl.DateTimeFormat | undefined;
const formatRuDate = (date: Date) => (ruDate ??= new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })).format(date);

/**
 * What to show for a page: each of the date and the author from front matter first, then from git
 * (the author only when `withAuthor`); undefined, without a date, shows no line.
 */
export function lastUpdatedOf(frontMatter: { date?: string | Date; author?: string } | undefined, git: LastCommit | undefined, withAuthor = false): LastUpdated | undefined {
  const raw = frontMatter?.date ?? git?.date;
  if (raw === undefined) return undefined;
  const date = raw instanceof Date ? raw : new Date(raw);
  if (Number.isNaN(date.getTime())) return undefined;
  // A date without a time (front matter) is that calendar day, whatever the build machine's zone.
  const datetime = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : date.toISOString().replace(/\.000Z$/, 'Z');
  const author = withAuthor ? (frontMatter?.author ?? git?.author)?.trim() : undefined;
  return { datetime, text: formatRuDate(date), ...(author ? { author } : {}) };
}
