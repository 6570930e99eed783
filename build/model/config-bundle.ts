// The site config as one ES module (esbuild bundles it with everything it imports), kept in the
// cache with the hash of each file it was made from. Bundling cost ~80 ms, most of it starting
// esbuild's service, on every build; a build whose config and its imports did not change takes
// the kept text, and one that takes its browser bundles from the cache too (a text edit) never
// starts esbuild at all.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { hashKey, KeyValueCache } from '../cache/kv-cache.ts';
import { importEsbuild } from '../import-module.ts';

/**
 * esbuild's version, read from its package.json: loading esbuild itself costs ~60 ms, which a
 * build that keeps its config bundle need not pay.
 */
const esbuildVersion = (): string => (createRequire(import.meta.url)('esbuild/package.json') as { version: string }).version;

interface KeptBundle {
  code: string;
  /** Every file the bundle was made from (absolute path) and the hash of its content then. */
  inputs: [string, string][];
}

function hashOf(file: string): string {
  try {
    return hashKey(readFileSync(file));
  } catch {
    return 'missing';
  }
}

/** The config bundled: its JavaScript, and the project's files it was made from (absolute paths; packages are the lock file's). */
export interface ConfigBundle {
  code: string;
  files: string[];
}

const bundleOf = (kept: KeptBundle): ConfigBundle => ({
  code: kept.code,
  files: kept.inputs.map(([file]) => file).filter((file) => !file.split(path.sep).includes('node_modules')),
});

/** The bundled config; esbuild's errors are thrown as esbuild throws them. */
export async function bundleConfig(configPath: string, projectRoot: string, cacheDir: string | null): Promise<ConfigBundle> {
  const cache = KeyValueCache.open<KeptBundle>(cacheDir, 'site-config');
  const key = `${esbuildVersion()}\0${path.resolve(configPath)}`;
  const kept = cache.get(key);
  if (kept && kept.inputs.every(([file, hash]) => hashOf(file) === hash)) {
    cache.save();
    return bundleOf(kept);
  }
  const esbuild = await importEsbuild();
  const result = await esbuild.build({
    entryPoints: [configPath], bundle: true, platform: 'node', format: 'esm', write: false, logLevel: 'silent', metafile: true, absWorkingDir: projectRoot,
  });
  const code = result.outputFiles[0].text;
  const inputs = Object.keys(result.metafile.inputs).map((rel): [string, string] => {
    const file = path.resolve(projectRoot, rel);
    return [file, hashOf(file)];
  });
  cache.set(key, { code, inputs });
  cache.save();
  return bundleOf({ code, inputs });
}
