// A value read from a file of a built site, read again when that file has changed. A preview server
// keeps serving while a build puts a new output in place (its staging folder renamed over the old
// one): the new pages need the new build's Content-Security-Policy (their inline style and script
// hashes) and redirects, not those the server read when it started.
import { statSync } from 'node:fs';

export function readWhenChanged<T>(file: string, read: () => T): () => T {
  let seen: string | undefined;
  let value!: T;
  return () => {
    const s = statSync(file, { throwIfNoEntry: false });
    // The inode as well: a new build's file can have the same size and time to the millisecond.
    const stamp = s ? `${s.ino}:${s.mtimeMs}:${s.size}` : '';
    if (stamp !== seen) {
      seen = stamp;
      value = read();
    }
    return value;
  };
}
