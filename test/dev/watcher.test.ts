// The dev server's batching of file events: what a burst of saves and saves during a rebuild become.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FileEvent } from '../../build/dev/changes.ts';
import { changesSince, filesUnder, watchInBatches, type BatchWatcher } from '../../build/dev/watcher.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('dev watcher batches', () => {
  let dir: string;
  before(() => {
    dir = tempDir('sg-watch-');
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

describe('dev watcher catch-up (a watcher started after the files were read)', () => {
  let dir: string;
  before(() => {
    dir = tempDir('sg-catch-up-');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** Files written "before the start": their times are set a minute back. */
  function oldFiles(names: string[]) {
    for (const name of names) {
      const file = path.join(dir, name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, name);
      const past = new Date(Date.now() - 60_000);
      utimesSync(file, past, past);
    }
  }

  it('reports what was written or removed since, and nothing else', async () => {
    oldFiles(['a.md', 'sub/b.md', 'sub/c.md', 'node_modules/x.js']);
    const since = Date.now() - 20;
    const before = filesUnder([dir]);
    assert.deepEqual([...before].map((f) => path.relative(dir, f)).sort(), ['a.md', 'sub/b.md', 'sub/c.md']);
    writeFileSync(path.join(dir, 'sub', 'b.md'), 'changed');
    unlinkSync(path.join(dir, 'sub', 'c.md'));
    writeFileSync(path.join(dir, 'sub', 'new.md'), 'new');
    const events = (await changesSince([dir], since, before)).map((e) => `${e.type} ${path.relative(dir, e.file)}`).sort();
    assert.deepEqual(events, ['add sub/new.md', 'change sub/b.md', 'unlink sub/c.md']);
  });

  it('hands over, once ready, a save made before it started', async () => {
    rmSync(dir, { recursive: true, force: true });
    oldFiles(['a.md', 'b.md']);
    const since = Date.now() - 20;
    const before = filesUnder([dir]);
    writeFileSync(path.join(dir, 'b.md'), 'saved while the first build ran');
    const batches: FileEvent[][] = [];
    const w = watchInBatches([dir], async (b) => { batches.push(b); }, { quietMs: 20, catchUp: { since, before } });
    await w.ready;
    for (let i = 0; i < 100 && batches.length === 0; i++) await sleep(10);
    await w.close();
    assert.deepEqual(batches.flat().map((e) => `${e.type} ${path.basename(e.file)}`), ['change b.md']);
  });

  it('reports a file it is told to watch that was saved or removed after the build that found it started reading', async () => {
    rmSync(dir, { recursive: true, force: true });
    oldFiles(['site/a.md', 'outside/kept.conf', 'outside/saved.conf', 'outside/gone.conf']);
    const outside = (name: string) => path.join(dir, 'outside', name);
    const batches: FileEvent[][] = [];
    const w = watchInBatches([path.join(dir, 'site')], async (b) => { batches.push(b); }, { quietMs: 20 });
    await w.ready;
    const readSince = Date.now() - 20; // the build that shows the outside files starts reading
    writeFileSync(outside('saved.conf'), 'saved while that build ran');
    unlinkSync(outside('gone.conf'));
    w.add([outside('kept.conf'), outside('saved.conf'), outside('gone.conf')], readSince);
    for (let i = 0; i < 100 && batches.length === 0; i++) await sleep(10);
    await sleep(100); // nothing else follows
    await w.close();
    assert.deepEqual(batches.flat().map((e) => `${e.type} ${path.basename(e.file)}`).sort(), ['change saved.conf', 'unlink gone.conf']);
  });
});
