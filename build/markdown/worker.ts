// Worker thread: compiles the pages the build's thread hands it, a few at a time, until told there
// are no more (build/markdown/compile-stage.ts, runWorkers). It may be started before the build
// knows its pages (build/markdown/worker-pool.ts): what it needs for them is its first message.
// The processor is built once per worker.
import { parentPort } from 'node:worker_threads';
import { compileMarkdown, type CompiledMarkdown, type MarkdownInput } from './compile.ts';
import { useMarkdownSettings } from './settings.ts';
import { BuildError } from '../errors.ts';
import type { CompiledPage, PageChunk, WorkerResult, WorkerSetup } from './compile-stage.ts';
import { BodyStore } from '../cache/body-store.ts';

interface Compiler {
  compileOne(input: MarkdownInput): WorkerResult;
  close(): void;
}

async function setUp({ routeOfFile, settings, cacheDir }: WorkerSetup): Promise<Compiler> {
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
  return {
    compileOne(input) {
      try {
        return { ok: true, value: stored(compileMarkdown(input, routes)) };
      } catch (e) {
        const error = e instanceof BuildError ? { message: e.message, file: e.file, line: e.line, fix: e.fix } : { message: `${input.file}: ${(e as Error).message}` };
        return { ok: false, error };
      }
    },
    close: () => bodies?.close(),
  };
}

let compiler: Promise<Compiler> | undefined;

// The setup first; then each chunk's results go back as soon as it is done, in the order the
// chunks came (one promise's reactions run in the order they were added): the build's thread
// keeps them and sends the next chunk. `null` means there is nothing more to compile; a closed
// port no longer holds the thread, which ends (the results it sent are delivered first).
parentPort!.on('message', (message: { setup: WorkerSetup } | PageChunk | null) => {
  if (message !== null && 'setup' in message) {
    compiler = setUp(message.setup);
    return;
  }
  void compiler!.then((c) => {
    if (message === null) {
      c.close();
      parentPort!.close();
      return;
    }
    parentPort!.postMessage({ start: message.start, results: message.inputs.map((input) => c.compileOne(input)) });
  });
});
