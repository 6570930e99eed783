// Page-level reuse between cached builds: a page whose render inputs are those of the previous
// build takes its HTML and page data from the previous output instead of being rendered again.
//
// A page's key covers everything its two files are made from: its page data (content, title,
// toc, place in the sidebar, prev/next, meta), its sidebar, the URLs of every sidebar, the site
// config, the client assets and pre-paint script, the server bundle and the engine's own code.
// The cache (one KV file, build/cache/kv-cache.ts) maps that key to the sha256 of each file and to
// what the link check needs of the page (its references and ids), so a reused page is neither
// rendered nor parsed. The previous output is trusted only file by file: bytes whose hash is not
// the recorded one (a dist/ edited by hand, or built elsewhere) mean the page is rendered.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageData, SidebarData } from '../../src/data/types.ts';
import { hashKey, KeyValueCache } from '../cache/kv-cache.ts';
import type { SiteRef } from '../checks/html-refs.ts';

export interface RenderedPage {
  htmlSha: string;
  dataSha?: string;
  refs?: SiteRef[];
  ids?: string[];
}

export interface ReusedPage {
  html: Buffer;
  data?: Buffer;
  refs?: SiteRef[];
  ids: Set<string>;
}

const sha = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');
const buildDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

let engineHash: string | undefined;
/** The engine's source (build/) and the lock file: a change to either renders every page again. */
function engineCodeHash(): string {
  if (!engineHash) {
    const h = createHash('sha256');
    const files = readdirSync(buildDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).sort();
    for (const f of files) h.update(f).update(readFileSync(path.join(buildDir, f)));
    h.update(readFileSync(path.join(buildDir, '..', 'package-lock.json')));
    engineHash = h.digest('hex');
  }
  return engineHash;
}

export class RenderReuse {
  private readonly cache: KeyValueCache<RenderedPage>;
  private readonly sidebarHashes = new Map<string, string>();
  private readonly base: string;
  reused = 0;

  /**
   * `layout`: everything every page's files depend on besides the page itself (config, assets,
   * pre-paint script, server bundle hash, sidebar URLs), as one string.
   */
  constructor(cacheDir: string | null, private readonly previousOut: string, layout: string, sidebars: SidebarData[]) {
    this.cache = KeyValueCache.open<RenderedPage>(cacheDir, 'rendered-pages');
    this.base = hashKey(engineCodeHash(), layout);
    for (const s of sidebars) this.sidebarHashes.set(s.id, sha(JSON.stringify(s)));
  }

  keyOf(page: PageData): string {
    return hashKey(this.base, page.sidebarId ? this.sidebarHashes.get(page.sidebarId) ?? '' : '', JSON.stringify(page));
  }

  /** The previous build's files of this page, when they are exactly what rendering would give. */
  take(key: string, htmlPath: string, dataPath: string | undefined): ReusedPage | null {
    const entry = this.cache.get(key);
    if (!entry || Boolean(entry.dataSha) !== Boolean(dataPath)) return null;
    try {
      const html = readFileSync(path.join(this.previousOut, htmlPath));
      if (sha(html) !== entry.htmlSha) return null;
      const data = dataPath ? readFileSync(path.join(this.previousOut, dataPath)) : undefined;
      if (data && sha(data) !== entry.dataSha) return null;
      this.reused++;
      return { html, data, refs: entry.refs, ids: new Set(entry.ids ?? []) };
    } catch {
      return null; // no previous output (first build, --out elsewhere): render
    }
  }

  record(key: string, html: string, data: string | undefined, refs: SiteRef[] | undefined, ids: Set<string> | undefined): void {
    this.cache.set(key, { htmlSha: sha(html), ...(data !== undefined ? { dataSha: sha(data) } : {}), ...(refs ? { refs } : {}), ...(ids ? { ids: [...ids] } : {}) });
  }

  save(): void {
    this.cache.save();
  }
}
