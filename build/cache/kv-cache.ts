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

function header(): string {
  return `${FORMAT} v8 ${process.versions.v8}\n`;
}

export interface CacheFile<V> {
  entries: Map<string, V>;
  /** sha256 of the payload: a delta names its base by it. */
  sum: string;
  /** In a delta: the sum of the base it extends. */
  base?: string;
}

/** The entries of a cache file, or why it cannot be used. */
export function readCacheFile<V>(file: string): CacheFile<V> | { problem: string } {
  const bytes = readFileSync(file);
  const expected = header();
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
export function writeCacheFile(file: string, entries: Map<string, unknown>, base?: string): string {
  const payload = serialize(entries);
  const sum = createHash('sha256').update(payload).digest('hex');
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  // Header and payload written one after the other: no copy of a payload of tens of megabytes.
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, `${header()}${base ? `base ${base}\n` : ''}${sum}\n`, null, 'latin1');
    writeSync(fd, payload);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  return sum;
}

function readOrWarn<V>(file: string): CacheFile<V> | null {
  if (!existsSync(file)) return null;
  let read: ReturnType<typeof readCacheFile<V>>;
  try {
    read = readCacheFile<V>(file);
  } catch (e) {
    read = { problem: `unreadable (${(e as Error).message})` };
  }
  if ('entries' in read) return read;
  // One line, and the build goes on: a cache is never needed for a correct build.
  console.warn(`warning: cache ${file} ${read.problem}; ignored, it will be rebuilt`);
  return null;
}

export class KeyValueCache<V> {
  /** Base and delta together. */
  private old = new Map<string, V>();
  /** The base file's keys and checksum (a delta extends exactly that base). */
  private base: { keys: Set<string>; sum: string } | null = null;
  private used = new Map<string, V>();
  private changed = false;
  /** Keys whose value differs from the base file's: set by this build, or read from the delta. */
  private overridden = new Set<string>();

  private constructor(private file: string | null) {
    if (!file) return;
    const base = readOrWarn<V>(file);
    if (!base) {
      this.changed = existsSync(file);
      return;
    }
    this.old = base.entries;
    this.base = { keys: new Set(base.entries.keys()), sum: base.sum };
    const delta = readOrWarn<V>(this.deltaFile!);
    // A delta of another base is what a build killed between rewriting the base and removing the
    // delta leaves: not damage, so no warning; the next save replaces it.
    if (delta && delta.base === base.sum) {
      for (const [k, v] of delta.entries) {
        this.old.set(k, v);
        this.overridden.add(k);
      }
    }
    else if (delta) this.changed = true;
  }

  static open<V>(cacheDir: string | null, name: string): KeyValueCache<V> {
    return new KeyValueCache<V>(cacheDir ? path.join(cacheDir, `${name}.v8`) : null);
  }

  private get deltaFile(): string | null {
    return this.file && `${this.file}.delta`;
  }

  get(key: string): V | undefined {
    const hit = this.old.get(key);
    if (hit !== undefined) this.used.set(key, hit);
    return hit;
  }

  set(key: string, value: V): void {
    this.used.set(key, value);
    this.overridden.add(key);
    this.changed = true;
  }

  /** The entries this build used or set: what the next build will find. */
  usedValues(): IterableIterator<V> {
    return this.used.values();
  }

  /** Writes what changed; says whether the base was rewritten (entries this build did not use are then gone). */
  save(): 'unchanged' | 'delta' | 'base' {
    if (!this.file || (!this.changed && this.used.size === this.old.size)) return 'unchanged';
    const base = this.base;
    if (base) {
      // The delta holds what the base does not: new keys, and keys whose value was set again
      // (a rendered page's stamps, for one) by this build or an earlier one since the base.
      const fresh = new Map([...this.used].filter(([key]) => !base.keys.has(key) || this.overridden.has(key)));
      let usedOfBase = 0;
      for (const key of this.used.keys()) if (base.keys.has(key)) usedOfBase++;
      const unused = base.keys.size - usedOfBase;
      if (fresh.size + unused <= this.used.size * DELTA_SHARE) {
        writeCacheFile(this.deltaFile!, fresh, base.sum);
        return 'delta';
      }
    }
    writeCacheFile(this.file, this.used);
    rmSync(this.deltaFile!, { force: true });
    return 'base';
  }
}
