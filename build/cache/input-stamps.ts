// Which input files are unchanged since a build read them, known without reading them again. The
// up-to-date check hashes every input (build/cache/up-to-date.ts); reading and hashing the 1000
// pages of the benchmark's corpus (10 MB) takes 30–80 ms of every build, against ~8 ms to stat
// them (a one-page edit was ~25 ms faster over 20 alternated pairs). A file whose stamp (inode,
// size, modification and change times) is the one recorded with its hash has that hash: the file
// is not read, and discovery takes its front matter from what was recorded with it
// (build/model/content.ts).
//
// The change time is part of the stamp because no tool sets it: a checkout, a copy or `touch -d`
// that puts an old modification time on new bytes still changes it, and the file is read again.
// (The output's files are stamped without it, build/render/reuse.ts: each build hard-links them
// into the next output, which changes it.) A file written within RACY_MS before a build looked at
// it is not recorded (git's "racily clean" files): a second write in the same tick of the file
// system's clock would leave the same stamp. Only a hash read from bytes is recorded, from a stamp
// taken before they were read.
import { readFileSync, statSync, type Stats } from 'node:fs';
import { KeyValueCache } from './kv-cache.ts';
import { readSourceFile, sourceHash, type SourceFile, type SourceHead } from '../model/source-file.ts';

/** Inode, size, modification and change times (ms). */
type Stamp = [number, number, number, number];

type HashedSource = SourceFile & { hash: string };

interface StampEntry {
  stamp: Stamp;
  hash: string;
  /** A page's: what discovery found at its start. */
  head?: SourceHead;
  /** How discovery read that start (HEAD_FORMAT): a head recorded by an older reading is read again. */
  headFormat?: number;
}

/** Bump when discovery reads a page's start differently. 2: a byte order mark belongs to the head. */
const HEAD_FORMAT = 2;

/** Files changed this close to the moment a build looked at them are read by the next one again. */
export const RACY_MS = 2000;

/** Stands for the head of a file that is not a page (never read as one). */
const NO_HEAD: SourceHead = { frontMatter: '', mayInclude: false };

const stampOf = (st: Stats): Stamp => [st.ino, st.size, st.mtimeMs, st.ctimeMs];
const sameStamp = (a: Stamp, b: Stamp) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];

export class InputStamps {
  private readonly cache: KeyValueCache<StampEntry>;

  /** `now`: when this build started looking at the files (a parameter for the tests). */
  constructor(cacheDir: string | null, private readonly now = Date.now()) {
    this.cache = KeyValueCache.open<StampEntry>(cacheDir, 'input-stamps');
  }

  /** A file's hash (not read when its stamp is the one recorded); null when there is no such file. */
  hashOf(file: string): string | null {
    return this.look(file, false)?.hash ?? null;
  }

  /**
   * A page's source: known by its stamp when both its stamp and its head were recorded, read
   * otherwise (the head is then recorded once discovery has found it); null when there is no such file.
   */
  page(file: string): HashedSource | null {
    return this.look(file, true);
  }

  private look(file: string, page: boolean): HashedSource | null {
    const st = statSync(file, { throwIfNoEntry: false });
    if (!st) return null;
    const stamp = stampOf(st);
    const known = this.cache.get(file);
    const same = known !== undefined && sameStamp(known.stamp, stamp);
    if (same && known.head && known.headFormat === HEAD_FORMAT) return { hash: known.hash, size: st.size, head: known.head };
    if (same && !page) return { hash: known.hash, size: st.size, head: NO_HEAD };
    const bytes = readFileSync(file);
    const hash = sourceHash(bytes);
    if (Math.max(st.mtimeMs, st.ctimeMs) >= this.now - RACY_MS) return { bytes, hash };
    const entry: StampEntry = { stamp, hash };
    if (!(same && known.hash === hash)) this.cache.set(file, entry);
    return { bytes, hash, keepHead: (head) => this.cache.set(file, { ...entry, head, headFormat: HEAD_FORMAT }) };
  }

  /** Writes what changed since the cache was read. */
  save(): void {
    this.cache.save();
  }
}

/** A page reader (build/model/content.ts) through the stamps; a file gone is read, so that it fails as reading it does (ENOENT). */
export function stampedReader(stamps: InputStamps): (absPath: string) => SourceFile {
  return (absPath) => stamps.page(absPath) ?? readSourceFile(absPath);
}
