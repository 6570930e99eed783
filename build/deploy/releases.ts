// Zero-downtime deploys into a site folder that nginx serves through a symlink:
//
//   <site>/releases/<id>/      one built output per release, id from its content
//   <site>/current -> releases/<id>   what nginx's `root` names; switched by renaming a new
//                               symlink over the old one, which is atomic: every request sees
//                               either the old release or the new one, never a missing folder
//   <site>/csp.nginx.conf       the Content-Security-Policy nginx includes (see writeSiteCsp)
//   <site>/redirects.nginx.conf the current release's redirects, also included (writeSiteRedirects)
//   <site>/releases.json        the releases in the order they went live (for --keep and --rollback)
//
// A reader who opened a page of the previous release keeps working: each release also carries
// the content-hashed files (assets/) of the releases kept before it, so the lazy chunks that
// page still asks for are there. Page data (`_data/<route>.json`) and sidebars are not hashed; a stale page that asks for one gets the new release's data or a 404, and the client
// router then reloads the page (src/client/page-loader.ts), as after any deploy.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BuildError } from '../errors.ts';
import { cspNginxInclude, mergeCsp, readCsp } from '../render/csp.ts';
import { filesUnder } from '../file-tree.ts';
import { REDIRECTS_NGINX_FILE } from '../output/redirect-page.ts';

export const DEFAULT_KEEP = 5;
const HISTORY_FILE = 'releases.json';
const RELEASE_FILE = '_headers/release.json';
/** Content-hashed: a name is never reused for other bytes, so old ones can sit beside new ones. */
const HASHED_DIRS = ['assets'];

interface ReleaseRecord {
  id: string;
  /** The hashed files this release was built with (not those carried over from older ones). */
  own: string[];
}

export interface DeployResult {
  id: string;
  /** False when a release with this content was already there and was only made current again. */
  copied: boolean;
  kept: string[];
  removed: string[];
}

const rel = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');

/** Files under root/sub, relative to root. */
function filesOf(root: string, sub = ''): string[] {
  return filesUnder(path.join(root, sub)).map((f) => (sub ? `${sub}/${f}` : f));
}

/**
 * The release id: a hash of every file of the output and its bytes, so the same sources give the
 * same id. The .gz/.br copies are left out (they follow from the files they compress).
 */
export function releaseId(distDir: string): string {
  const h = createHash('sha256');
  for (const f of filesOf(distDir)) {
    if (/\.(gz|br)$/.test(f)) continue;
    h.update(f).update('\0').update(readFileSync(path.join(distDir, f))).update('\0');
  }
  return h.digest('hex').slice(0, 16);
}

function readHistory(siteDir: string): string[] {
  try {
    const parsed = JSON.parse(readFileSync(path.join(siteDir, HISTORY_FILE), 'utf8')) as { releases?: unknown };
    return Array.isArray(parsed.releases) ? parsed.releases.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

/** Written beside and renamed over, like everything here: a killed deploy never leaves half a file. */
function writeAtomically(file: string, content: string): void {
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, content);
  renameSync(tmp, file);
}

function readRecord(releaseDir: string): ReleaseRecord | undefined {
  try {
    return JSON.parse(readFileSync(path.join(releaseDir, RELEASE_FILE), 'utf8')) as ReleaseRecord;
  } catch {
    return undefined;
  }
}

/** The release `current` points at, or undefined before the first deploy. */
export function currentRelease(siteDir: string): string | undefined {
  const link = path.join(siteDir, 'current');
  let stat;
  try {
    stat = lstatSync(link);
  } catch {
    return undefined;
  }
  if (!stat.isSymbolicLink()) {
    throw new BuildError(`${link} is a folder, not a symlink`, undefined, undefined,
      'move it away (e.g. to releases/manual) and deploy again: current must be the link this command switches');
  }
  return path.basename(readlinkSync(link));
}

/** Points `<site>/current` at a release with one rename, the step that makes it live. */
function switchCurrent(siteDir: string, id: string): void {
  const tmp = path.join(siteDir, `.current-${process.pid}`);
  rmSync(tmp, { force: true });
  symlinkSync(path.join('releases', id), tmp);
  renameSync(tmp, path.join(siteDir, 'current'));
}

/**
 * The policy nginx sends is read when nginx (re)loads, but the inline script it allows by hash
 * changes with the release. The site's policy therefore allows the hashes of both the release
 * going live and the one it replaces, and is written before the switch: reload nginx in between
 * (--reload) and neither release's pages are ever refused their script.
 */
function writeSiteCsp(siteDir: string, releases: string[]): void {
  const policies = releases.map((id) => readCsp(path.join(siteDir, 'releases', id))).filter((p): p is string => !!p);
  if (policies.length === 0) return;
  const csp = policies.reduce((a, b) => mergeCsp(a, b));
  writeAtomically(path.join(siteDir, 'csp.nginx.conf'), cspNginxInclude(csp,
    'Written by npm run deploy (build/deploy/releases.ts) and included by deploy/nginx.conf: the policy of\n'
    + '# the current release and of the one before it. nginx reads it when it (re)loads.'));
}

/**
 * The release's redirects (nginx `return 301`s, build/output/redirect-page.ts) where deploy/nginx.conf
 * includes them, written before the switch like the policy. A release built before redirects
 * existed has none: the include is then empty.
 */
function writeSiteRedirects(siteDir: string, id: string): void {
  let include = '# No redirects in the current release.\n';
  try {
    include = readFileSync(path.join(siteDir, 'releases', id, REDIRECTS_NGINX_FILE), 'utf8');
  } catch {
    /* an older build */
  }
  writeAtomically(path.join(siteDir, 'redirects.nginx.conf'), include);
}

/** Hard-links (or copies, across file systems) the hashed files of older releases that the new one lacks. */
function carryOver(siteDir: string, target: string, older: string[]): void {
  for (const id of older) {
    const dir = path.join(siteDir, 'releases', id);
    for (const f of readRecord(dir)?.own ?? []) {
      const to = path.join(target, f);
      if (existsSync(to) || !existsSync(path.join(dir, f))) continue;
      mkdirSync(path.dirname(to), { recursive: true });
      try {
        linkSync(path.join(dir, f), to);
      } catch {
        cpSync(path.join(dir, f), to, { preserveTimestamps: true });
      }
    }
  }
}

/** Removes releases that are neither current nor among the last `keep`, and leftovers of killed deploys. */
function prune(siteDir: string, history: string[], keep: number, current: string): { kept: string[]; removed: string[] } {
  const kept = history.slice(-keep);
  if (!kept.includes(current)) kept.push(current);
  const removed: string[] = [];
  const releasesDir = path.join(siteDir, 'releases');
  for (const name of readdirSync(releasesDir)) {
    const unfinished = /^\.(.+)\.tmp-(\d+)$/.exec(name);
    if (unfinished) {
      if (isAlive(Number(unfinished[2]))) continue;
    } else if (kept.includes(name)) continue;
    rmSync(path.join(releasesDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return { kept, removed };
}

/** The link and files a killed deploy was about to rename into place (`.current-<pid>`, `*.tmp-<pid>`). */
function removeLeftovers(siteDir: string): void {
  let names: string[];
  try {
    names = readdirSync(siteDir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = /^(?:\.current-|.+\.tmp-)(\d+)$/.exec(name);
    if (m && Number(m[1]) !== process.pid && !isAlive(Number(m[1]))) rmSync(path.join(siteDir, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DeployOptions {
  keep?: number;
  /** Run after the policy is written and before the switch (e.g. `nginx -s reload`). */
  reload?: () => void;
}

/** Copies distDir into a new release of siteDir and makes it current. */
export function deploy(distDir: string, siteDir: string, options: DeployOptions = {}): DeployResult {
  const keep = Math.max(1, options.keep ?? DEFAULT_KEEP);
  if (!existsSync(path.join(distDir, 'index.html')) || !existsSync(path.join(distDir, '404.html'))) {
    throw new BuildError(`${distDir} holds no built site (index.html and 404.html are missing)`, undefined, undefined, 'run npm run build first, or name the output with --dist DIR');
  }
  const releasesDir = path.join(siteDir, 'releases');
  mkdirSync(releasesDir, { recursive: true });
  removeLeftovers(siteDir);
  const previous = currentRelease(siteDir);
  const id = releaseId(distDir);
  const target = path.join(releasesDir, id);
  const history = readHistory(siteDir).filter((r) => r !== id && existsSync(path.join(releasesDir, r)));

  const copied = !existsSync(target);
  if (copied) {
    const tmp = path.join(releasesDir, `.${id}.tmp-${process.pid}`);
    rmSync(tmp, { recursive: true, force: true });
    // Timestamps kept: nginx's ETag and Last-Modified come from them, so an unchanged file
    // stays cached in browsers across releases.
    cpSync(distDir, tmp, { recursive: true, preserveTimestamps: true });
    const own = HASHED_DIRS.flatMap((d) => filesOf(tmp, d));
    writeFileSync(path.join(tmp, RELEASE_FILE), JSON.stringify({ id, own } satisfies ReleaseRecord));
    carryOver(siteDir, tmp, history.slice(-(keep - 1)));
    renameSync(tmp, target);
  }

  writeSiteCsp(siteDir, [previous, id].filter((r): r is string => !!r && existsSync(path.join(releasesDir, r))));
  writeSiteRedirects(siteDir, id);
  options.reload?.();
  switchCurrent(siteDir, id);
  const order = [...history, id];
  const { kept, removed } = prune(siteDir, order, keep, id);
  writeAtomically(path.join(siteDir, HISTORY_FILE), `${JSON.stringify({ releases: order.filter((r) => kept.includes(r)) }, null, 2)}\n`);
  return { id, copied, kept, removed };
}

/** Points current back at the release that went live before it; the newer one is dropped from the history. */
export function rollback(siteDir: string, options: Pick<DeployOptions, 'reload'> = {}): { from: string; to: string } {
  removeLeftovers(siteDir);
  const current = currentRelease(siteDir);
  if (!current) throw new BuildError(`${siteDir} has no current release`, undefined, undefined, 'deploy a build first: npm run deploy -- <site dir>');
  const history = readHistory(siteDir).filter((r) => existsSync(path.join(siteDir, 'releases', r)));
  const at = history.indexOf(current);
  const to = at > 0 ? history[at - 1] : undefined;
  if (!to) throw new BuildError(`${siteDir}: no release before ${current} is kept`, undefined, undefined, 'deploy the build you want instead: npm run deploy -- <site dir>');
  writeSiteCsp(siteDir, [current, to]);
  writeSiteRedirects(siteDir, to);
  options.reload?.();
  switchCurrent(siteDir, to);
  writeAtomically(path.join(siteDir, HISTORY_FILE), `${JSON.stringify({ releases: history.filter((r) => r !== current) }, null, 2)}\n`);
  return { from: current, to };
}
