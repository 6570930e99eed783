// A content-addressed cache kept in one file under the cache folder (v8-serialised Map).
// Only entries used by the current build are written back, so it never grows stale.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';

export function hashKey(...parts: (string | Buffer)[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
}

export class KeyValueCache<V> {
  private old: Map<string, V>;
  private used = new Map<string, V>();
  private changed = false;

  private constructor(private file: string | null) {
    this.old = new Map();
    if (!file) return;
    try {
      this.old = deserialize(readFileSync(file)) as Map<string, V>;
    } catch {
      /* no cache yet, or one from another Node version: start empty */
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
    mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, serialize(this.used));
    renameSync(tmp, this.file);
  }
}
