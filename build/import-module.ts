// `import()` of a package or a data: URL, for the engine's own code. scripts/launch.mjs runs the
// engine as a classic script restored from V8's code cache, and on Node 20 a script restored so
// loses its dynamic-import callback: an `import()` written in it throws "A dynamic import callback
// was not specified". The launcher lends its own `import()` instead (a global: not inherited by
// child processes); run otherwise (tsx, the tests), the engine imports for itself.
const LAUNCHER_IMPORT = Symbol.for('sgroups.launch.import');

type Importer = (specifier: string) => Promise<unknown>;

/** Imports a package by name or a module by URL (never a path relative to the caller). */
export function importModule<T = Record<string, unknown>>(specifier: string): Promise<T> {
  const lent = (globalThis as Record<symbol, unknown>)[LAUNCHER_IMPORT] as Importer | undefined;
  return (lent ? lent(specifier) : import(specifier)) as Promise<T>;
}

/** Runs JavaScript made in memory (a bundled config, the icon shapes) as a module, through a data: URL. */
export function importCode<T = Record<string, unknown>>(code: string | Uint8Array): Promise<T> {
  return importModule<T>(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}
