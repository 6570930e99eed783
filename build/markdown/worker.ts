// Worker thread: compiles a share of the pages. The processor is built once per worker.
import { parentPort, workerData } from 'node:worker_threads';
import { compileMarkdown, type CompiledMarkdown, type MarkdownInput } from './compile.ts';
import { useHighlightLanguages } from './highlighter.ts';
import { BuildError } from '../errors.ts';
import type { CompiledPage, WorkerResult } from './compile-stage.ts';
import { BodyStore } from '../cache/body-store.ts';

const { inputs, routeOfFile, languages, cacheDir } = workerData as { inputs: MarkdownInput[]; routeOfFile: [string, string][]; languages: string[]; cacheDir: string | null };
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
await useHighlightLanguages(languages);
const routes = new Map(routeOfFile);
/**
 * Results go back a few pages at a time: kept until the end, a share's compiled pages would sit
 * in this thread's heap and again in the build's (the Markdown stage was the peak of a build's
 * memory). `null` says the share is done.
 */
const BATCH = 25;
let batch: WorkerResult[] = [];
for (const input of inputs) {
  try {
    batch.push({ ok: true, value: stored(compileMarkdown(input, routes)) });
  } catch (e) {
    const error = e instanceof BuildError ? { message: e.message, file: e.file, line: e.line, fix: e.fix } : { message: `${input.file}: ${(e as Error).message}` };
    batch.push({ ok: false, error });
  }
  if (batch.length === BATCH) {
    parentPort!.postMessage(batch);
    batch = [];
  }
}
parentPort!.postMessage(batch);
parentPort!.postMessage(null);
