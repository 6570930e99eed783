// build/cache/prune.ts: content-named caches keep their newest entries and any used within the
// last day; the rest goes, and nothing outside what the filter picks is touched.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { pruneOldest } from '../../build/cache/prune.ts';
import { workerFile } from '../../build/worker-bundle.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const dir = tempDir('sg-prune-');
after(() => rmSync(dir, { recursive: true, force: true }));

function entry(name: string, hoursAgo: number, folder = false) {
  const p = path.join(dir, name);
  if (folder) {
    mkdirSync(p);
    writeFileSync(path.join(p, 'entry.mjs'), '');
  } else writeFileSync(p, name);
  const t = new Date(Date.now() - hoursAgo * 3_600_000);
  utimesSync(p, t, t);
}

describe('pruneOldest', () => {
  it('keeps the newest few and the recently used, removes the rest (files and folders alike)', () => {
    entry('render.a.mjs', 0.1);
    entry('render.b.mjs', 0.5);
    entry('render.c.mjs', 5);
    entry('render.d.mjs', 30);
    entry('render.e', 48, true);
    entry('render.f.mjs', 72);
    entry('other.mjs', 100);
    pruneOldest(dir, (n) => n.startsWith('render.'), 3);
    // a, b and c are the three newest; d, e and f are older than a day and beyond the three.
    assert.deepEqual(readdirSync(dir).sort(), ['other.mjs', 'render.a.mjs', 'render.b.mjs', 'render.c.mjs']);
  });

  it('keeps every entry used within the last day, however many', () => {
    for (const n of ['x1', 'x2', 'x3', 'x4']) entry(`${n}.mjs`, 20);
    pruneOldest(dir, (n) => n.startsWith('x'), 1);
    assert.equal(readdirSync(dir).filter((n) => n.startsWith('x')).length, 4);
  });

  it('does nothing, and does not throw, on a folder that does not exist', () => {
    assert.doesNotThrow(() => pruneOldest(path.join(dir, 'missing'), () => true, 0));
  });
});

describe('a worker bundle tidied away by another process', () => {
  it('is written again when this process asks for it', async () => {
    const file = await workerFile('render/minify-child.ts');
    rmSync(file);
    assert.equal(await workerFile('render/minify-child.ts'), file);
    assert.ok(existsSync(file));
  });
});
