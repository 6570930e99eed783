// Putting a build's output in place. A build that made every file (the first one, or one that
// kept nothing) swaps its staging folder in whole (build/output/staging.ts). An incremental build
// leaves the files of the output in place that it would have made again with the same bytes
// where they are (KeptFiles): its staging folder holds only what is new or changed, and the
// commit moves those files in and deletes the ones this build no longer makes. Linking every
// unchanged file into the staging folder, swapping, and deleting the old tree cost a one-page edit
// of the 1000-page corpus ~12 000 links and as many deletions; the commit touches a few dozen files.
//
// The previous output stays untouched until the commit, which is synchronous (no signal handler
// runs inside it). Before its first change it writes a journal into the staging folder; a build
// killed outright (kill -9, a lost machine) in the middle is finished by the next build
// (recoverCommits), so the output is never left half one build and half another. The stamp that
// says which inputs the output was built from goes first and comes back last: a half-done
// commit is never taken for an up-to-date output.
import { copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../cache/atomic-write.ts';
import { STAMP_FILE } from '../cache/up-to-date.ts';
import { BuildError } from '../errors.ts';
import { hasBrotliCopy, MANIFEST_FILE, type Manifest } from './compress-core.ts';
import { isRunningBuild, markReplaced, namesBeside, stagingPattern, swapInto, throwAway } from './staging.ts';
import { filesUnder, toPosix } from '../file-tree.ts';

/**
 * What moving one new file into the output costs (two renames: the old file aside, the new one in),
 * in hard links of a file that stays: measured here after a title edit of the 1000-page corpus,
 * 3000 files moved in 0.45–0.65 s, 6000 links in about 0.2 s.
 */
const RENAMES_PER_LINK = 3;
/**
 * Up to this many new files the commit is done in place whatever the ratio: it takes milliseconds
 * either way, and the files that stay are then left untouched (their times, their inodes: what
 * rsync, backups and a server's open files see).
 */
const SMALL_COMMIT = 300;

/** In the staging folder from the commit's first change to its end: what it deletes. */
const JOURNAL = '.sg-commit.json';

interface Journal {
  remove: string[];
}

/** How a file of the output looked when the build read the output: to notice another build's commit meanwhile. */
function identity(file: string): string | null {
  try {
    const s = statSync(file);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
}

/** Files of the output in place that this build leaves where they are, by path under the output (forward slashes). */
export class KeptFiles {
  private readonly rels = new Set<string>();
  /** The compression manifest of the output in place, as the build found it (the last file a commit writes but the stamp). */
  private readonly manifestAtStart: string | null;

  /**
   * False when the output is a symbolic link: its folder may be on another file system than the
   * staging folder beside the link, where files cannot be renamed in, so it is swapped as a whole
   * (the link replaced by the new folder, as before incremental commits).
   */
  private readonly enabled: boolean;

  constructor(readonly outDir: string) {
    this.manifestAtStart = identity(path.join(outDir, MANIFEST_FILE));
    let link = false;
    try {
      link = lstatSync(outDir).isSymbolicLink();
    } catch {
      // no output yet: nothing to keep anyway
    }
    this.enabled = !link;
  }

  /** Keeps rel when `from`, the previous output's file this build would link there, is rel itself. */
  keepIfInPlace(rel: string, from: string): boolean {
    const posix = toPosix(rel);
    if (!this.enabled || from !== path.join(this.outDir, posix)) return false;
    this.rels.add(posix);
    return true;
  }

  /** Keeps rel when the output in place has `file` itself there (the same inode: a file linked from a cache). */
  keepIfSameFile(rel: string, file: string): boolean {
    const posix = toPosix(rel);
    if (!this.enabled) return false;
    try {
      const a = statSync(path.join(this.outDir, posix));
      const b = statSync(file);
      if (a.ino !== b.ino || a.dev !== b.dev) return false;
    } catch {
      return false;
    }
    this.rels.add(posix);
    return true;
  }

  has(rel: string): boolean {
    return this.rels.has(rel);
  }

  get size(): number {
    return this.rels.size;
  }

  /** Whether the output in place is still the one this build read (no other build committed meanwhile). */
  unchangedSinceStart(): boolean {
    return identity(path.join(this.outDir, MANIFEST_FILE)) === this.manifestAtStart;
  }
}

/**
 * Every file under dir, by path under it with forward slashes. Walked by hand, building each path
 * by concatenation: readdirSync's recursive mode and a path.relative per entry took ~0.1 s for the
 * 12 000 files of a 1000-page output.
 */
function manifestFiles(dir: string): Manifest['files'] {
  try {
    return (JSON.parse(readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as Manifest).files;
  } catch {
    return {};
  }
}

/**
 * Puts the staging folder's output in place: whole when it kept nothing, file by file when it did.
 * listOutput: the output in place's files, when the build has listed them already.
 */
export function commitOutput(staging: string, outDir: string, kept: KeptFiles, listOutput: () => string[] = () => filesUnder(outDir)): void {
  if (kept.size === 0 || !existsSync(outDir)) {
    swapInto(staging, outDir);
    return;
  }
  if (!kept.unchangedSinceStart()) {
    throw new BuildError(`another build replaced ${path.basename(outDir)}/ while this one ran, so the files this build left in place may not be its own`, undefined, undefined, 'run the build again');
  }
  // What the output keeps of its files: those staged replace theirs, those kept stay, and so do
  // the compressed copies of a kept file the new manifest lists (the compressor found them whole).
  const stagedList = filesUnder(staging);
  const staged = new Set(stagedList);
  const compressed = manifestFiles(staging);
  const survives = (rel: string) => {
    if (staged.has(rel) || kept.has(rel)) return true;
    const m = /^(.*)\.(gz|br)$/.exec(rel);
    // A .br that the rules no longer make (an output from before hasBrotliCopy) goes.
    return m !== null && kept.has(m[1]) && Object.hasOwn(compressed, m[1]) && (m[2] === 'gz' || hasBrotliCopy(m[1]));
  };
  const present = listOutput();
  const staying = present.filter((rel) => !staged.has(rel) && survives(rel));
  if (staged.size > SMALL_COMMIT && staying.length < staged.size * RENAMES_PER_LINK) {
    // Much of the output is new (a title edit renders every page of its sidebar again; the
    // engine changed): linking the files that stay into the staging folder and swapping it in
    // whole is cheaper than moving every new file in.
    linkInto(staging, outDir, staying);
    swapInto(staging, outDir);
    return;
  }
  const journal: Journal = { remove: present.filter((rel) => !survives(rel)).sort() };
  writeFileAtomic(path.join(staging, JOURNAL), JSON.stringify(journal), { makeDir: false });
  markReplaced(staging);
  applyCommit(staging, outDir, journal, stagedList);
}

/** Hard-links (or copies, where links fail) the output in place's files `rels` into the staging folder. */
function linkInto(staging: string, outDir: string, rels: string[]): void {
  withFolders(staging, rels, (rel) => {
    try {
      linkSync(path.join(outDir, rel), path.join(staging, rel));
    } catch {
      copyFileSync(path.join(outDir, rel), path.join(staging, rel));
    }
  });
}

/** Calls `each` with every rel once its folder under root exists (made once for a run of files in the same folder). */
function withFolders(root: string, rels: string[], each: (rel: string) => void): void {
  let madeDir = '';
  for (const rel of rels) {
    const dir = path.dirname(rel);
    if (dir !== madeDir) {
      mkdirSync(path.join(root, dir), { recursive: true });
      madeDir = dir;
    }
    each(rel);
  }
}

/** In the staging folder: the output's files the commit replaced or deleted, thrown away with it. */
const ASIDE = '.replaced';

/**
 * The commit proper, from its journal: also what finishes a killed build's. Every step can run
 * twice: a file already deleted or already moved is simply not there any more.
 *
 * A file the commit replaces or deletes is first renamed into the staging folder, which is then
 * thrown away by a detached `rm` (build/output/staging.ts). Renaming over it, or deleting it,
 * frees its blocks on the spot: after a title edit (3000 pages' files replaced) that took the
 * commit ~0.9 s, a rename aside ~0.2 s.
 */
function applyCommit(staging: string, outDir: string, journal: Journal, staged = filesUnder(staging)): void {
  const asideDir = path.join(staging, ASIDE);
  mkdirSync(asideDir, { recursive: true });
  let asideCount = 0;
  const putAside = (rel: string) => {
    try {
      renameSync(path.join(outDir, rel), path.join(asideDir, `${process.pid}-${asideCount++}`));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  };
  putAside(STAMP_FILE);
  const emptied = new Set<string>();
  for (const rel of journal.remove) {
    putAside(rel);
    emptied.add(path.dirname(rel));
  }
  // Folders left empty go before anything moves in: a file may take the name a folder had.
  for (const dir of [...emptied].sort((a, b) => b.length - a.length)) removeEmptyUpward(outDir, dir);
  const moves = staged.filter((rel) => rel !== JOURNAL && rel !== STAMP_FILE && !rel.startsWith(`${ASIDE}/`)).sort();
  if (existsSync(path.join(staging, STAMP_FILE))) moves.push(STAMP_FILE);
  withFolders(outDir, moves, (rel) => {
    putAside(rel);
    renameSync(path.join(staging, rel), path.join(outDir, rel));
  });
  // What is left: folders, the journal and the files put aside. A few are deleted here (starting
  // `rm` took ~20 ms of a one-page edit's build), many by a detached `rm`.
  if (asideCount + moves.length <= SMALL_COMMIT) rmSync(staging, { recursive: true, force: true });
  else throwAway(staging, outDir);
}

/** Removes dir (under root) and its parents while they are empty. */
function removeEmptyUpward(root: string, dir: string): void {
  for (let d = dir; d !== '.' && d !== ''; d = path.dirname(d)) {
    try {
      rmdirSync(path.join(root, d));
    } catch {
      return; // not empty (or gone): its parents are not empty either
    }
  }
}

/**
 * Finishes the commits of builds of outDir that were killed in the middle of one (their staging
 * folder has a journal and their process is gone). Run before the build reads the output in place.
 */
export function recoverCommits(outDir: string): void {
  const pattern = stagingPattern(outDir);
  for (const name of namesBeside(outDir)) {
    const m = pattern.exec(name);
    const folder = path.join(path.dirname(outDir), name);
    if (!m || !existsSync(path.join(folder, JOURNAL)) || isRunningBuild(Number(m[1]), folder)) continue;
    let journal: Journal;
    try {
      journal = JSON.parse(readFileSync(path.join(folder, JOURNAL), 'utf8')) as Journal;
    } catch {
      continue; // unreadable: the folder is thrown away as stale
    }
    applyCommit(folder, outDir, journal);
  }
}
