// Worker thread entry: renders the user guide off the main thread, so that pdfkit's layout runs
// on the second core beside the HTML render instead of delaying it.
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { renderGuide, type GuideInput } from './render.ts';

export type WorkerInput = Omit<GuideInput, 'readAsset'> & { assetRoots: string[] };
export type WorkerReply = { ok: true; pdf: Uint8Array } | { ok: false; message: string };

const input = workerData as WorkerInput;
const readAsset = (sitePath: string) => {
  for (const base of input.assetRoots) {
    const f = path.join(base, sitePath.replace(/^\//, ''));
    if (fs.existsSync(f)) return fs.readFileSync(f);
  }
  return null;
};
renderGuide({ ...input, readAsset })
  .then((pdf) => parentPort!.postMessage({ ok: true, pdf } satisfies WorkerReply))
  .catch((e: Error) => parentPort!.postMessage({ ok: false, message: e.message } satisfies WorkerReply));
