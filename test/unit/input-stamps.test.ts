// Input stamps (build/cache/input-stamps.ts): a file unchanged since a build read it is known by
// its stamp, without being read; any write since (even one that puts the old times back), a file
// written just before a build looked at it, and a page whose head was not recorded are read.
import assert from 'node:assert/strict';
import { statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, it } from 'node:test';
import { InputStamps, RACY_MS } from '../../build/cache/input-stamps.ts';
import { KeyValueCache } from '../../build/cache/kv-cache.ts';
import { readSourcePage } from '../../build/model/content.ts';
import { sourceHash } from '../../build/model/source-file.ts';
import { BuildError } from '../../build/errors.ts';
import { tempDir } from '../helpers/temp-dir.ts';

describe('input stamps', () => {
  let dir: string;
  let cache: string;
  let file: string;
  /** A build that starts this long after the file was last written: it is not racily new. */
  const later = () => Math.max(statSync(file).mtimeMs, statSync(file).ctimeMs) + RACY_MS + 1;
  const head = { frontMatter: '---\ntitle: Раз\n---\n', mayInclude: false };
  beforeEach(() => {
    dir = tempDir('input-stamps');
    cache = path.join(dir, 'cache');
    file = path.join(dir, 'page.md');
    writeFileSync(file, '---\ntitle: Раз\n---\nТекст.\n');
    // Whole seconds, so that putting them back below gives exactly the same times.
    utimesSync(file, 1_700_000_000, 1_700_000_000);
  });
  /** The first build: reads the page, records its head, saves. */
  const firstBuild = () => {
    const stamps = new InputStamps(cache, later());
    const read = stamps.page(file)!;
    assert.ok(read.bytes, 'a file seen for the first time is read');
    read.keepHead?.(head);
    stamps.save();
  };

  it('knows a page unchanged since a build read it by its stamp: its hash and head, without its bytes', () => {
    firstBuild();
    const known = new InputStamps(cache, later()).page(file)!;
    assert.equal(known.bytes, undefined, 'not read');
    assert.equal(known.hash, sourceHash(Buffer.from('---\ntitle: Раз\n---\nТекст.\n')));
    assert.deepEqual(known.head, head);
    assert.equal(new InputStamps(cache, later()).hashOf(file), known.hash);
  });

  it('reads a file written since, even with the same size and its old times put back', () => {
    firstBuild();
    writeFileSync(file, '---\ntitle: Два\n---\nТекст.\n');
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    assert.equal(statSync(file).mtimeMs, 1_700_000_000_000, 'the same size and modification time as when it was recorded');
    const read = new InputStamps(cache, later()).page(file)!;
    assert.ok(read.bytes, 'read again');
    assert.equal(read.hash, sourceHash(Buffer.from('---\ntitle: Два\n---\nТекст.\n')));
  });

  it('reads again a file written just before the build looked at it, and a page whose head was not recorded', () => {
    const racy = new InputStamps(cache, Date.now());
    racy.page(file)!.keepHead?.(head);
    racy.save();
    assert.ok(new InputStamps(cache, later()).page(file)!.bytes, 'a racily new file was not recorded');
    const noHead = new InputStamps(cache, later());
    noHead.page(file); // read, its head never given (a file discovery decodes whole)
    noHead.save();
    assert.ok(new InputStamps(cache, later()).page(file)!.bytes, 'a page is known by its stamp only with its head');
    assert.equal(new InputStamps(cache, later()).page(path.join(dir, 'missing.md')), null);
  });

  it('reads again a page whose head an older engine recorded (before a byte order mark was part of the head)', () => {
    firstBuild();
    const old = KeyValueCache.open<{ stamp: number[]; hash: string; head?: unknown; headFormat?: number }>(cache, 'input-stamps');
    const entry = old.get(file)!;
    assert.ok(entry.head && entry.headFormat, 'recorded with the format of its reading');
    old.set(file, { stamp: entry.stamp, hash: entry.hash, head: entry.head });
    old.save();
    assert.ok(new InputStamps(cache, later()).page(file)!.bytes, 'a head of another reading is not taken');
  });

  it('a page known by its stamp whose bytes are no longer those fails the build when its text is read, naming the file', () => {
    writeFileSync(file, '---\ntitle: Два\n---\nТекст.\n');
    const stale = { hash: sourceHash(Buffer.from('---\ntitle: Раз\n---\nТекст.\n')), size: 30, head };
    const page = readSourcePage('doc', dir, dir, 'page.md', undefined, () => stale);
    assert.equal(page.frontMatter.title, 'Раз', 'the front matter comes from what was recorded');
    assert.throws(() => page.body, (e: unknown) => e instanceof BuildError && /changed while the site was being built/.test(e.message) && e.file === 'page.md' && /build again/.test(e.fix ?? ''));
  });
});
