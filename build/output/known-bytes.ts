// Output files whose bytes are known before they are made. A file made from inputs the build
// can name cheaply (a page's published Markdown: its title, the id of its compiled Markdown in
// the body store, the site's address) has a key; the cache maps each key to the hash and size of
// the bytes it gave last time. When the output in place has a file with that hash, it is linked,
// and the file's text is never assembled, encoded or hashed: at 1000 pages that was ~0.2 s of an
// incremental build (every page's `.md`, and llms-full.txt, 10 MB).
import { hashKey, KeyValueCache } from '../cache/kv-cache.ts';
import { engineCodeHash } from '../cache/engine-hash.ts';
import { hashOf } from './compress-core.ts';
import type { OutputWriter } from './files.ts';

interface Known {
  hash: string;
  size: number;
}

export class KnownBytes {
  private readonly cache: KeyValueCache<Known>;

  constructor(cacheDir: string | null) {
    this.cache = KeyValueCache.open<Known>(cacheDir, 'output-bytes');
  }

  /**
   * Adds `rel` to the writer: linked from the previous output when `key` is known and that output
   * has those bytes, made by `content` otherwise. The key names the inputs; the engine's code is
   * added here, since it decides what the inputs become; the file's name is not (the search
   * index's fragments move to a new folder whenever one of them changes). Returns the file's
   * size and hash (hashOf); `hashOfContent`, when the maker had it anyway (llms-full.txt: 10 MB).
   */
  add(out: OutputWriter, rel: string, key: string | undefined, content: () => string | Buffer, hashOfContent?: () => string): Known {
    const fullKey = key && hashKey(engineCodeHash(), key);
    const known = fullKey ? this.cache.get(fullKey) : undefined;
    if (known && out.linkKnown(rel, known.hash, known.size)) return known;
    const made = content();
    const data = typeof made === 'string' ? Buffer.from(made) : made;
    const hash = hashOfContent?.() ?? hashOf(data);
    if (fullKey) this.cache.set(fullKey, { hash, size: data.length });
    out.addOrReuse(rel, data, hash);
    return { hash, size: data.length };
  }

  /** Whether add() would link `rel` from the output in place, without making its content. */
  isKnown(out: OutputWriter, key: string | undefined): boolean {
    const known = key ? this.cache.get(hashKey(engineCodeHash(), key)) : undefined;
    return known !== undefined && out.hasKnown(known.hash, known.size);
  }

  save(): void {
    this.cache.save();
  }
}
