// gzip made of segments: the copy of llms-full.txt, from cached segments, and the pages' copies,
// their shared inline stylesheet compressed once (PageGzip, below). llms-full.txt is every listed page
// in one file (10 MB at 1000 pages): compressed whole, gzip and brotli took ~0.6 s of CPU after
// every edit of any page, on a second core a two-core machine does not really have, and a
// one-page edit of that corpus took ~0.5 s longer for it.
//
// A deflate stream may be cut into segments compressed one by one: each segment is compressed
// raw and ended with a sync flush (an empty stored block: byte-aligned, not the last block), and
// the segments' bytes one after the other are one valid stream. Each segment is compressed with
// the 32 KB before it as its dictionary, which is exactly what a decoder's window holds at that
// point, so references across the cut stay possible and the file is ~1 % larger than gzip of the
// whole (measured on the corpus and on this site). A segment's compressed bytes then depend only
// on its text and the 32 KB before it, and are cached under their hash: an edit compresses the
// segment of the page it changed and at most the next one or two.
//
// Segments start at the pages whose route hashes to 0 modulo SEGMENT_PAGES, so that where they
// start does not move when a page's length changes. The same text always gives the same bytes,
// cached or not: an incremental build writes what a cold one writes.
//
// Brotli has no such cut (its state carries across meta-blocks), so llms-full.txt has no .br:
// clients that accept brotli also accept gzip, and nginx's gzip_static serves it to them.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { KeyValueCache } from '../cache/kv-cache.ts';
import { GZIP_LEVEL } from './compress-core.ts';

/** Pages per segment, on average (measured: 4 pages with a 32 KB dictionary is 1 % over whole-file gzip, at the same speed). */
const SEGMENT_PAGES = 4;
/** Deflate's window: the most a reference can reach back. */
const WINDOW = 32 * 1024;
/** What a segment's bytes depend on besides its text and its dictionary. */
export const SEGMENT_SETTINGS = `deflate raw ${GZIP_LEVEL}, sync flush, zlib ${process.versions.zlib}`;

/** gzip's header: deflate, no name or time (mtime 0, as Node's gzip writes it), Unix. */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]);
/** The last block: fixed Huffman codes, final, holding only its end (3 bits + 7 zero bits). */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/** FNV-1a of a route: where segments start must depend on the route only. */
function routeHash(route: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < route.length; i++) h = Math.imul(h ^ route.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Where each page's part starts in the file, by its route. */
export interface PageStart {
  route: string;
  at: number;
}

/** Offsets where segments start: 0, then each page whose route picks it. */
export function segmentStarts(pages: PageStart[]): number[] {
  const starts = [0];
  for (const { route, at } of pages) if (at > 0 && routeHash(route) % SEGMENT_PAGES === 0) starts.push(at);
  return starts;
}

const sha = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

/** CRC-32 (gzip's) by table: for Node 20 before 20.15, which has no zlib.crc32. */
export function tableCrc32(data: Uint8Array): number {
  const table = new Int32Array(256).map((_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c;
  });
  let c = -1;
  for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/** CRC-32 of the whole text, for gzip's trailer. */
const crc32: (data: Uint8Array) => number = (zlib as { crc32?: (data: Uint8Array) => number }).crc32 ?? tableCrc32;

/** The gzip stream around raw deflate segments that each end with a sync flush. */
function gzipOfSegments(data: Uint8Array, segments: Uint8Array[]): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(data), 0);
  trailer.writeUInt32LE(data.length >>> 0, 4);
  return Buffer.concat([HEADER, ...segments, LAST_BLOCK, trailer]);
}

const deflateRaw = promisify(zlib.deflateRaw);
/** Segments prepare() compresses at once: libuv's threads (4 by default), each holding one compressor's state. */
const PREPARE_LANES = 4;

const deflateSegment = (text: Uint8Array, dictionary?: Uint8Array) =>
  zlib.deflateRawSync(text, { level: GZIP_LEVEL, finishFlush: zlib.constants.Z_SYNC_FLUSH, ...(dictionary ? { dictionary } : {}) });

const STYLE_OPEN = Buffer.from('<style');
const STYLE_CLOSE = Buffer.from('</style>');
/** Where a page's inline stylesheet is looked for, and the least worth cutting out. */
const HEAD_BYTES = 16 * 1024;
const MIN_SHARED_BYTES = 4 * 1024;

/**
 * The gzip copies of the pages, whose inline stylesheet (the whole theme's CSS, ~30 KB, 40 % of a
 * page: build/render/bundle.ts says why it is inline) is the same in every page. The page is cut
 * in three segments, as llms-full.txt is (above): the head before the stylesheet; the stylesheet,
 * compressed without a dictionary so that its bytes are the same in every page, and compressed
 * once per thread; the rest, with the 32 KB before it as its dictionary, so that it still refers
 * back to the stylesheet's class names. Measured on the 1000-page corpus: 35 % less time than
 * gzip of each page whole, and 0.3 % fewer bytes. The same page always gives the same bytes.
 */
export class PageGzip {
  /** The last stylesheet (a copy) and its compressed bytes: a build has one theme, so one stylesheet. */
  private last?: { style: Buffer; bytes: Buffer };

  gzip(data: Buffer): Buffer {
    const open = data.subarray(0, HEAD_BYTES).indexOf(STYLE_OPEN);
    const close = open < 0 ? -1 : data.indexOf(STYLE_CLOSE, open);
    if (close < 0 || close - open < MIN_SHARED_BYTES) return zlib.gzipSync(data, { level: GZIP_LEVEL });
    const end = close + STYLE_CLOSE.length;
    const style = data.subarray(open, end);
    if (!this.last?.style.equals(style)) this.last = { style: Buffer.from(style), bytes: deflateSegment(style) };
    return gzipOfSegments(data, [deflateSegment(data.subarray(0, open)), this.last.bytes, deflateSegment(data.subarray(end), data.subarray(Math.max(0, end - WINDOW), end))]);
  }
}

/** Compressed segments by the hash of their text and their dictionary's. */
/** A segment of a file: its text, its dictionary (the WINDOW bytes before it) and its cache key. */
interface Segment {
  text: Buffer;
  dictionary?: Buffer;
  key: string;
}

export class GzipSegments {
  private readonly cache: KeyValueCache<Uint8Array>;
  /** Segments compressed by this build (the rest came from the cache). */
  compressed = 0;
  /** Those prepare() made (the cache gives back only what earlier builds stored). */
  private readonly made = new Map<string, Uint8Array>();
  /** The last file cut into segments, and how. */
  private lastCut?: { data: Buffer; starts: number[]; segments: Segment[] };

  constructor(cacheDir: string | null) {
    this.cache = KeyValueCache.open<Uint8Array>(cacheDir, 'llms-full-gzip', { lazy: true });
  }

  /**
   * The segments of `data` cut at `starts`: each one's text, its dictionary (the WINDOW bytes
   * before it) and its cache key. The dictionary lies in the segments back to the one that starts
   * at or before the window's start (or the first): their hashes name it.
   */
  private segmentsOf(data: Buffer, starts: number[]): Segment[] {
    // prepare() and gzip() of one file cut it the same way: hashed once (10 MB at 1000 pages).
    const last = this.lastCut;
    if (last && last.data === data && last.starts.length === starts.length && last.starts.every((s, i) => s === starts[i])) return last.segments;
    const segments = this.cut(data, starts);
    this.lastCut = { data, starts: [...starts], segments };
    return segments;
  }

  private cut(data: Buffer, starts: number[]): Segment[] {
    const bounds = [...starts.filter((s) => s > 0 && s < data.length), data.length];
    const hashes: string[] = [];
    const begins: number[] = [];
    let from = 0;
    return bounds.map((to, i) => {
      const text = data.subarray(from, to);
      hashes.push(sha(text));
      begins.push(from);
      let first = i;
      while (first > 0 && begins[first] > from - WINDOW) first--;
      const segment = { text, key: sha([SEGMENT_SETTINGS, ...hashes.slice(first, i + 1)].join('\n')), ...(from > 0 ? { dictionary: data.subarray(Math.max(0, from - WINDOW), from) } : {}) };
      from = to;
      return segment;
    });
  }

  /**
   * Compresses the segments not in the cache on libuv's threads, a few at a time, so that gzip()
   * then finds every one: a cold build of the 1000-page corpus spent ~0.3 s compressing its
   * 10 MB llms-full.txt on the build's thread, with the second core idle (the Markdown workers
   * done, the compressor not started yet). The bytes are deflateRawSync's (the same call to zlib).
   */
  async prepare(data: Buffer, starts: number[]): Promise<void> {
    const todo = this.segmentsOf(data, starts).filter((s) => !this.made.has(s.key) && !this.cache.keep(s.key));
    let next = 0;
    const lane = async () => {
      while (next < todo.length) {
        const { text, dictionary, key } = todo[next++];
        const bytes = await deflateRaw(text, { level: GZIP_LEVEL, finishFlush: zlib.constants.Z_SYNC_FLUSH, ...(dictionary ? { dictionary } : {}) });
        this.made.set(key, bytes);
        this.cache.set(key, bytes);
        this.compressed++;
      }
    };
    await Promise.all(Array.from({ length: PREPARE_LANES }, lane));
  }

  /** `data` as gzip, cut at `starts` (from segmentStarts). */
  gzip(data: Buffer, starts: number[]): Buffer {
    const segments = this.segmentsOf(data, starts);
    this.lastCut = undefined; // it would keep the file's bytes for the rest of the build
    const parts = segments.map(({ text, dictionary, key }) => {
      let bytes = this.made.get(key) ?? this.cache.get(key);
      if (!bytes) {
        bytes = deflateSegment(text, dictionary);
        this.cache.set(key, bytes);
        this.compressed++;
      }
      return bytes;
    });
    return gzipOfSegments(data, parts);
  }

  save(): void {
    this.cache.save();
  }
}
