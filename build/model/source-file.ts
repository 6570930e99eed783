// A source file as read, shared by the input fingerprint (build/cache/up-to-date.ts, loaded before
// the pipeline, so this module stays light) and discovery (build/model/content.ts): the
// fingerprint reads and hashes each page once, and discovery takes both.
import { createHash } from 'node:crypto';

/** A source file's bytes, and their sha256 (hex) when whoever read them has it already. */
export interface SourceFile {
  bytes: Buffer;
  hash?: string;
}

/** sha256 of a source's bytes, in hex: the compiled page's cache key, and the input fingerprint's. */
export const sourceHash = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
