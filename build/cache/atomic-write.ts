// A small file written aside and renamed into place: a reader (or the next build, after a kill)
// sees the old content or the new one, never half of it.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function writeFileAtomic(file: string, content: string | Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, file);
}
