// Worker thread: compiles the pages the build's thread hands it, a few at a time, until told there
// are no more (build/markdown/compile-stage.ts, runWorkers). The processor is built once per worker.
import { parentPort, workerData } from 'node:worker_threads';
import { compileMarkdown, type CompiledMarkdown, type MarkdownInput } from './compile.ts';
import { useMarkdownSettings, type MarkdownSettings } from './settings.ts';
import { BuildError } from '../errors.ts';
import type { CompiledPage, PageChunk, WorkerResult } from './compile-stage.ts';
import { BodyStore } from '../cache/body-store.ts';

const { routeOfFile, settings, cacheDir } = workerData as { routeOfFile: [string, string][]; settings: MarkdownSettings; cacheDir: string | null };
/**
 * With a cache, each page's HTML and Markdown go to the body store from here, and only their
 * references go back: the build's thread neither receives a copy of ~20 MB of text at 1000 pages
 * nor hashes and writes it while the workers want both cores.
 */
const bodies = cacheDir ? BodyStore.open(cacheDir, 'pages') : null;
const stored = (c: CompiledMarkdown): CompiledMarkdown | CompiledPage => {
  if (!bodies) return c;
  const { html, markdown, ...meta } = c;
  return { ...meta, htmlBody: bodies.put(html), markdownBody: bodies.put(markdown) };
};
await useMarkdownSettings(settings);
const routes = new Map(routeOfFile);

function compileOne(input: MarkdownInput): WorkerResult {
  try {
    return { ok: true, value: stored(compileMarkdown(input, routes)) };
  } catch (e) {
    const error = e instanceof BuildError ? { message: e.message, file: e.file, line: e.line, fix: e.fix } : { message: `${input.file}: ${(e as Error).message}` };
    return { ok: false, error };
  }
}

// Each chunk's results go back as soon as it is done: the build's thread keeps them and sends the
// next chunk. `null` means there is nothing more to compile; a closed port no longer holds the
// thread, which ends (the results it sent are delivered first).
parentPort!.on('message', (chunk: PageChunk | null) => {
  if (chunk === null) {
    bodies?.close();
    parentPort!.close();
    return;
  }
  parentPort!.postMessage({ start: chunk.start, results: chunk.inputs.map(compileOne) });
});
