// An output folder as its files and bytes, for comparing two builds file by file.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The build's own record of its inputs: written only with a cache, so never compared. */
const STAMP = path.join('_headers', 'build.json');

export function treeOf(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const rel of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(dir, rel);
    if (rel !== STAMP && statSync(file).isFile()) files.set(rel, readFileSync(file));
  }
  return files;
}

/** The incremental output has exactly the cold output's files, byte for byte. */
export function assertSameTree(actualDir: string, expectedDir: string, step: string): void {
  const actual = treeOf(actualDir);
  const expected = treeOf(expectedDir);
  assert.deepEqual([...actual.keys()], [...expected.keys()], `${step}: the incremental output has other files than the cold one`);
  for (const [rel, bytes] of expected) assert.ok(bytes.equals(actual.get(rel)!), `${step}: ${rel} differs from the cold build's`);
}
