// The static search index: one small manifest, term shards and one fragment per page.
//
//   search/manifest.json             revalidated on every open (no-cache): where everything is
//   assets/search/s.<hash>.bin       term shards, content-hashed, cached for a year
//   assets/search/f.<hash>/<id>.json one page each: route, title, sections (anchor, heading, text),
//                                    in folders of FRAGMENT_GROUP pages named by their content
//
// A shard holds a sorted run of terms; the manifest lists the first term of each shard, so a
// term or a prefix maps to the one or few shards that can hold it. For every term a shard holds
// the pages that contain it (ascending ids as varint deltas) and one byte per page: the term's
// weight in that page (BM25F over title, headings, text and code, saturated and quantised at
// build time). Page ids index the fragments. Binary, because postings are most of the index and
// varints plus gzip are a third of the same numbers in JSON.
//
// Shard layout: "SG" 0x01 | varint termCount | varint byteLength, UTF-8 terms joined by "\n" |
// per term: varint df | varint deltaBytes | deltas (df varints) | df weight bytes.

export const FORMAT_VERSION = 2;
export const MANIFEST_PATH = 'search/manifest.json';

export interface SearchManifest {
  v: number;
  /** Pages in the index (for IDF). */
  pages: number;
  /** [first term, file path from the site root], sorted by first term. */
  shards: [string, string][];
  /**
   * The fragment folders' hashes, one per FRAGMENT_GROUP pages in page order: a folder's name
   * changes only when one of its pages' fragments does, so an edit to one page writes one folder
   * again, not a fragment for every page (see fragmentPath).
   */
  fragments: string[];
}

/** Pages per fragment folder: a small edit rewrites this many fragments; the manifest lists pages / this many hashes. */
export const FRAGMENT_GROUP = 32;

/** The fragment folder named `hash` (from the site root): it holds the fragments of FRAGMENT_GROUP consecutive pages. */
export function fragmentFolder(hash: string): string {
  return `assets/search/f.${hash}/`;
}

/** Where page `page`'s fragment is, from the site root. */
export function fragmentPath(manifest: Pick<SearchManifest, 'fragments'>, page: number): string {
  return `${fragmentFolder(manifest.fragments[Math.floor(page / FRAGMENT_GROUP)])}${page}.json`;
}

/** One page as the result list needs it: [anchor ("" for the top), heading, text] per section. */
export interface Fragment {
  route: string;
  title: string;
  /** Sidebar categories above the page, joined with " › ". */
  crumbs?: string;
  sections: [string, string, string][];
}

export interface Postings {
  ids: Uint32Array;
  weights: Uint8Array;
}

// --- varints -------------------------------------------------------------------------------

export class ByteWriter {
  private buf = new Uint8Array(1024);
  length = 0;

  private ensure(n: number) {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  byte(b: number): void {
    this.ensure(1);
    this.buf[this.length++] = b;
  }

  varint(n: number): void {
    this.ensure(5);
    while (n >= 0x80) {
      this.buf[this.length++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    this.buf[this.length++] = n;
  }

  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }

  result(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

export class ByteReader {
  pos = 0;
  constructor(readonly buf: Uint8Array) {}

  byte(): number {
    if (this.pos >= this.buf.length) throw new RangeError('search shard is truncated');
    return this.buf[this.pos++];
  }

  varint(): number {
    let n = 0;
    let shift = 0;
    for (;;) {
      const b = this.byte();
      n += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return n;
      shift += 7;
    }
  }
}

// --- shards --------------------------------------------------------------------------------

/** A term's postings as the build hands them to encodeShard (typed arrays: a large site has millions). */
export interface ShardTerm {
  term: string;
  /** Ascending page ids. */
  ids: Uint32Array;
  /** 1..255, one per id. */
  weights: Uint8Array;
}

/** Encodes terms (already sorted) into a shard. */
export function encodeShard(terms: ShardTerm[]): Uint8Array {
  const w = new ByteWriter();
  w.byte(0x53);
  w.byte(0x47);
  w.byte(FORMAT_VERSION);
  w.varint(terms.length);
  const text = new TextEncoder().encode(terms.map((t) => t.term).join('\n'));
  w.varint(text.length);
  w.bytes(text);
  for (const t of terms) {
    const deltas = new ByteWriter();
    let prev = 0;
    for (const id of t.ids) {
      deltas.varint(id - prev);
      prev = id;
    }
    w.varint(t.ids.length);
    w.varint(deltas.length);
    w.bytes(deltas.result());
    w.bytes(t.weights);
  }
  return w.result();
}

/** A decoded shard: the term list at once, each term's postings on first use. */
export class Shard {
  readonly terms: string[];
  private offsets: number[] = [];
  private dfs: number[] = [];
  private decoded = new Map<number, Postings>();

  constructor(readonly bytes: Uint8Array) {
    const r = new ByteReader(bytes);
    if (r.byte() !== 0x53 || r.byte() !== 0x47) throw new Error('not a search shard');
    const version = r.byte();
    if (version !== FORMAT_VERSION) throw new Error(`search shard version ${version}, expected ${FORMAT_VERSION}`);
    const count = r.varint();
    const textLength = r.varint();
    const text = new TextDecoder().decode(bytes.subarray(r.pos, r.pos + textLength));
    r.pos += textLength;
    this.terms = count ? text.split('\n') : [];
    for (let i = 0; i < count; i++) {
      const df = r.varint();
      const deltaBytes = r.varint();
      this.dfs.push(df);
      this.offsets.push(r.pos);
      r.pos += deltaBytes + df;
    }
  }

  /** Index of `term` in this shard, or -1. */
  indexOf(term: string): number {
    let lo = 0;
    let hi = this.terms.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const t = this.terms[mid];
      if (t === term) return mid;
      if (t < term) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** Indexes of the terms that start with `prefix`. */
  withPrefix(prefix: string): number[] {
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.terms[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < this.terms.length && this.terms[i].startsWith(prefix); i++) out.push(i);
    return out;
  }

  df(i: number): number {
    return this.dfs[i];
  }

  postings(i: number): Postings {
    const hit = this.decoded.get(i);
    if (hit) return hit;
    const df = this.dfs[i];
    const r = new ByteReader(this.bytes);
    r.pos = this.offsets[i];
    const ids = new Uint32Array(df);
    let id = 0;
    for (let k = 0; k < df; k++) {
      id += r.varint();
      ids[k] = id;
    }
    const weights = this.bytes.slice(r.pos, r.pos + df);
    const p = { ids, weights };
    this.decoded.set(i, p);
    return p;
  }
}

/** Which shards (indexes into manifest.shards) can hold terms in [from, to]. */
export function shardsFor(shards: [string, string][], from: string, to: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < shards.length; i++) {
    const start = shards[i][0];
    const end = i + 1 < shards.length ? shards[i + 1][0] : undefined;
    // Shard i holds [start, end).
    if (start <= to && (end === undefined || end > from)) out.push(i);
  }
  return out;
}

/** The highest string that starts with `prefix`, for prefix ranges. */
export const prefixEnd = (prefix: string) => `${prefix}\uffff`;
