import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { filesUnder, pathInside } from '../../build/file-tree.ts';

describe('file tree', () => {
  it('gives a file\'s path inside a folder, and null for one outside it or the folder itself', () => {
    const docs = path.resolve('/site/docs');
    assert.equal(pathInside(docs, path.join(docs, 'guide', 'setup.md')), 'guide/setup.md');
    assert.equal(pathInside(`${docs}${path.sep}`, path.join(docs, 'a.md')), 'a.md');
    assert.equal(pathInside(docs, path.resolve('/site/docs-old/a.md')), null, 'a folder whose name starts alike');
    assert.equal(pathInside(docs, path.resolve('/site/README.md')), null);
    assert.equal(pathInside(docs, docs), null);
    assert.equal(pathInside(path.resolve('/'), path.resolve('/a.md')), 'a.md');
  });

  it('lists files relative, sorted, without the skipped names and without folders', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sg-tree-'));
    try {
      mkdirSync(path.join(dir, 'b', '_skip'), { recursive: true });
      for (const f of ['b/z.md', 'b/a.md', 'a.md', 'b/_skip/x.md', '_y.md']) writeFileSync(path.join(dir, f), '');
      assert.deepEqual(filesUnder(dir, (name) => name.startsWith('_')), ['a.md', 'b/a.md', 'b/z.md']);
      assert.deepEqual(filesUnder(path.join(dir, 'missing')), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
