// The output in place (dist/ before the swap) as a store of files by content. Its compression
// manifest (build/output/compress-core.ts) already names the hash of every file of 1 KB or more;
// a file this build writes with the same bytes, under the same name or another one, is
// hard-linked from there instead of written. That is most of an incremental build's writes: each
// page's `.md`, and the search index's fragments, which move to a new folder whenever one of
// them changes.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { hashOf, MANIFEST_FILE, MIN_BYTES, type Manifest } from './compress-core.ts';

export class PreviousOutput {
  private readonly byHash = new Map<string, string>();
  private hashes: Manifest['files'] = {};
  /** When the manifest was written: the last thing a build writes before the swap. */
  private writtenAt = 0;

  private constructor(private readonly dir: string) {
    try {
      const file = path.join(dir, MANIFEST_FILE);
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
      this.writtenAt = statSync(file).mtimeMs;
      // The files the build compressed itself (llms-full.txt and its .gz) are known the same way.
      this.hashes = { ...manifest.files, ...manifest.precompressed };
      for (const [rel, hash] of Object.entries(this.hashes)) this.byHash.set(hash, rel);
    } catch {
      // no manifest (a first build, an output from elsewhere): nothing to reuse
    }
  }

  static open(dir: string): PreviousOutput | undefined {
    return existsSync(dir) ? new PreviousOutput(dir) : undefined;
  }

  /** The hash its manifest gives for one of the previous output's files (those of 1 KB or more). */
  hashOfFile(rel: string): string | undefined {
    return Object.hasOwn(this.hashes, rel) ? this.hashes[rel] : undefined;
  }

  /** The previous output's file with exactly these bytes (`hash`: their hashOf, when the caller has it), by its manifest, its stamp and, when edited since, its bytes. */
  fileWith(data: Buffer, hash?: string): string | undefined {
    if (data.length < MIN_BYTES || this.byHash.size === 0) return undefined;
    return this.fileWithHash(hash ?? hashOf(data), data.length, data);
  }

  /**
   * fileWith() for bytes known by their hash and size (build/output/known-bytes.ts). Without the
   * bytes, a file modified since the manifest cannot be compared, and is not taken.
   */
  fileWithHash(hash: string, size: number, data?: Buffer): string | undefined {
    if (size < MIN_BYTES) return undefined;
    const rel = this.byHash.get(hash);
    if (!rel) return undefined;
    const file = path.join(this.dir, rel);
    // The manifest says what the file held when its build ended. A file of that size not modified
    // since is taken unread (as make and rsync trust a time stamp); one modified since is compared.
    try {
      const st = statSync(file);
      if (st.size !== size) return undefined;
      if (st.mtimeMs <= this.writtenAt) return file;
      return data && readFileSync(file).equals(data) ? file : undefined;
    } catch {
      return undefined;
    }
  }
}
