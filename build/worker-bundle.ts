// Worker threads start without the TypeScript loader the build runs under, so a worker's entry is
// bundled to plain JavaScript once per process (content-addressed) and started from there. Its
// packages stay imports, so the file lives in the project's own .cache, next to node_modules,
// whatever cache folder the build was given: from a folder elsewhere (/tmp) they would not resolve.
// An engine started by scripts/launch.mjs has its workers bundled already, with the engine and
// most of their packages (one file to load instead of a few hundred): startWorker() starts them
// at once, without esbuild, so that a worker can start before the build's thread is busy.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pruneOldest } from './cache/prune.ts';
import { importEsbuild } from './import-module.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const bundled = new Map<string, Promise<{ file: string; code: string }>>();

/**
 * For the workers that parse and lay out pages (the compile's, the user guide's): they make many
 * short-lived objects, and V8's default young generation spent a third of the compile's time and
 * about 15 % of the guide's in scavenges (11 % with this).
 */
export const BUSY_WORKER_LIMITS = { maxYoungGenerationSizeMb: 96 };

/** Where scripts/launch.mjs put the workers it bundled with the engine (a global: not inherited by child processes). */
const LAUNCHED_WORKERS = Symbol.for('sgroups.launch.workers');

/** The launcher's bundle of a worker entry under build/ (e.g. 'markdown/worker.ts'), when the engine was launched. */
function prebuiltWorker(entry: string): string | undefined {
  const dir = (globalThis as Record<symbol, unknown>)[LAUNCHED_WORKERS];
  if (typeof dir !== 'string') return undefined;
  const file = path.join(dir, entry.replace(/\.ts$/, '.mjs'));
  return existsSync(file) ? file : undefined;
}

/**
 * A worker of that entry, made by `start` from its file: at once when the launcher bundled it
 * (the build's thread may be busy for seconds after this call), once esbuild has made it otherwise.
 */
export function startWorker<T>(entry: string, start: (file: string) => T): Promise<T> {
  const prebuilt = prebuiltWorker(entry);
  return prebuilt ? Promise.resolve(start(prebuilt)) : workerFile(entry).then(start);
}

/** The runnable .mjs of a worker entry under build/ (e.g. 'markdown/worker.ts'). */
export async function workerFile(entry: string): Promise<string> {
  const prebuilt = prebuiltWorker(entry);
  if (prebuilt) return prebuilt;
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
  const esbuild = await importEsbuild();
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
