// The build's key-value cache (build/cache/kv-cache.ts): a build that changes a few entries
// writes only those beside the base, a larger change rewrites the base, and whatever a killed
// or foreign write leaves is either used whole or ignored.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { KeyValueCache, writeCacheFile } from '../../build/cache/kv-cache.ts';
import { tempDir } from '../helpers/temp-dir.ts';

describe('key-value cache', () => {
  let dir: string;
  const base = () => path.join(dir, 'pages.v8');
  const delta = () => `${base()}.delta`;
  /** One build: reads the entries it is given keys for, sets the rest, saves. */
  const build = (keys: string[], warnings: string[] = []) => {
    const warn = console.warn;
    console.warn = (m: string) => warnings.push(m);
    try {
      const cache = KeyValueCache.open<string>(dir, 'pages');
      const hits = keys.filter((k) => cache.get(k) === `value of ${k}`);
      for (const k of keys) if (!hits.includes(k)) cache.set(k, `value of ${k}`);
      cache.save();
      return hits.length;
    } finally {
      console.warn = warn;
    }
  };
  const keys = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `page ${from + i}`);

  beforeEach(() => (dir = tempDir('sg-kv-')));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one changed entry beside the base, which stays as it was', () => {
    build(keys(0, 100));
    const before = readFileSync(base());
    assert.equal(existsSync(delta()), false);
    // One page edited: its old entry goes unused, a new one is set.
    assert.equal(build([...keys(0, 99), 'page 99 edited']), 99);
    assert.deepEqual(readFileSync(base()), before, 'the base was rewritten for one entry');
    assert.ok(statSync(delta()).size < before.length / 10);
    // The next build finds all of it.
    assert.equal(build([...keys(0, 99), 'page 99 edited']), 100);
  });

  it('keeps a value set again for a key of the base, in the delta, through later builds that only read it', () => {
    build(keys(0, 100));
    const open = () => KeyValueCache.open<string>(dir, 'pages');
    let cache = open();
    for (const k of keys(0, 100)) cache.get(k);
    cache.set('page 7', 'page 7, stamped');
    assert.equal(cache.save(), 'delta');
    cache = open();
    assert.equal(cache.get('page 7'), 'page 7, stamped', 'the new value was lost');
    for (const k of keys(0, 100)) cache.get(k);
    cache.set('page 8', 'page 8, stamped'); // another build: one more value set, page 7's only read
    assert.equal(cache.save(), 'delta');
    cache = open();
    assert.equal(cache.get('page 7'), 'page 7, stamped', 'a value from the earlier delta was lost');
    assert.equal(cache.get('page 8'), 'page 8, stamped');
  });

  it('rewrites the base and drops the delta once a tenth of the entries changed', () => {
    build(keys(0, 100));
    build([...keys(0, 95), ...keys(200, 205)]);
    assert.ok(existsSync(delta()));
    build([...keys(0, 80), ...keys(300, 320)]);
    assert.equal(existsSync(delta()), false);
    assert.equal(build([...keys(0, 80), ...keys(300, 320)]), 100);
  });

  it('ignores, without a word, a delta left from an older base (a build killed between the two writes)', () => {
    build(keys(0, 100));
    build([...keys(0, 99), 'page x']);
    const staleDelta = readFileSync(delta());
    build(keys(500, 600)); // every entry new: the base is rewritten, the delta removed
    writeFileSync(delta(), staleDelta);
    const warnings: string[] = [];
    assert.equal(build(keys(500, 600), warnings), 100);
    assert.deepEqual(warnings, []);
    assert.equal(build(['page x'], warnings), 0, 'an entry of the stale delta was used');
  });

  it('warns once and goes on with the base when the delta is truncated', () => {
    build(keys(0, 100));
    build([...keys(0, 99), 'page x']);
    const bytes = readFileSync(delta());
    writeFileSync(delta(), bytes.subarray(0, bytes.length - 5));
    const warnings: string[] = [];
    assert.equal(build([...keys(0, 99), 'page x'], warnings), 99);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /pages\.v8\.delta truncated or corrupt/);
    assert.equal(build([...keys(0, 99), 'page x']), 100);
  });

  it('ignores a base of another format version with one warning', () => {
    writeCacheFile(base(), new Map([['page 0', 'value of page 0']]));
    writeFileSync(base(), readFileSync(base()).toString('latin1').replace(/^sg-kv-cache \d+/, 'sg-kv-cache 0'), 'latin1');
    const warnings: string[] = [];
    assert.equal(build(['page 0'], warnings), 0);
    assert.match(warnings.join('\n'), /written by another version/);
  });

  describe('with values kept serialised until asked for (lazy)', () => {
    const open = () => KeyValueCache.open<{ n: number }>(dir, 'frames', { lazy: true });
    const file = () => path.join(dir, 'frames.v8');

    it('gives back what was set, through the base and the delta', () => {
      let cache = open();
      for (let n = 0; n < 50; n++) cache.set(`f${n}`, { n });
      assert.equal(cache.save(), 'base');
      cache = open();
      assert.deepEqual(cache.get('f7'), { n: 7 });
      for (let n = 0; n < 50; n++) cache.keep(`f${n}`);
      cache.set('f7', { n: 700 });
      assert.equal(cache.save(), 'delta');
      cache = open();
      assert.deepEqual(cache.get('f7'), { n: 700 }, 'the value set again was lost');
      assert.deepEqual(cache.get('f8'), { n: 8 });
      assert.equal(cache.get('missing'), undefined);
    });

    it('keeps an entry that was only kept, unread, when the base is written again, and drops the rest', () => {
      let cache = open();
      for (let n = 0; n < 50; n++) cache.set(`f${n}`, { n });
      cache.save();
      cache = open();
      assert.equal(cache.keep('f1'), true);
      assert.equal(cache.keep('f2'), true);
      assert.equal(cache.keep('nothing here'), false);
      assert.equal(cache.save(), 'base', '48 of 50 entries unused: the base is rewritten');
      cache = open();
      assert.deepEqual([cache.get('f1'), cache.get('f2'), cache.get('f3')], [{ n: 1 }, { n: 2 }, undefined]);
    });

    it('is not read as the other kind of file: each ignores the other with one warning', () => {
      const cache = open();
      cache.set('f0', { n: 0 });
      cache.save();
      const warnings: string[] = [];
      const warn = console.warn;
      console.warn = (m: string) => warnings.push(m);
      try {
        assert.equal(KeyValueCache.open<{ n: number }>(dir, 'frames').get('f0'), undefined);
        writeCacheFile(file(), new Map([['f0', { n: 0 }]]));
        assert.equal(open().get('f0'), undefined);
      } finally {
        console.warn = warn;
      }
      assert.equal(warnings.length, 2);
      for (const w of warnings) assert.match(w, /frames\.v8 written by another version/);
    });
  });
});
