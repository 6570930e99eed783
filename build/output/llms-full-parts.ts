// llms-full.txt is every listed page's Markdown, one after the other: 10 MB at 1000 pages. A
// build that changed one page need not read the other 999 from the body store again: the output
// in place already holds their bytes, in its own llms-full.txt. The cache keeps, under that file's
// hash, where each page's part lies in it (by the page's key: title, compiled Markdown and site
// address), and the next build copies unchanged parts from it, reading only the changed pages.
// The parts are read straight into the new file's buffer: reading the old file whole and
// concatenating made two more 10 MB buffers, ~60 ms of a text edit on this machine.
import { closeSync, openSync, readSync } from 'node:fs';
import { KeyValueCache } from '../cache/kv-cache.ts';
import { engineCodeHash } from '../cache/engine-hash.ts';
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
  private old?: { fd: number; parts: Map<string, [number, number]> };
  private opened = false;

  constructor(cacheDir: string | null, private readonly previous?: PreviousOutput) {
    this.cache = KeyValueCache.open<Layout>(cacheDir, 'llms-full-layout');
  }

  /** The previous file, opened once and only if some part is asked for; trusted by its hash as the previous output's files are. */
  private previousFile(): typeof this.old {
    if (this.opened) return this.old;
    this.opened = true;
    // The previous output's manifest names its llms-full.txt's hash, which names the layout.
    const hash = this.previous?.hashOfFile(FILE);
    const layout = hash ? this.cache.get(hash) : undefined;
    const file = hash && layout && layout.engine === engineCodeHash() ? this.previous?.fileWithHash(hash, layout.size) : undefined;
    if (layout && file) {
      try {
        this.old = { fd: openSync(file, 'r'), parts: new Map(layout.parts.map(([key, start, end]) => [key, [start, end]])) };
      } catch {
        // gone since: the parts are made again
      }
    }
    return this.old;
  }

  /** Where a page's part lies in the previous llms-full.txt, by the page's key. */
  part(key: string): [start: number, end: number] | undefined {
    return this.previousFile()?.parts.get(key);
  }

  /** Copies bytes [start, end) of the previous file into `into` at `at`; false when the file came up short. */
  copy(start: number, end: number, into: Buffer, at: number): boolean {
    const { fd } = this.old!;
    for (let done = 0; done < end - start;) {
      const n = readSync(fd, into, at + done, end - start - done, start + done);
      if (n === 0) return false;
      done += n;
    }
    return true;
  }

  /** The file just made (hash: its hashOf), and where its parts lie: for the next build. */
  record(data: Buffer, hash: string, parts: Layout['parts']): void {
    this.cache.set(hash, { engine: engineCodeHash(), size: data.length, parts });
    this.close();
    this.cache.save();
  }

  close(): void {
    if (this.old) closeSync(this.old.fd);
    this.old = undefined;
  }
}
