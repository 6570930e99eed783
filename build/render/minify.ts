// A second minifying pass over the browser's JS: esbuild bundles and minifies fast, and swc's
// minifier then takes about 1.1 KB gzip more off the first load (most of it from React's runtime,
// which npm ships unminified) in about half a second. The source maps are carried through, so
// they still point at src/ and node_modules.
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Options } from '@swc/core';
import { BuildError } from '../errors.ts';

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

// Read from its package.json: importing swc (a native module) is left to the builds that minify.
const swcVersion = (createRequire(import.meta.url)('@swc/core/package.json') as { version: string }).version;

/**
 * A comment esbuild puts at the top of every JS file before it hashes the file names (swc then
 * drops it). esbuild hashes its own output, not swc's: without this, another swc version or other
 * options would give new bytes under the old names, which browsers keep cached for a year.
 */
export const MINIFIER_STAMP = `/* swc ${swcVersion} ${JSON.stringify(OPTIONS.jsc!.minify)} */`;

/** Minifies each JS file (paths relative to outDir) again in place, with its linked .map. */
export async function minifyFurther(outDir: string, files: string[]): Promise<void> {
  const { transform } = await import('@swc/core');
  await Promise.all(files.filter((f) => f.endsWith('.js')).map(async (rel) => {
    const file = path.join(outDir, rel);
    const code = readFileSync(file, 'utf8');
    const map = readFileSync(`${file}.map`, 'utf8');
    let out;
    try {
      out = await transform(code, { ...OPTIONS, filename: path.basename(file), inputSourceMap: map });
    } catch (e) {
      throw new BuildError(`cannot minify ${rel}: ${e instanceof Error ? e.message : String(e)}`, rel);
    }
    writeFileSync(file, `${out.code}\n//# sourceMappingURL=${path.basename(file)}.map\n`);
    writeFileSync(`${file}.map`, out.map!);
  }));
}
