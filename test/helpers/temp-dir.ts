// Temporary folders for tests, removed when the test file's process exits (Node's test runner
// runs each file in a process of its own): left behind, the runs of a few days had piled up 1200
// folders and 3 GB in /tmp. SG_KEEP_TEST_TMP=1 keeps them, to look at after a failure.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made: string[] = [];

function removeAll(): void {
  if (process.env.SG_KEEP_TEST_TMP) return;
  for (const dir of made) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // in use by a process that outlived the test: the system's tmp cleaning takes it
    }
  }
}

/** A new empty folder named `<prefix>XXXXXX` under `parent` (the system's temporary folder by default). */
export function tempDir(prefix: string, parent = os.tmpdir()): string {
  const dir = mkdtempSync(path.join(parent, prefix));
  if (made.length === 0) process.on('exit', removeAll);
  made.push(dir);
  return dir;
}

/** Writes `text` to `rel` under `dir`, making the folders on the way. */
export function writeFileIn(dir: string, rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
}
