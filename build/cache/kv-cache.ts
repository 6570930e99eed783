// A content-addressed cache kept in one file under the cache folder (v8-serialised Map).
// Only entries used by the current build are written back, so it never grows stale.
//
// The file is trusted only if it proves itself: a header names the format and the V8 that
// serialised it, and a sha256 of the payload follows, so a file that is truncated (a build
// killed while writing), corrupt, or written by another version of the engine or of Node is
// ignored with one warning and the build starts from an empty cache. Writes go to a temporary
// file renamed into place, so a build killed at any moment leaves the old file or the new one.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';

/** Bump when the layout of the file or of its entries changes. */
const FORMAT = 'sg-kv-cache 2';

export function hashKey(...parts: (string | Buffer)[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
}

function header(): string {
  return `${FORMAT} v8 ${process.versions.v8}\n`;
}

/** The entries of a cache file, or why it cannot be used. */
export function readCacheFile<V>(file: string): { entries: Map<string, V> } | { problem: string } {
  const bytes = readFileSync(file);
  const expected = header();
  const firstLine = bytes.subarray(0, bytes.indexOf(0x0a) + 1).toString('latin1');
  if (firstLine !== expected) return { problem: `written by another version (${JSON.stringify(firstLine.trim().slice(0, 60))}, expected ${JSON.stringify(expected.trim())})` };
  const sumEnd = bytes.indexOf(0x0a, firstLine.length);
  if (sumEnd < 0) return { problem: 'truncated (no checksum)' };
  const sum = bytes.subarray(firstLine.length, sumEnd).toString('latin1');
  const payload = bytes.subarray(sumEnd + 1);
  if (createHash('sha256').update(payload).digest('hex') !== sum) return { problem: 'truncated or corrupt (checksum mismatch)' };
  try {
    const entries = deserialize(payload);
    if (!(entries instanceof Map)) return { problem: 'corrupt (not a map)' };
    return { entries: entries as Map<string, V> };
  } catch (e) {
    return { problem: `corrupt (${(e as Error).message})` };
  }
}

export function writeCacheFile(file: string, entries: Map<string, unknown>): void {
  const payload = serialize(entries);
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.concat([Buffer.from(header(), 'latin1'), Buffer.from(`${createHash('sha256').update(payload).digest('hex')}\n`, 'latin1'), payload]));
  renameSync(tmp, file);
}

export class KeyValueCache<V> {
  private old: Map<string, V>;
  private used = new Map<string, V>();
  private changed = false;

  private constructor(private file: string | null) {
    this.old = new Map();
    if (!file || !existsSync(file)) return;
    let read: ReturnType<typeof readCacheFile<V>>;
    try {
      read = readCacheFile<V>(file);
    } catch (e) {
      read = { problem: `unreadable (${(e as Error).message})` };
    }
    if ('entries' in read) this.old = read.entries;
    else {
      // One line, and the build goes on: a cache is never needed for a correct build.
      console.warn(`warning: cache ${file} ${read.problem}; ignored, it will be rebuilt`);
      this.changed = true;
    }
  }

  static open<V>(cacheDir: string | null, name: string): KeyValueCache<V> {
    return new KeyValueCache<V>(cacheDir ? path.join(cacheDir, `${name}.v8`) : null);
  }

  get(key: string): V | undefined {
    const hit = this.old.get(key);
    if (hit !== undefined) this.used.set(key, hit);
    return hit;
  }

  set(key: string, value: V): void {
    this.used.set(key, value);
    this.changed = true;
  }

  save(): void {
    if (!this.file || (!this.changed && this.used.size === this.old.size)) return;
    writeCacheFile(this.file, this.used);
  }
}
