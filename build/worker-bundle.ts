// Worker threads start without the TypeScript loader the build runs under, so a worker's entry is
// bundled to plain JavaScript once per process (content-addressed) and started from there. Its
// packages stay imports, so the file lives in the project's own .cache, next to node_modules,
// whatever cache folder the build was given: from a folder elsewhere (/tmp) they would not resolve.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { pruneOldest } from './cache/prune.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const bundled = new Map<string, Promise<string>>();

/** The runnable .mjs of a worker entry under build/ (e.g. 'markdown/worker.ts'). */
export function workerFile(entry: string): Promise<string> {
  let file = bundled.get(entry);
  if (!file) {
    file = bundle(entry);
    bundled.set(entry, file);
  }
  return file;
}

async function bundle(entry: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [path.join(here, entry)],
    bundle: true, platform: 'node', format: 'esm', packages: 'external', write: false, outfile: 'worker.mjs', logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  const name = path.basename(entry, '.ts').replace(/\W+/g, '-');
  const file = path.join(here, '..', '.cache', 'workers', `${name}.${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, code);
  pruneOldest(path.dirname(file), (f) => f.startsWith(`${name}.`) && f !== path.basename(file), 3);
  return file;
}
