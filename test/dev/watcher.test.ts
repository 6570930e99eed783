// The dev server's batching of file events: what a burst of saves and saves during a rebuild become.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FileEvent } from '../../build/dev/changes.ts';
import { watchInBatches, type BatchWatcher } from '../../build/dev/watcher.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('dev watcher batches', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sg-watch-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  async function watching(onBatch: (events: FileEvent[]) => Promise<void>, quietMs: number): Promise<BatchWatcher> {
    const w = watchInBatches([dir], onBatch, { quietMs });
    await w.ready;
    return w;
  }

  it('turns a burst of saves into one batch', async () => {
    const batches: FileEvent[][] = [];
    const w = await watching(async (b) => { batches.push(b); }, 300);
    for (let i = 0; i < 5; i++) writeFileSync(path.join(dir, 'a.md'), `version ${i}`);
    await sleep(1000);
    await w.close();
    assert.equal(batches.length, 1, JSON.stringify(batches));
    assert.ok(batches[0].every((e) => e.file === path.join(dir, 'a.md')));
  });

  it('holds saves made during a rebuild and hands them over together once it ends', async () => {
    const batches: FileEvent[][] = [];
    let release!: () => void;
    const firstDone = new Promise<void>((r) => (release = r));
    const w = await watching(async (b) => {
      batches.push(b);
      if (batches.length === 1) await firstDone;
    }, 20);
    writeFileSync(path.join(dir, 'first.md'), 'x');
    while (batches.length === 0) await sleep(10);
    // The first batch is still building: these wait, however spread out they come.
    for (const name of ['b.md', 'c.md', 'd.md']) {
      writeFileSync(path.join(dir, name), name);
      await sleep(60);
    }
    await sleep(200);
    assert.equal(batches.length, 1, 'nothing starts while a batch is building');
    release();
    while (batches.length < 2) await sleep(10);
    await sleep(200);
    await w.close();
    assert.equal(batches.length, 2);
    assert.deepEqual([...new Set(batches[1].map((e) => path.basename(e.file)))].sort(), ['b.md', 'c.md', 'd.md']);
  });
});
