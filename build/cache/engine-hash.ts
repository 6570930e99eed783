// The engine's own code as one hash: its source (build/) and the lock file. A cached result that
// is a function of the engine's code (a rendered page, a published file's bytes) is keyed by it,
// so that editing the engine, or updating a package, makes every such entry miss.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { filesUnder } from '../file-tree.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const buildDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

let engineHash: string | undefined;
export function engineCodeHash(): string {
  if (!engineHash) {
    const h = createHash('sha256');
    const files = filesUnder(buildDir).filter((f) => f.endsWith('.ts'));
    for (const f of files) h.update(f).update(readFileSync(path.join(buildDir, f)));
    h.update(readFileSync(path.join(buildDir, '..', 'package-lock.json')));
    engineHash = h.digest('hex');
  }
  return engineHash;
}
