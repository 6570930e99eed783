// Worker thread: compiles a share of the pages. The processor is built once per worker.
import { parentPort, workerData } from 'node:worker_threads';
import { compileMarkdown, type MarkdownInput } from './compile.ts';
import { useHighlightLanguages } from './highlighter.ts';

const { inputs, routeOfFile, languages } = workerData as { inputs: MarkdownInput[]; routeOfFile: [string, string][]; languages: string[] };
await useHighlightLanguages(languages);
const routes = new Map(routeOfFile);
const results = inputs.map((input) => {
  try {
    return { ok: true as const, value: compileMarkdown(input, routes) };
  } catch (e) {
    return { ok: false as const, error: `${input.file}: ${(e as Error).message}` };
  }
});
parentPort!.postMessage(results);
