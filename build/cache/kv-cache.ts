// A content-addressed cache kept under the cache folder as v8-serialised Maps: a base file and a
// delta beside it. Only entries used by the current build are kept, so it never grows stale.
// A build that changed a few entries writes only those (the delta, "<name>.v8.delta") instead of
// serialising the whole map again (38 MB of compiled pages at 1000 pages: ~1 s); once the delta
// and the base's unused entries pass a tenth of the entries, the base is rewritten and the delta
// dropped.
//
// A file is trusted only if it proves itself: a header names the format and the V8 that
// serialised it, and a sha256 of the payload follows, so a file that is truncated (a build
// killed while writing), corrupt, or written by another version of the engine or of Node is
// ignored with one warning and the build starts from an empty cache. A delta names the checksum
// of the base it extends and is ignored with any other base. Writes go to a temporary file
// renamed into place, so a build killed at any moment leaves the old file or the new one.
//
// A cache of which a build reads only a few entries (a page's frame, read back only when the page
// is made again) keeps each value serialised on its own (`lazy`): opening it makes a buffer per
// entry instead of every value's objects (3.2 MB of frames at 1000 pages took ~55 ms to
// deserialise, and the garbage collector's time on top), and a value is deserialised when asked for.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';

/** Bump when the layout of the file or of its entries changes. */
const FORMAT = 'sg-kv-cache 3';

/** The delta may hold this share of the entries (new ones plus the base's unused ones). */
const DELTA_SHARE = 0.1;

export function hashKey(...parts: (string | Buffer)[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
}

function header(lazy = false): string {
  return `${FORMAT}${lazy ? ' lazy' : ''} v8 ${process.versions.v8}\n`;
}

export interface CacheFile<V> {
  entries: Map<string, V>;
  /** sha256 of the payload: a delta names its base by it. */
  sum: string;
  /** In a delta: the sum of the base it extends. */
  base?: string;
}

/** The entries of a cache file, or why it cannot be used. */
export function readCacheFile<V>(file: string, lazy = false): CacheFile<V> | { problem: string } {
  const bytes = readFileSync(file);
  const expected = header(lazy);
  const lineEnd = (from: number) => bytes.indexOf(0x0a, from);
  const firstLine = bytes.subarray(0, lineEnd(0) + 1).toString('latin1');
  if (firstLine !== expected) return { problem: `written by another version (${JSON.stringify(firstLine.trim().slice(0, 60))}, expected ${JSON.stringify(expected.trim())})` };
  let at = firstLine.length;
  let base: string | undefined;
  if (bytes.subarray(at, at + 5).toString('latin1') === 'base ') {
    const end = lineEnd(at);
    if (end < 0) return { problem: 'truncated (no checksum)' };
    base = bytes.subarray(at + 5, end).toString('latin1');
    at = end + 1;
  }
  const sumEnd = lineEnd(at);
  if (sumEnd < 0) return { problem: 'truncated (no checksum)' };
  const sum = bytes.subarray(at, sumEnd).toString('latin1');
  const payload = bytes.subarray(sumEnd + 1);
  if (createHash('sha256').update(payload).digest('hex') !== sum) return { problem: 'truncated or corrupt (checksum mismatch)' };
  try {
    const entries = deserialize(payload);
    if (!(entries instanceof Map)) return { problem: 'corrupt (not a map)' };
    return { entries: entries as Map<string, V>, sum, base };
  } catch (e) {
    return { problem: `corrupt (${(e as Error).message})` };
  }
}

/** Writes the entries (as a delta of `base` when given); returns the payload's sum. */
export function writeCacheFile(file: string, entries: Map<string, unknown>, base?: string, lazy = false): string {
  const payload = serialize(entries);
  const sum = createHash('sha256').update(payload).digest('hex');
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  // Header and payload written one after the other: no copy of a payload of tens of megabytes.
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, `${header(lazy)}${base ? `base ${base}\n` : ''}${sum}\n`, null, 'latin1');
    writeSync(fd, payload);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  return sum;
}

function readOrWarn<V>(file: string, lazy: boolean): CacheFile<V> | null {
  if (!existsSync(file)) return null;
  let read: ReturnType<typeof readCacheFile<V>>;
  try {
    read = readCacheFile<V>(file, lazy);
  } catch (e) {
    read = { problem: `unreadable (${(e as Error).message})` };
  }
  if ('entries' in read) return read;
  // One line, and the build goes on: a cache is never needed for a correct build.
  console.warn(`warning: cache ${file} ${read.problem}; ignored, it will be rebuilt`);
  return null;
}

export interface CacheOptions {
  /** Values stay serialised, each on its own, until a build asks for them (see the top of this file). */
  lazy?: boolean;
}

export class KeyValueCache<V> {
  /** Base and delta together; in a lazy cache, values not asked for yet are their serialised bytes. */
  private old = new Map<string, V>();
  /** A lazy cache's values as read: each value's serialised bytes, by key. */
  private packed = new Map<string, Uint8Array>();
  /** The base file's keys and checksum (a delta extends exactly that base). */
  private base: { keys: Set<string>; sum: string } | null = null;
  private used = new Map<string, V>();
  /** A lazy cache's entries kept by keep() without being deserialised: written back as read. */
  private keptPacked = new Set<string>();
  private changed = false;
  /** Keys whose value differs from the base file's: set by this build, or read from the delta. */
  private overridden = new Set<string>();

  private constructor(private file: string | null, private readonly lazy: boolean) {
    if (!file) return;
    const base = readOrWarn<V>(file, lazy);
    if (!base) {
      this.changed = existsSync(file);
      return;
    }
    const into = (lazy ? this.packed : this.old) as Map<string, unknown>;
    for (const [k, v] of base.entries) into.set(k, v);
    this.base = { keys: new Set(base.entries.keys()), sum: base.sum };
    const delta = readOrWarn<V>(this.deltaFile!, lazy);
    // A delta of another base is what a build killed between rewriting the base and removing the
    // delta leaves: not damage, so no warning; the next save replaces it.
    if (delta && delta.base === base.sum) {
      for (const [k, v] of delta.entries) {
        into.set(k, v);
        this.overridden.add(k);
      }
    }
    else if (delta) this.changed = true;
  }

  static open<V>(cacheDir: string | null, name: string, options: CacheOptions = {}): KeyValueCache<V> {
    return new KeyValueCache<V>(cacheDir ? path.join(cacheDir, `${name}.v8`) : null, options.lazy === true);
  }

  /** The value under key as read from the files (deserialised now in a lazy cache), or undefined. */
  private stored(key: string): V | undefined {
    const hit = this.old.get(key);
    if (hit !== undefined || !this.lazy) return hit;
    const bytes = this.packed.get(key);
    if (bytes === undefined) return undefined;
    const value = deserialize(bytes) as V;
    this.old.set(key, value);
    return value;
  }

  private get deltaFile(): string | null {
    return this.file && `${this.file}.delta`;
  }

  get(key: string): V | undefined {
    const hit = this.stored(key);
    if (hit !== undefined) this.used.set(key, hit);
    return hit;
  }

  /**
   * Keeps the entry under key for the next build, as get() does, without deserialising it (a
   * lazy cache's entry whose value this build does not need). Says whether there is one.
   */
  keep(key: string): boolean {
    if (this.used.has(key)) return true;
    if (!this.lazy) return this.get(key) !== undefined;
    const value = this.old.get(key);
    if (value !== undefined) this.used.set(key, value);
    else if (this.packed.has(key)) this.keptPacked.add(key);
    else return false;
    return true;
  }

  set(key: string, value: V): void {
    this.used.set(key, value);
    this.overridden.add(key);
    this.changed = true;
  }

  /** The entries this build used or set: what the next build will find (deserialised, in a lazy cache). */
  usedValues(): IterableIterator<V> {
    for (const key of this.keptPacked) this.used.set(key, this.stored(key)!);
    this.keptPacked.clear();
    return this.used.values();
  }

  /** Every entry this build used or set, by key. */
  private usedKeys(): string[] {
    return [...this.used.keys(), ...[...this.keptPacked].filter((k) => !this.used.has(k))];
  }

  /** The entries under these keys as a file holds them (each value serialised on its own in a lazy cache). */
  private fileEntries(keys: string[]): Map<string, unknown> {
    if (!this.lazy) return new Map(keys.map((k) => [k, this.used.get(k)]));
    // An entry kept unread is written back as it was read; one that was read may have been changed
    // in place, so it is serialised again (a lazy cache has few of those).
    return new Map(keys.map((k) => [k, this.used.has(k) ? serialize(this.used.get(k)) : this.packed.get(k)!]));
  }

  /** Writes what changed; says whether the base was rewritten (entries this build did not use are then gone). */
  save(): 'unchanged' | 'delta' | 'base' {
    const keys = this.usedKeys();
    // A lazy cache's deserialised values are among its packed ones.
    const stored = this.lazy ? this.packed.size : this.old.size;
    if (!this.file || (!this.changed && keys.length === stored)) return 'unchanged';
    const base = this.base;
    if (base) {
      // The delta holds what the base does not: new keys, and keys whose value was set again
      // (a rendered page's stamps, for one) by this build or an earlier one since the base.
      const fresh = keys.filter((key) => !base.keys.has(key) || this.overridden.has(key));
      let usedOfBase = 0;
      for (const key of keys) if (base.keys.has(key)) usedOfBase++;
      const unused = base.keys.size - usedOfBase;
      if (fresh.length + unused <= keys.length * DELTA_SHARE) {
        writeCacheFile(this.deltaFile!, this.fileEntries(fresh), base.sum, this.lazy);
        return 'delta';
      }
    }
    writeCacheFile(this.file, this.fileEntries(keys), undefined, this.lazy);
    rmSync(this.deltaFile!, { force: true });
    return 'base';
  }
}
