// "Последнее обновление": the date of the last commit that touched each page's source, read with
// one `git log` pass over the whole docs folder (one process, not one per page: ~30 ms for this
// site, 35 ms for 1000 pages). Dates come from commits, never from the clock or file times, so the same sources in the
// same history give the same pages. A file git does not know (new, uncommitted) or a folder
// outside any checkout gets no date: no line is better than a wrong one. Front matter
// `last_update: { date }` overrides.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { LastUpdated } from '../../src/data/types.ts';
import type { Warning } from '../errors.ts';

export interface GitDates {
  /** Absolute source path → ISO date-time of the newest commit that touched it. */
  dates: Map<string, string>;
  /** Why there are no dates, or why they may be wrong (a shallow clone), once per build. */
  warning?: Warning;
}

const git = (cwd: string, args: string[]) => spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });

/** The newest commit date of every file under docsDir that git has committed. */
export function readGitDates(docsDir: string): GitDates {
  const dates = new Map<string, string>();
  const inside = git(docsDir, ['rev-parse', '--is-inside-work-tree', '--is-shallow-repository']);
  if (inside.status !== 0) return { dates };
  const [isInside, isShallow] = inside.stdout.trim().split('\n');
  if (isInside !== 'true') return { dates };
  // Newest first; a file's first appearance is its last change. %cI: the committer's ISO date.
  const log = git(docsDir, ['log', '--format=%x00%cI', '--name-only', '--no-renames', '--relative', '--', '.']);
  if (log.status !== 0) return { dates, warning: { message: `git log failed, pages get no "last updated" date: ${log.stderr.trim()}` } };
  let current = '';
  for (const line of log.stdout.split('\n')) {
    if (line.startsWith('\0')) current = line.slice(1);
    else if (line && current) {
      const file = path.join(docsDir, line);
      if (!dates.has(file)) dates.set(file, current);
    }
  }
  const warning = isShallow === 'true'
    ? { message: 'this is a shallow git clone: pages last changed before its oldest commit show that commit\'s date as "last updated" (fetch the whole history, e.g. actions/checkout with fetch-depth: 0)' }
    : undefined;
  return { dates, warning };
}

/**
 * Made on first use: the formatter loads ICU's Russian data, ~30 ms that every build paid at
 * start-up, also one whose pages have no dates to show (no git checkout, no front matter date).
 */
let ruDate: Intl.DateTimeFormat | undefined;
const formatRuDate = (date: Date) => (ruDate ??= new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })).format(date);

/** The date to show for a page: front matter first, then git; undefined shows no line. */
export function lastUpdatedOf(frontMatterDate: string | Date | undefined, gitDate: string | undefined): LastUpdated | undefined {
  const raw = frontMatterDate ?? gitDate;
  if (raw === undefined) return undefined;
  const date = raw instanceof Date ? raw : new Date(raw);
  if (Number.isNaN(date.getTime())) return undefined;
  // A date without a time (front matter) is that calendar day, whatever the build machine's zone.
  const datetime = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : date.toISOString().replace(/\.000Z$/, 'Z');
  return { datetime, text: formatRuDate(date) };
}
