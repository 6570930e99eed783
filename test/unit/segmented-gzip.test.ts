// llms-full.txt's gzip copy from cached segments (build/output/segmented-gzip.ts): any gzip
// reader gets the text back, an edit compresses only the segments around it, and cached or not
// the bytes are the same. The pages' gzip copies, their shared inline stylesheet compressed once,
// read back whole too.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { GzipSegments, PageGzip, segmentStarts, tableCrc32, type PageStart } from '../../build/output/segmented-gzip.ts';
import { tempDir } from '../helpers/temp-dir.ts';

/** A file like llms-full.txt: a header, then pages of Russian text of varied length, each with its head. */
function fullText(pages: number, edit?: { page: number; text: string }): { data: Buffer; starts: PageStart[] } {
  const words = ['правило', 'группа', 'агент', 'сеть', 'порт', 'хост', 'трафик', 'цепочка', 'nftables', 'sgroups', 'адрес', 'маска',
    'протокол', 'входящий', 'исходящий', 'журнал', 'приоритет', 'таблица', 'сервер', 'синхронизация', 'ресурс', 'интерфейс'];
  let seed = 7;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8; // the same text on every run
  const chunks = ['# SGroups\n\n> Брандмауэр\n\n'];
  const starts: PageStart[] = [];
  let at = Buffer.byteLength(chunks[0]);
  for (let p = 0; p < pages; p++) {
    const route = `/docs/section-${p % 7}/page-${p}`;
    let body = `# Страница ${p}\n\n`;
    for (let w = 0; w < 300 + (p * 37) % 900; w++) body += `${words[next() % words.length]}${next() % 13 === 0 ? `.${next() % 1000}\n\n` : ' '}`;
    if (edit?.page === p) body += edit.text;
    const part = `${p > 0 ? '\n---\n\n' : ''}<!-- https://example.org${route} -->\n\n${body}\n`;
    starts.push({ route, at });
    chunks.push(part);
    at += Buffer.byteLength(part);
  }
  return { data: Buffer.from(chunks.join('')), starts };
}

describe('llms-full.txt.gz from cached segments', () => {
  const dir = tempDir('sg-gzseg-');
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('is one gzip stream that zlib and the gzip program read back whole, about as small as gzip of the whole file', () => {
    const { data, starts } = fullText(120);
    const gz = new GzipSegments(null).gzip(data, segmentStarts(starts));
    assert.ok(zlib.gunzipSync(gz).equals(data));
    assert.ok(execFileSync('gzip', ['-dc'], { input: gz, maxBuffer: 64 * 1024 * 1024 }).equals(data), 'gzip -dc');
    const whole = zlib.gzipSync(data, { level: 6 }).length;
    assert.ok(gz.length < whole * 1.05, `${gz.length} bytes against ${whole} for the whole file`);
    assert.ok(segmentStarts(starts).length > 10, 'cut into segments');
  });

  it('compresses again only the segments around an edit, and gives the bytes a build without a cache gives', () => {
    const cacheDir = path.join(dir, 'edit');
    const before = fullText(200);
    const first = new GzipSegments(cacheDir);
    first.gzip(before.data, segmentStarts(before.starts));
    const segments = first.compressed;
    first.save();

    const edited = fullText(200, { page: 101, text: 'Новый абзац о приоритетах правил.\n' });
    // Where segments start follows the routes, not the lengths: the cuts after the page just moved by its growth.
    const grown = Buffer.byteLength('Новый абзац о приоритетах правил.\n');
    assert.deepEqual(segmentStarts(edited.starts), segmentStarts(before.starts).map((s) => (s > edited.starts[101].at ? s + grown : s)));
    const warm = new GzipSegments(cacheDir);
    const gz = warm.gzip(edited.data, segmentStarts(edited.starts));
    assert.ok(warm.compressed >= 1 && warm.compressed <= 3, `${warm.compressed} of ${segments} segments compressed again`);
    assert.ok(gz.equals(new GzipSegments(null).gzip(edited.data, segmentStarts(edited.starts))), 'the same bytes as without a cache');
    assert.ok(zlib.gunzipSync(gz).equals(edited.data));
  });

  it('prepared off the thread (libuv\'s), the segments are the ones compressed on it, and only those not cached are compressed', async () => {
    const cacheDir = path.join(dir, 'prepare');
    const { data, starts } = fullText(150);
    const cuts = segmentStarts(starts);
    const prepared = new GzipSegments(cacheDir);
    await prepared.prepare(data, cuts);
    const made = prepared.compressed;
    assert.equal(made, cuts.length, 'every segment compressed by prepare()');
    const gz = prepared.gzip(data, cuts);
    assert.equal(prepared.compressed, made, 'gzip() compressed nothing more');
    assert.ok(gz.equals(new GzipSegments(null).gzip(data, cuts)), 'the same bytes as compressed on this thread');
    prepared.save();

    const edited = fullText(150, { page: 70, text: 'Ещё одна строка.\n' });
    const warm = new GzipSegments(cacheDir);
    await warm.prepare(edited.data, segmentStarts(edited.starts));
    assert.ok(warm.compressed >= 1 && warm.compressed <= 3, `${warm.compressed} of ${made} segments compressed again`);
    assert.ok(warm.gzip(edited.data, segmentStarts(edited.starts)).equals(new GzipSegments(null).gzip(edited.data, segmentStarts(edited.starts))));
  });

  it('a file of one segment, and an empty one, are valid gzip too', () => {
    for (const text of ['# Один\n\nтекст\n', '']) {
      const data = Buffer.from(text);
      assert.ok(zlib.gunzipSync(new GzipSegments(null).gzip(data, [0])).equals(data), JSON.stringify(text));
    }
  });

  it('the CRC-32 used without zlib.crc32 (Node before 20.15) is zlib\'s', () => {
    const { data } = fullText(20);
    assert.equal(tableCrc32(data), zlib.crc32(data));
    assert.equal(tableCrc32(Buffer.alloc(0)), 0);
  });
});

describe('pages\' gzip copies, the inline stylesheet compressed once', () => {
  const css = Array.from({ length: 600 }, (_, i) => `.sidebar__item--${i}{color:var(--c${i % 9});margin:${i % 7}px}`).join('');
  const page = (n: number, style = `<style>${css}</style>`) => Buffer.from(`<!doctype html><html lang="ru"><head><title>Страница ${n}</title>${style}</head><body>`
    + `${Array.from({ length: 300 }, (_, i) => `<li class="sidebar__item--${(i * n) % 600}">Пункт ${i} страницы ${n}</li>`).join('')}</body></html>`);

  it('reads back whole with zlib and the gzip program, the stylesheet\'s bytes the same in every page, no larger than gzip of the whole page', () => {
    const gzip = new PageGzip();
    const [a, b] = [page(3), page(5)];
    const [ga, gb] = [gzip.gzip(a), gzip.gzip(b)];
    for (const [data, gz] of [[a, ga], [b, gb]]) {
      assert.ok(zlib.gunzipSync(gz).equals(data));
      assert.ok(execFileSync('gzip', ['-dc'], { input: gz }).equals(data), 'gzip -dc');
      const whole = zlib.gzipSync(data, { level: 6 }).length;
      assert.ok(gz.length <= whole * 1.02, `${gz.length} bytes against ${whole} for the whole page`);
    }
    // The stylesheet's compressed segment is in both copies as it is alone.
    const styleSegment = zlib.deflateRawSync(Buffer.from(`<style>${css}</style>`), { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    assert.ok(ga.includes(styleSegment) && gb.includes(styleSegment));
    assert.ok(gzip.gzip(a).equals(ga), 'the same page, the same bytes');
  });

  it('a page without an inline stylesheet worth cutting is gzip of the whole page', () => {
    for (const data of [page(1, ''), page(2, '<style>a{color:red}</style>')]) assert.ok(new PageGzip().gzip(data).equals(zlib.gzipSync(data, { level: 6 })));
  });
});
