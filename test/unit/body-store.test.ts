// The body store (build/cache/body-store.ts): each thread appends the bodies it keeps to a pack of
// its own; a later build reads them by reference, takes a short or missing pack for a cache miss,
// a changed one for damage, and pruning drops only the packs nothing names any more.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { BodyStore, DamagedBodyError } from '../../build/cache/body-store.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const cacheDir = tempDir('sg-bodies-');
after(() => rmSync(cacheDir, { recursive: true, force: true }));
const packs = () => readdirSync(path.join(cacheDir, 'bodies')).sort();

describe('body store', () => {
  it('keeps one pack per store, read back by another store (a later build) byte for byte', () => {
    const first = BodyStore.open(cacheDir, 'pages');
    const a = first.put('<p>Первая страница</p>');
    const b = first.put('# Вторая\n');
    assert.deepEqual(first.put('<p>Первая страница</p>'), a, 'the same text is kept once');
    assert.equal(packs().length, 1);
    const later = BodyStore.open(cacheDir, 'pages');
    assert.ok(later.has(a) && later.has(b));
    assert.equal(later.read(b), '# Вторая\n');
    assert.equal(later.readBytes(a).toString(), '<p>Первая страница</p>');
  });

  it('takes a body past the end of a cut pack, or in a missing one, as not kept', () => {
    const store = BodyStore.open(cacheDir, 'pages');
    const a = store.put('начало');
    const b = store.put('конец пакета');
    const file = path.join(cacheDir, 'bodies', a.pack!);
    writeFileSync(file, readFileSync(file).subarray(0, a.bytes + 3));
    const later = BodyStore.open(cacheDir, 'pages');
    assert.equal(later.has(a), true);
    assert.equal(later.has(b), false);
    assert.equal(later.has({ ...a, pack: 'gone.pack' }), false);
  });

  it('finds a body changed in place when it is read', () => {
    const store = BodyStore.open(cacheDir, 'pages');
    const a = store.put('текст, который испортят');
    const file = path.join(cacheDir, 'bodies', a.pack!);
    const data = readFileSync(file);
    data[a.at!] ^= 0x20;
    writeFileSync(file, data);
    assert.throws(() => BodyStore.open(cacheDir, 'pages').read(a), DamagedBodyError);
  });

  it('prunes the packs no kept reference names, never its own', () => {
    const old = BodyStore.open(cacheDir, 'pages');
    const kept = old.put('останется');
    const current = BodyStore.open(cacheDir, 'pages');
    current.put('новая страница');
    writeFileSync(path.join(cacheDir, 'bodies', 'stray'), 'x'); // not a pack: goes too
    current.prune([kept]);
    assert.equal(packs().length, 2, packs().join(', '));
    assert.equal(BodyStore.open(cacheDir, 'pages').read(kept), 'останется');
  });

  it('lets go of its open packs when closed, and still reads them after (the dev server makes a store per batch)', () => {
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const before = openFiles();
    const refs = Array.from({ length: 20 }, (_, i) => {
      const store = BodyStore.open(cacheDir, 'pages');
      const ref = store.put(`страница ${i}`);
      assert.equal(store.read(ref), `страница ${i}`);
      store.close();
      return ref;
    });
    assert.equal(openFiles(), before, 'no descriptor left open');
    const later = BodyStore.open(cacheDir, 'pages');
    assert.equal(later.read(refs[7]), 'страница 7');
    later.close();
  });

  it('keeps bodies in memory without a cache folder', () => {
    const store = BodyStore.open(null, 'pages');
    const a = store.put('в памяти');
    assert.equal(store.read(a), 'в памяти');
    store.prune([]);
    assert.equal(store.has(a), false);
  });
});
