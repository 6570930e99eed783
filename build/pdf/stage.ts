// The user guide stage: builds files/documentation.pdf from the compiled pages and sidebars,
// cached by a hash of everything it is made from (a rebuild with the same inputs copies the
// cached bytes). Runs beside the HTML stages; build/index.ts awaits it before the swap.
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import type { PageData, SidebarData, SidebarNode } from '../../src/data/types.ts';
import type { SiteConfig } from '../../src/config/schema.ts';
import { Worker } from 'node:worker_threads';
import type { GuideMeta, GuidePage } from './render.ts';
import { GuideError } from './guide-error.ts';
import type { WorkerMessage, WorkerReply } from './worker.ts';
import type { GuideStream } from './stream.ts';
import { BUSY_WORKER_LIMITS, startWorker } from '../worker-bundle.ts';

/** "© 2025 " before the holder's name; an escape, so that the engine's bundle is all ASCII (scripts/run-cached.mjs). */
const COPYRIGHT_AND_YEAR = /^\u00a9\s*\d{4}\s*/;

export const GUIDE_PATH = 'files/documentation.pdf';
/** Bump when render.ts changes what it draws, so cached PDFs are not reused. */
const RENDER_VERSION = '3';

export interface GuideStageInput {
  config: SiteConfig;
  pages: PageData[];
  sidebars: SidebarData[];
  root: string;
  staging: string;
  staticDir: string;
  cacheDir: string | null;
  /** A worker started earlier (it is closed here); without one, a new worker is started. */
  worker?: GuideWorker;
  /** A page's HTML, when the pages were assembled without it (the build reads it from its body store). */
  htmlOf?: (page: PageData) => string;
  /**
   * The pages' images: path under the output, source file. Read from their sources: the build
   * copies them into its output only after the pages, and leaves unchanged ones in the output in place.
   */
  images?: [string, string][];
  /** The guide begun before the compile (build/pdf/stream.ts): finished here when it can be. */
  stream?: GuideStream | null;
}

/** Images by the site path a page shows them at (`/img/x.png`): their source files, for the worker to read. */
export const assetFilesOf = (images: [string, string][]): Record<string, string> => Object.fromEntries(images.map(([rel, source]) => [`/${rel}`, source]));

/** The build date printed on the title page: the newest commit date of docs/, never the clock. */
export async function contentDate(root: string): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)('git', ['log', '-1', '--format=%cs', '--', 'docs'], { cwd: root });
    if (/^\d{4}-\d{2}-\d{2}$/.test(stdout.trim())) return stdout.trim();
  } catch { /* not a git checkout: fall back below */ }
  return '2000-01-01';
}

/** The title page's and the document information's facts, from the site config and the content date. */
export function guideMeta(config: SiteConfig, date: string): GuideMeta {
  return { product: config.title, versionLabel: 'Next', author: config.footer.copyright.replace(COPYRIGHT_AND_YEAR, '').split('.')[0] || config.title, siteUrl: config.url, date };
}

/** How the guide was made: copied from the cache, drawn as the pages compiled (build/pdf/stream.ts), or drawn whole after. */
export type GuideOutcome = 'cached' | 'streamed' | 'whole';

export async function buildUserGuide(input: GuideStageInput): Promise<{ bytes: number; cached: boolean; outcome: GuideOutcome }> {
  const { config } = input;
  const pages = new Map<string, GuidePage>();
  for (const p of input.pages) if (p.kind === 'doc' && !p.unlisted) pages.set(p.route, { route: p.route, title: p.title, html: input.htmlOf ? input.htmlOf(p) : p.html });
  const meta = input.stream ? await input.stream.meta : guideMeta(config, await contentDate(input.root));
  const guideInput = { ...meta, sidebars: input.sidebars.map((s) => s.items), pages };
  const hash = createHash('sha256').update(RENDER_VERSION).update(JSON.stringify({ ...guideInput, pages: [...pages.values()] })).digest('hex').slice(0, 24);
  const out = path.join(input.staging, GUIDE_PATH);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const cacheFile = input.cacheDir ? path.join(input.cacheDir, 'pdf', `${hash}.pdf`) : null;
  if (cacheFile && fs.existsSync(cacheFile)) {
    fs.copyFileSync(cacheFile, out);
    await input.worker?.close();
    return { bytes: fs.statSync(out).size, cached: true, outcome: 'cached' };
  }
  const worker = input.worker ?? new GuideWorker();
  let bytes: Buffer;
  let outcome: GuideOutcome;
  try {
    const assetFiles = assetFilesOf(input.images ?? []);
    // The guide drawn while the pages compiled, when it is this one; else drawn whole now.
    const streamed = await input.stream?.finish(guideInput.sidebars, pages, assetFiles);
    outcome = streamed ? 'streamed' : 'whole';
    bytes = streamed ?? await worker.render({ ...guideInput, assetFiles, assetRoots: [input.staging, input.staticDir] });
  } finally {
    await worker.close();
  }
  fs.writeFileSync(out, bytes);
  if (cacheFile) {
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    fs.writeFileSync(cacheFile, bytes);
  }
  return { bytes: bytes.length, cached: false, outcome };
}

/**
 * The worker that draws the guide (build/pdf/worker.ts). Started early (build/pipeline.ts starts
 * it before the Markdown is compiled) so that its start-up and warm-up overlap the compile, and
 * given the pages as they are compiled when it can be (build/pdf/stream.ts); `close()` ends it
 * when the guide turns out to be cached or the build fails.
 */
export class GuideWorker {
  private readonly worker: Promise<Worker>;
  constructor() {
    this.worker = startWorker('pdf/worker.ts', (file) => new Worker(file, { resourceLimits: BUSY_WORKER_LIMITS }));
    this.worker.catch(() => {}); // reported by finish()
  }

  /** Posts a message once the worker has started; messages keep their order. */
  send(message: WorkerMessage): void {
    void this.worker.then((w) => w.postMessage(message), () => {});
  }

  /** Ends the guide begun with `start` and returns its PDF. */
  async finish(sidebars: SidebarNode[][]): Promise<Buffer> {
    const worker = await this.worker;
    const reply = await new Promise<WorkerReply>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the user guide worker exited (${code})`)));
      worker.postMessage({ finish: sidebars } satisfies WorkerMessage);
    });
    if (!reply.ok) throw reply.guide ? new GuideError(reply.guide) : new Error(`the user guide could not be drawn: ${reply.message}`);
    return Buffer.from(reply.pdf);
  }

  /** The whole guide from its final input: begun anew (whatever was sent before is dropped), every page, the end. */
  render(input: GuideMeta & { sidebars: SidebarNode[][]; pages: Map<string, GuidePage>; assetFiles: Record<string, string>; assetRoots: string[] }): Promise<Buffer> {
    const { sidebars, pages, assetFiles, assetRoots, ...meta } = input;
    this.send({ start: { meta, plan: sidebars, routes: [...pages.keys()], assetRoots } });
    this.send({ pages: [...pages.values()], assetFiles });
    return this.finish(sidebars);
  }

  async close(): Promise<void> {
    await (await this.worker.catch(() => null))?.terminate();
  }
}
