// A second minifying pass over the browser's JS: esbuild bundles and minifies fast, and swc's
// minifier then takes about 1.1 KB gzip more off the first load (most of it from React's runtime,
// which npm ships unminified) in about half a second. The source maps are carried through, so
// they still point at src/ and node_modules.
//
// swc runs in a child process (minify-child.ts): its native heap grows by 100–150 MB on these
// files and is not given back, which would otherwise stay in the build's own peak memory for the
// rest of a build.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Options } from '@swc/core';
import { BuildError } from '../errors.ts';
import { workerFile } from '../worker-bundle.ts';

const OPTIONS: Options = {
  isModule: true,
  minify: true,
  sourceMaps: true,
  jsc: {
    parser: { syntax: 'ecmascript' },
    target: 'es2020',
    minify: { compress: { passes: 2 }, mangle: true, module: true },
  },
};

// Read from its package.json: importing swc (a native module) is left to the child process.
const swcVersion = (createRequire(import.meta.url)('@swc/core/package.json') as { version: string }).version;

/**
 * A comment esbuild puts at the top of every JS file before it hashes the file names (swc then
 * drops it). esbuild hashes its own output, not swc's: without this, another swc version or other
 * options would give new bytes under the old names, which browsers keep cached for a year.
 */
export const MINIFIER_STAMP = `/* swc ${swcVersion} ${JSON.stringify(OPTIONS.jsc!.minify)} compile-hints */`;

/**
 * Chromium's explicit compile hint (V8, Chrome 136+): every function of the file is compiled
 * while the file streams in, on a background thread. Without it V8 compiles a function on the
 * main thread when it is first called, and React's runtime, wrapped in a function by the bundler,
 * is first called when the page starts: measured in Chromium at 4× CPU slowdown, the task that
 * evaluates the bundle went from ~190 ms to ~80 ms (Lighthouse's Total Blocking Time counts every
 * task's time above 50 ms). Other browsers read it as a comment.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Minifies one JS file (and its linked .map) again in place. Run by the child process. */
export async function minifyFile(file: string, transform: typeof import('@swc/core').transform): Promise<void> {
  const code = readFileSync(file, 'utf8');
  const map = readFileSync(`${file}.map`, 'utf8');
  const out = await transform(code, { ...OPTIONS, filename: path.basename(file), inputSourceMap: map });
  writeFileSync(file, `${COMPILE_HINT}\n${out.code}\n//# sourceMappingURL=${path.basename(file)}.map\n`);
  // The hint's line comes first: the map's lines move down by one (an empty first line of mappings).
  const sourceMap = JSON.parse(out.map!) as { mappings: string };
  sourceMap.mappings = `;${sourceMap.mappings}`;
  writeFileSync(`${file}.map`, JSON.stringify(sourceMap));
}

/** Minifies each JS file (paths relative to outDir) again in place, with its linked .map. */
export async function minifyFurther(outDir: string, files: string[]): Promise<void> {
  const js = files.filter((f) => f.endsWith('.js'));
  if (js.length === 0) return;
  const child = await workerFile('render/minify-child.ts');
  try {
    await promisify(execFile)(process.execPath, [child, ...js.map((f) => path.join(outDir, f))], { maxBuffer: 1 << 20 });
  } catch (e) {
    const { stderr } = e as { stderr?: string };
    throw new BuildError(`cannot minify the browser bundle: ${stderr?.trim() || (e as Error).message}`);
  }
}
