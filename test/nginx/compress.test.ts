// build/output/compress.ts: which files get .gz and which also .br, that they decode to the original, and that a second
// build reuses the previous output's copies of unchanged files instead of compressing again.
import assert from 'node:assert/strict';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { Worker } from 'node:worker_threads';
import { Compressor, compressTree, isCompressible } from '../../build/output/compress.ts';
import { BROTLI_QUALITY, brotliParams, GZIP_LEVEL, hasBrotliCopy, hashOf, MANIFEST_FILE } from '../../build/output/compress-core.ts';
import { filesUnder } from '../../build/file-tree.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const text = (n: number) => Array.from({ length: n }, (_, i) => `<p>Строка ${i} правил nftables</p>`).join('\n');

function site(): string {
  const root = tempDir('sg-compress-');
  const put = (rel: string, body: string | Buffer) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), body);
  };
  put('index.html', text(200));
  put('a/b/index.html', text(300));
  put('_data/a/b.json', JSON.stringify({ html: text(100) }));
  put('assets/entry.ABC.js', `console.log(${JSON.stringify(text(100))});`);
  put('assets/styles.ABC.css', 'body { color: red; }\n'.repeat(200));
  put('assets/entry.ABC.js.map', JSON.stringify({ mappings: text(100) }));
  put('sitemap.xml', `<urlset>${'<url><loc>https://x/</loc></url>'.repeat(100)}</urlset>`);
  put('img/pic.svg', `<svg>${'<path d="M0 0"/>'.repeat(200)}</svg>`);
  put('assets/search/f.1/1.json', JSON.stringify({ terms: text(60) }));
  put('img/photo.png', Buffer.alloc(5000, 1));
  put('robots.txt', 'User-agent: *\n');
  put('_headers/csp.txt', `default-src 'self'; ${'x'.repeat(2000)}`);
  return root;
}

describe('build-time compression', () => {
  it('writes .gz beside text files of 1 KB or more, .br too beside the shared assets, and nothing else', async () => {
    const root = site();
    const stats = await compressTree(root);
    for (const rel of ['index.html', 'a/b/index.html', '_data/a/b.json', 'assets/entry.ABC.js', 'assets/styles.ABC.css', 'sitemap.xml', 'img/pic.svg']) {
      const raw = readFileSync(path.join(root, rel));
      assert.ok(gunzipSync(readFileSync(path.join(root, `${rel}.gz`))).equals(raw), `${rel}.gz`);
    }
    for (const rel of ['assets/entry.ABC.js', 'assets/styles.ABC.css']) {
      const raw = readFileSync(path.join(root, rel));
      assert.ok(brotliDecompressSync(readFileSync(path.join(root, `${rel}.br`))).equals(raw), `${rel}.br`);
      assert.ok(statSync(path.join(root, `${rel}.br`)).size < raw.length);
    }
    for (const rel of ['index.html', 'a/b/index.html', '_data/a/b.json', 'sitemap.xml', 'img/pic.svg', 'assets/search/f.1/1.json']) {
      assert.ok(!existsSync(path.join(root, `${rel}.br`)), `${rel}: a page's own file, gzip only`);
    }
    for (const rel of ['assets/entry.ABC.js.map', 'img/photo.png', 'robots.txt', '_headers/csp.txt']) {
      assert.ok(!existsSync(path.join(root, `${rel}.gz`)) && !existsSync(path.join(root, `${rel}.br`)), `${rel} is left alone`);
    }
    assert.equal(stats.files, 8);
    assert.equal(stats.compressed, 8);
    assert.ok(!isCompressible('_headers/compress.json') && isCompressible('search/manifest.json'));
  });

  it('links unchanged files to the previous output and compresses only what changed', async () => {
    const previous = site();
    await compressTree(previous);
    const next = site();
    appendFileSync(path.join(next, 'a/b/index.html'), '<p>new</p>');
    appendFileSync(path.join(next, 'assets/styles.ABC.css'), 'p { color: blue; }\n');
    const stats = await compressTree(next, { previous });
    assert.equal(stats.reused, 6);
    assert.equal(stats.compressed, 2);
    assert.equal(statSync(path.join(next, 'index.html.gz')).ino, statSync(path.join(previous, 'index.html.gz')).ino, 'a hard link, not a copy');
    assert.equal(statSync(path.join(next, 'assets/entry.ABC.js.br')).ino, statSync(path.join(previous, 'assets/entry.ABC.js.br')).ino);
    const changed = readFileSync(path.join(next, 'a/b/index.html'));
    assert.ok(gunzipSync(readFileSync(path.join(next, 'a/b/index.html.gz'))).equals(changed));
    const styles = readFileSync(path.join(next, 'assets/styles.ABC.css'));
    assert.ok(brotliDecompressSync(readFileSync(path.join(next, 'assets/styles.ABC.css.br'))).equals(styles));
    // Other settings make the previous copies unusable.
    const other = site();
    assert.equal((await compressTree(other, { previous, brotliQuality: 4 })).reused, 0);
  });

  it('gives a file the copies of the file with its bytes that the previous output had under another name', async () => {
    // The search index's fragments move to a new folder whenever one of them changes.
    const previous = site();
    await compressTree(previous);
    const next = site();
    mkdirSync(path.join(next, 'moved'));
    writeFileSync(path.join(next, 'moved', 'page.html'), readFileSync(path.join(next, 'a/b/index.html')));
    const stats = await compressTree(next, { previous });
    assert.equal(stats.compressed, 0);
    assert.equal(statSync(path.join(next, 'moved/page.html.gz')).ino, statSync(path.join(previous, 'a/b/index.html.gz')).ino);
    assert.ok(gunzipSync(readFileSync(path.join(next, 'moved/page.html.gz'))).equals(readFileSync(path.join(next, 'moved/page.html'))));
    assert.ok(!existsSync(path.join(next, 'moved/page.html.br')));
  });

  it('shares a backlog between the worker and the build\'s thread: every file compressed once, one manifest', async () => {
    const root = tempDir('sg-compress-many-');
    const rels = Array.from({ length: 80 }, (_, i) => (i % 2 ? `p${i}/index.html` : `assets/p${i}.js`));
    rels.forEach((rel, i) => {
      mkdirSync(path.join(root, path.dirname(rel)), { recursive: true });
      writeFileSync(path.join(root, rel), `${text(2000)}<p>${i}</p>`);
    });
    const stats = await compressTree(root);
    assert.equal(stats.compressed, rels.length);
    assert.ok(stats.takenBack > 0 && stats.takenBack < rels.length, `the build's thread did ${stats.takenBack} of ${rels.length}`);
    for (const rel of rels) {
      const raw = readFileSync(path.join(root, rel));
      assert.ok(gunzipSync(readFileSync(path.join(root, `${rel}.gz`))).equals(raw), `${rel}.gz`);
      if (hasBrotliCopy(rel)) assert.ok(brotliDecompressSync(readFileSync(path.join(root, `${rel}.br`))).equals(raw), `${rel}.br`);
      else assert.ok(!existsSync(path.join(root, `${rel}.br`)), `${rel}: no .br`);
    }
    const manifest = JSON.parse(readFileSync(path.join(root, MANIFEST_FILE), 'utf8')) as { files: Record<string, string> };
    const expected = Object.fromEntries([...rels].sort().map((rel) => [rel, hashOf(readFileSync(path.join(root, rel)))]));
    assert.deepEqual(Object.entries(manifest.files), Object.entries(expected), 'every file, in sorted order, whichever thread did it');
  });

  it('compresses a large file in the background to the same bytes, while the smaller ones go on', async () => {
    const root = site();
    const large = `console.log(${JSON.stringify(text(40_000))});`; // ~1.5 MB: over the background threshold
    writeFileSync(path.join(root, 'assets/large.js'), large);
    const stats = await compressTree(root);
    assert.equal(stats.compressed, 9);
    const raw = readFileSync(path.join(root, 'assets/large.js'));
    assert.ok(raw.length >= 1 << 20);
    const gz = readFileSync(path.join(root, 'assets/large.js.gz'));
    const br = readFileSync(path.join(root, 'assets/large.js.br'));
    assert.ok(gunzipSync(gz).equals(raw) && brotliDecompressSync(br).equals(raw));
    // The bytes the synchronous calls give (those that compress every smaller file).
    assert.ok(gz.equals(gzipSync(raw, { level: GZIP_LEVEL })), '.gz as the synchronous call makes it');
    assert.ok(br.equals(brotliCompressSync(raw, brotliParams(BROTLI_QUALITY, raw.length))), '.br as the synchronous call makes it');
    const manifest = JSON.parse(readFileSync(path.join(root, MANIFEST_FILE), 'utf8')) as { files: Record<string, string> };
    assert.equal(manifest.files['assets/large.js'], hashOf(raw), 'the manifest lists it once both copies are written');
  });

  it('a file left in the previous output (an incremental build\'s) keeps its copies there, or gets new ones when they are gone', async () => {
    const previous = site();
    await compressTree(previous);
    const next = tempDir('sg-compress-kept-');
    const compressor = new Compressor(next, { previous });
    // Kept: not in the new folder at all; its copies stay in the previous one.
    compressor.add('index.html', path.join(previous, 'index.html'), true);
    // Kept, but its .br was deleted from the previous output by hand: made again in the new folder.
    rmSync(path.join(previous, 'assets/entry.ABC.js.br'));
    compressor.add('assets/entry.ABC.js', path.join(previous, 'assets/entry.ABC.js'), true);
    const stats = await compressor.finish();
    assert.equal(stats.reused, 1);
    assert.equal(stats.compressed, 1);
    assert.equal(existsSync(path.join(next, 'index.html.gz')), false, 'nothing written for the kept file');
    const raw = readFileSync(path.join(previous, 'assets/entry.ABC.js'));
    assert.ok(brotliDecompressSync(readFileSync(path.join(next, 'assets/entry.ABC.js.br'))).equals(raw));
    const manifest = JSON.parse(readFileSync(path.join(next, MANIFEST_FILE), 'utf8')) as { files: Record<string, string> };
    assert.deepEqual(Object.keys(manifest.files).sort(), ['assets/entry.ABC.js', 'index.html'], 'both are listed: the commit keeps the first one\'s copies');
  });

  it('holds files back until there are workerAfter of them: fewer are compressed on the calling thread, to the same copies and manifest', async () => {
    const rels = ['index.html', 'a/b/index.html', '_data/a/b.json', 'assets/entry.ABC.js', 'assets/styles.ABC.css', 'sitemap.xml', 'img/pic.svg', 'assets/search/f.1/1.json'];
    const withWorker = site();
    await compressTree(withWorker);
    const here = site();
    const compressor = new Compressor(here, { workerAfter: 20 });
    compressor.addTree();
    const workerOf = (c: Compressor) => (c as unknown as { worker?: Promise<Worker> }).worker;
    assert.equal(workerOf(compressor), undefined, 'no worker for 8 files');
    const stats = await compressor.finish();
    assert.equal(stats.compressed, 8);
    for (const rel of [...rels.flatMap((r) => [`${r}.gz`, ...(hasBrotliCopy(r) ? [`${r}.br`] : [])]), MANIFEST_FILE]) {
      assert.ok(readFileSync(path.join(here, rel)).equals(readFileSync(path.join(withWorker, rel))), rel);
    }
    // Past the threshold the worker starts and is handed what was held back.
    const many = site();
    const started = new Compressor(many, { workerAfter: 3 });
    started.addTree();
    assert.ok(workerOf(started), 'a worker once 3 files wait');
    assert.equal((await started.finish()).compressed, 8);
    // Told that enough files are coming, it starts the worker before the first of them.
    const told = new Compressor(site(), { workerAfter: 20 });
    told.expect(5);
    assert.equal(workerOf(told), undefined);
    told.expect(30);
    assert.ok(workerOf(told), 'a worker once 30 files are announced');
    told.addTree();
    assert.equal((await told.finish()).compressed, 8);
    assert.ok(readFileSync(path.join(many, MANIFEST_FILE)).equals(readFileSync(path.join(withWorker, MANIFEST_FILE))));
  });

  it('without a worker, a kept file\'s copies are looked up in the listing the caller gives, read once', async () => {
    const previous = site();
    await compressTree(previous);
    rmSync(path.join(previous, 'assets/styles.ABC.css.br'));
    const next = tempDir('sg-compress-kept-here-');
    let listings = 0;
    // Files linked from the previous output take its copies by links: no work to start a worker for, however many.
    const compressor = new Compressor(next, { previous, workerAfter: 2, listPrevious: () => (listings++, filesUnder(previous)) });
    compressor.add('index.html', path.join(previous, 'index.html'), true);
    compressor.add('sitemap.xml', path.join(previous, 'sitemap.xml'), true);
    compressor.add('assets/styles.ABC.css', path.join(previous, 'assets/styles.ABC.css'), true);
    assert.equal((compressor as unknown as { worker?: unknown }).worker, undefined);
    const stats = await compressor.finish();
    assert.equal(listings, 1);
    assert.equal(stats.reused, 2);
    assert.equal(stats.compressed, 1, 'the one whose .br is gone');
    assert.ok(brotliDecompressSync(readFileSync(path.join(next, 'assets/styles.ABC.css.br'))).equals(readFileSync(path.join(previous, 'assets/styles.ABC.css'))));
    assert.ok(!existsSync(path.join(next, 'index.html.gz')));
  });

  it('reports a worker that is gone instead of waiting for it', { timeout: 20_000 }, async () => {
    const root = site();
    const compressor = new Compressor(root);
    compressor.add('index.html');
    // The worker stops before finish() asks it anything: its exit event has already gone by.
    await (await (compressor as unknown as { worker: Promise<Worker> }).worker).terminate();
    await assert.rejects(compressor.finish(), /the compression worker stopped/);
  });
});
