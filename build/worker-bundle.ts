// Worker threads start without the TypeScript loader the build runs under, so a worker's entry is
// bundled to plain JavaScript once per process (content-addressed) and started from there. Its
// packages stay imports, so the file lives in the project's own .cache, next to node_modules,
// whatever cache folder the build was given: from a folder elsewhere (/tmp) they would not resolve.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { pruneOldest } from './cache/prune.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const bundled = new Map<string, Promise<{ file: string; code: string }>>();

/** The runnable .mjs of a worker entry under build/ (e.g. 'markdown/worker.ts'). */
export async function workerFile(entry: string): Promise<string> {
  let made = bundled.get(entry);
  if (!made) {
    made = bundle(entry);
    bundled.set(entry, made);
  }
  const { file, code } = await made;
  // Written again if another process tidied it away (build/cache/prune.ts) while this one ran.
  if (!existsSync(file)) writeFileSync(file, code);
  return file;
}

async function bundle(entry: string): Promise<{ file: string; code: string }> {
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
  return { file, code };
}
