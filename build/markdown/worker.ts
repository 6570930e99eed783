// Worker thread: compiles a share of the pages. The processor is built once per worker.
import { parentPort, workerData } from 'node:worker_threads';
import { compileMarkdown, type MarkdownInput } from './compile.ts';
import { useHighlightLanguages } from './highlighter.ts';
import { BuildError } from '../errors.ts';
import type { WorkerResult } from './compile-stage.ts';

const { inputs, routeOfFile, languages } = workerData as { inputs: MarkdownInput[]; routeOfFile: [string, string][]; languages: string[] };
await useHighlightLanguages(languages);
const routes = new Map(routeOfFile);
const results = inputs.map((input) => {
  try {
    return { ok: true as const, value: compileMarkdown(input, routes) };
  } catch (e) {
    const error = e instanceof BuildError ? { message: e.message, file: e.file, line: e.line, fix: e.fix } : { message: `${input.file}: ${(e as Error).message}` };
    return { ok: false as const, error } satisfies WorkerResult;
  }
});
parentPort!.postMessage(results);
