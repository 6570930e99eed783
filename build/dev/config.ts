// Loads the site config afresh on every change. Importing the .ts file again is not enough: a
// config outside an ESM package (a fixture copy in /tmp, a site kept elsewhere) is loaded as
// CommonJS, whose cache ignores the `?t=` query build/model/config.ts adds. So the config (with the
// local modules it imports) is bundled by esbuild into a content-addressed module and imported
// from there; the validation is the build's own.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type { SiteConfig } from '../../src/config/schema.ts';
import { validateSiteConfig } from '../model/config.ts';
import { BuildError } from '../errors.ts';

export async function loadFreshSiteConfig(configPath: string, projectRoot: string, cacheDir: string): Promise<SiteConfig> {
  const file = path.relative(projectRoot, configPath).split(path.sep).join('/');
  let code: string;
  try {
    const result = await esbuild.build({
      entryPoints: [configPath], bundle: true, platform: 'node', format: 'esm', packages: 'external', write: false, logLevel: 'silent',
    });
    code = result.outputFiles[0].text;
  } catch (e) {
    const first = (e as esbuild.BuildFailure).errors?.[0];
    if (!first) throw e;
    const where = first.location ? path.relative(projectRoot, path.resolve(first.location.file)).split(path.sep).join('/') : file;
    throw new BuildError(`the site config could not be loaded: ${first.text}`, where, first.location?.line, 'fix the TypeScript error in the config file');
  }
  const out = path.join(cacheDir, 'config', `site.config.${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, code);
  let mod: { default?: unknown };
  try {
    mod = await import(pathToFileURL(out).href);
  } catch (e) {
    throw new BuildError(`the site config could not be loaded: ${(e as Error).message}`, file, undefined, 'fix the error in the config file');
  }
  return validateSiteConfig(mod.default, file, readFileSync(configPath, 'utf8'));
}
