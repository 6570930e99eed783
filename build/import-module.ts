// `import()` of a package or a data: URL, and require() of a file it wrote, for the engine's own
// code. scripts/launch.mjs runs the engine as a classic script restored from V8's code cache, and
// on Node 20 a script restored so loses its dynamic-import callback: an `import()` written in it
// throws "A dynamic import callback was not specified". The launcher lends its own `import()`
// instead (a global: not inherited by child processes); run otherwise (tsx, the tests), the
// engine imports for itself.
import { createRequire } from 'node:module';

const LAUNCHER_IMPORT = Symbol.for('sgroups.launch.import');
const LAUNCHER_REQUIRE = Symbol.for('sgroups.launch.require');

type Importer = (specifier: string) => Promise<unknown>;

/** Imports a package by name or a module by URL (never a path relative to the caller). */
export function importModule<T = Record<string, unknown>>(specifier: string): Promise<T> {
  const lent = (globalThis as Record<symbol, unknown>)[LAUNCHER_IMPORT] as Importer | undefined;
  return (lent ? lent(specifier) : import(specifier)) as Promise<T>;
}

/** esbuild, loaded when a build first needs it (an up-to-date build never does). */
export const importEsbuild = () => importModule<typeof import('esbuild')>('esbuild');

/** linkinator, loaded when a check first needs it; a second import while the first loads waits for that one. */
export const importLinkinator = () => importModule<typeof import('linkinator')>('linkinator');

/** Runs JavaScript made in memory (a bundled config, the icon shapes) as a module, through a data: URL. */
export function importCode<T = Record<string, unknown>>(code: string | Uint8Array): Promise<T> {
  return importModule<T>(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

/**
 * require() of a CommonJS file the engine wrote (the page renderer): under the launcher, run with a
 * V8 code cache beside it (scripts/run-cached.mjs), so that a build does not compile the renderer
 * and React's server code again each time; otherwise Node's require(). The file's name must change
 * with its content.
 */
export function requireFile<T = Record<string, unknown>>(file: string): T {
  const lent = (globalThis as Record<symbol, unknown>)[LAUNCHER_REQUIRE] as ((file: string) => unknown) | undefined;
  return (lent ? lent(file) : createRequire(file)(file)) as T;
}
