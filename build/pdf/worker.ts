// Worker thread entry: renders the user guide off the main thread, so that pdfkit's layout runs
// on the second core beside the HTML render instead of delaying it. The build starts it before the
// Markdown is compiled: while it waits for the pages it loads pdfkit and the fonts and lays out a
// small sample page once, so that the real render starts with warm code.
import fs from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { renderGuide, type GuideInput } from './render.ts';
import { GuideError, type GuideProblem } from './guide-error.ts';

/** assetFiles: source files by site path (the pages' images); assetRoots: folders the other site paths are looked up in. */
export type WorkerInput = Omit<GuideInput, 'readAsset'> & { assetFiles?: Record<string, string>; assetRoots: string[] };
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

parentPort!.once('message', async (input: WorkerInput) => {
  await warm;
  const readAsset = (sitePath: string) => {
    const source = input.assetFiles && Object.hasOwn(input.assetFiles, sitePath) ? input.assetFiles[sitePath] : undefined;
    if (source) return fs.readFileSync(source);
    for (const base of input.assetRoots) {
      const f = path.join(base, sitePath.replace(/^\//, ''));
      if (fs.existsSync(f)) return fs.readFileSync(f);
    }
    return null;
  };
  // renderGuide throws what it cannot draw before it returns its promise: both kinds of failure
  // become the reply (escaping, one reached the build as the worker's crash, with its stack).
  let reply: WorkerReply;
  try {
    reply = { ok: true, pdf: await renderGuide({ ...input, readAsset }) };
  } catch (e) {
    reply = { ok: false, message: (e as Error).stack ?? String(e), ...(e instanceof GuideError ? { guide: e.detail } : {}) };
  }
  parentPort!.postMessage(reply);
});
