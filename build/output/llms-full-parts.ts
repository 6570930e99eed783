// llms-full.txt is every listed page's Markdown, one after the other: 10 MB at 1000 pages. A
// build that changed one page need not read the other 999 from the body store again: the output
// in place already holds their bytes, in its own llms-full.txt. The cache keeps, under that file's
// hash, where each page's part lies in it (by the page's key: title, compiled Markdown and site
// address), and the next build copies unchanged parts from it, reading only the changed pages.
import { readFileSync } from 'node:fs';
import { KeyValueCache } from '../cache/kv-cache.ts';
import { engineCodeHash } from '../cache/engine-hash.ts';
import { hashOf } from './compress-core.ts';
import type { PreviousOutput } from './previous-output.ts';

/** Where each page's part lies in a built llms-full.txt, kept under the file's hash. */
interface Layout {
  engine: string;
  size: number;
  parts: [key: string, start: number, end: number][];
}

const FILE = 'llms-full.txt';

export class LlmsFullParts {
  private readonly cache: KeyValueCache<Layout>;
  private old?: { data: Buffer; parts: Map<string, [number, number]> };
  private opened = false;

  constructor(cacheDir: string | null, private readonly previous?: PreviousOutput) {
    this.cache = KeyValueCache.open<Layout>(cacheDir, 'llms-full-layout');
  }

  /** The previous file, read once and only if some part is asked for; trusted by its hash as the previous output's files are. */
  private previousFile(): typeof this.old {
    if (this.opened) return this.old;
    this.opened = true;
    // The previous output's manifest names its llms-full.txt's hash, which names the layout.
    const hash = this.previous?.hashOfFile(FILE);
    const layout = hash ? this.cache.get(hash) : undefined;
    const file = hash && layout && layout.engine === engineCodeHash() ? this.previous?.fileWithHash(hash, layout.size) : undefined;
    if (layout && file) {
      try {
        const data = readFileSync(file);
        if (data.length === layout.size) this.old = { data, parts: new Map(layout.parts.map(([key, start, end]) => [key, [start, end]])) };
      } catch {
        // gone since: the parts are made again
      }
    }
    return this.old;
  }

  /** A page's part as the previous llms-full.txt had it, by the page's key. */
  part(key: string): Buffer | undefined {
    const old = this.previousFile();
    const at = old?.parts.get(key);
    return at && old!.data.subarray(at[0], at[1]);
  }

  /** The file just made, and where its parts lie: for the next build. */
  record(data: Buffer, parts: Layout['parts']): void {
    this.cache.set(hashOf(data), { engine: engineCodeHash(), size: data.length, parts });
    this.old = undefined; // the previous file's bytes are not needed any more
    this.cache.save();
  }
}
