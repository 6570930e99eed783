// Worker thread entry: draws the user guide off the main thread, so that pdfkit's layout runs on
// the second core beside the compile and the HTML render instead of delaying them. The build
// starts it before the Markdown is compiled: it loads pdfkit and the fonts and lays out a small
// sample page once, so that the real drawing starts with warm code, and then draws each page as
// it is sent (build/pdf/stream.ts).
import fs from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { renderGuide, startGuide, type GuideDraft, type GuideInput, type GuideMeta, type GuidePage } from './render.ts';
import type { SidebarNode } from '../../src/data/types.ts';
import { GuideError, type GuideProblem } from './guide-error.ts';

/**
 * What the build sends, in this order: `start` (the plan: the sidebars the pages are laid out by,
 * and which routes are pages of the guide), then `pages` as they are compiled (with the images
 * they show: site path → source file), then `finish` with the sidebars whose labels go into the
 * contents and the outline. assetRoots: folders the other site paths are looked up in.
 */
export type WorkerMessage =
  | { start: { meta: GuideMeta; plan: SidebarNode[][]; routes: string[]; assetRoots: string[] } }
  | { pages: GuidePage[]; assetFiles: Record<string, string> }
  | { finish: SidebarNode[][] };
export type WorkerReply = { ok: true; pdf: Uint8Array } | { ok: false; message: string; guide?: GuideProblem };

const SAMPLE: GuideInput = {
  product: 'warm-up', versionLabel: 'warm-up', author: 'warm-up', siteUrl: 'http://localhost', date: '2000-01-01',
  sidebars: [[{ type: 'link', label: 'Пример', href: '/warm-up', docId: 'warm-up' } as GuideInput['sidebars'][number][number]]],
  pages: new Map([['/warm-up', { route: '/warm-up', title: 'Пример', html:
    '<h2 id="a">Раздел</h2><p>Текст <strong>жирный</strong>, <em>курсив</em> и <code>код</code>, <a href="#a">ссылка</a>.</p>'
    + '<ul><li>пункт</li></ul><table><thead><tr><th>Поле</th><th>Тип</th></tr></thead><tbody><tr><td>name</td><td>string</td></tr></tbody></table>'
    + '<pre class="language-yaml"><code class="language-yaml"><span class="code-line"><span class="token key atrule">key</span><span class="token punctuation">:</span> value</span></code></pre>' }]]),
  readAsset: () => null,
};
const warm = renderGuide(SAMPLE).catch(() => null); // a failed warm-up only costs the speed-up

const assetFiles = new Map<string, string>();
let assetRoots: string[] = [];
const readAsset = (sitePath: string) => {
  const source = assetFiles.get(sitePath);
  if (source) return fs.readFileSync(source);
  for (const base of assetRoots) {
    const f = path.join(base, sitePath.replace(/^\//, ''));
    if (fs.existsSync(f)) return fs.readFileSync(f);
  }
  return null;
};

// Each message acts on the draft in the order it came: a chain of steps.
let draft: Promise<GuideDraft> = Promise.reject(new Error('the user guide was not started'));
draft.catch(() => {});
parentPort!.on('message', (message: WorkerMessage) => {
  if ('start' in message) {
    const { meta, plan, routes, assetRoots: roots } = message.start;
    assetRoots = roots;
    assetFiles.clear();
    draft = warm.then(() => startGuide(meta, plan, new Set(routes), readAsset));
    draft.catch(() => {}); // reported by finish
  } else if ('pages' in message) {
    for (const [sitePath, source] of Object.entries(message.assetFiles)) assetFiles.set(sitePath, source);
    void draft.then((d) => message.pages.forEach((page) => d.add(page)), () => {});
  } else {
    // startGuide and the drawing throw what they cannot draw: both become the reply (escaping,
    // one reached the build as the worker's crash, with its stack).
    void draft.then((d) => d.finish(message.finish)).then(
      (pdf): WorkerReply => ({ ok: true, pdf }),
      (e): WorkerReply => ({ ok: false, message: (e as Error).stack ?? String(e), ...(e instanceof GuideError ? { guide: e.detail } : {}) }),
    ).then((reply) => parentPort!.postMessage(reply));
  }
});
