// Loads src/site.config.ts (or another config file), validates it and points at the bad key.
import { languageProblems } from '../markdown/highlighter.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { bundleConfig, type ConfigBundle } from './config-bundle.ts';
import { siteConfigSchema, type SiteConfig } from '../../src/config/schema.ts';
import { BuildError, BuildErrors } from '../errors.ts';
import { importCode } from '../import-module.ts';

function formatPath(p: PropertyKey[]): string {
  return p.reduce<string>((acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${String(k)}` : String(k)), '');
}

function valueAt(obj: unknown, p: PropertyKey[]): unknown {
  return p.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<PropertyKey, unknown>)[k] : undefined), obj);
}

/** Best effort: the line of the config file where the offending value (or key) is written. */
function lineOf(source: string, needle: unknown): number | undefined {
  if (typeof needle !== 'string' && typeof needle !== 'number') return undefined;
  const lines = source.split('\n');
  const text = String(needle);
  const i = lines.findIndex((l) => l.includes(`'${text}'`) || l.includes(`"${text}"`) || new RegExp(`\\b${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:`).test(l));
  return i === -1 ? undefined : i + 1;
}

export function validateSiteConfig(raw: unknown, file: string, source: string): SiteConfig {
  const parsed = siteConfigSchema.safeParse(raw);
  if (parsed.success) {
    const c = parsed.data;
    if (c.toc.minHeadingLevel > c.toc.maxHeadingLevel) {
      throw new BuildError('toc.minHeadingLevel is greater than toc.maxHeadingLevel', file, lineOf(source, 'minHeadingLevel'), 'swap the two values');
    }
    if (c.docs.showLastUpdateAuthor && !c.docs.showLastUpdate) {
      throw new BuildError('docs.showLastUpdateAuthor names the author beside the date of the last change, which docs.showLastUpdate: false turns off', file,
        lineOf(source, 'showLastUpdateAuthor'), 'set showLastUpdate: true, or remove showLastUpdateAuthor');
    }
    // Every link, asset and page-data URL the engine writes is a root path (/guide/intro,
    // /assets/…, /_data/…): under a sub-path a site would load none of them, so say so now.
    if (c.baseUrl !== '/') {
      throw new BuildError(`baseUrl "${c.baseUrl}" is not supported: the site is served from the root of its host`, file, lineOf(source, c.baseUrl),
        "set baseUrl: '/' and serve dist/ at the root of a host (a subdomain such as docs.example.com)");
    }
    // prism.languages decides what is highlighted: every name must be one refractor ships.
    for (const { name, hint } of languageProblems(c.prism.languages)) {
      throw new BuildError(`prism.languages names "${name}", which the highlighter (refractor) does not know`, file, lineOf(source, name),
        `use refractor's name for it (e.g. "${hint}"; the list is node_modules/refractor/lang/), or "text" for plain code`);
    }
    for (const [i, item] of c.navbar.items.entries()) {
      if (item.type === 'docSidebar' && !(item.sidebarId in c.sidebars)) {
        throw new BuildError(`navbar.items[${i}] points at sidebar "${item.sidebarId}", which is not defined`, file, lineOf(source, item.sidebarId),
          `define sidebars.${item.sidebarId} or use one of: ${Object.keys(c.sidebars).join(', ')}`);
      }
    }
    return c;
  }
  const errors = parsed.error.issues.slice(0, 10).map((issue) => {
    // A bad discriminator is reported on `.type`; name the whole item instead.
    const itemPath = issue.path.at(-1) === 'type' ? issue.path.slice(0, -1) : issue.path;
    const at = formatPath(itemPath);
    const bad = valueAt(raw, itemPath);
    const hint = at.startsWith('navbar.items')
      ? 'navbar item types: docSidebar, link, github, localeDropdown, docsVersionDropdown, search'
      : issue.code === 'unrecognized_keys' ? `remove or rename the key(s): ${issue.keys.join(', ')}` : 'see src/config/schema.ts for the expected shape';
    const detail = at.startsWith('navbar.items') && bad && typeof bad === 'object' && 'type' in bad
      ? ` (type "${String((bad as { type: unknown }).type)}")` : '';
    const needle = bad && typeof bad === 'object' && 'type' in bad ? (bad as { type: unknown }).type
      : issue.code === 'unrecognized_keys' ? issue.keys[0] : bad ?? issue.path.at(-1);
    return new BuildError(`invalid site config at ${at || '(root)'}${detail}: ${issue.message}`, file, lineOf(source, needle), hint);
  });
  throw errors.length === 1 ? errors[0] : new BuildErrors(errors);
}

/** The validated config, and what it was made from. */
export interface LoadedConfig {
  config: SiteConfig;
  /** The config file and the project's files it imports (absolute paths; packages are the lock file's). */
  files: string[];
  /** The environment variables it read, sorted. */
  env: string[];
}

/**
 * Loads the site config (TypeScript). The config, with everything it imports, is bundled by esbuild
 * into one module (kept in the cache: build/model/config-bundle.ts) that is imported from a data:
 * URL: the engine need not run under a TypeScript loader (scripts/launch.mjs runs it as plain
 * JavaScript), nothing is written next to the config (a build by a user who may not write the
 * project still loads it), and watch mode sees every edit (a different text is a different URL).
 */
export async function loadSiteConfig(configPath: string, projectRoot: string, cacheDir: string | null = null): Promise<LoadedConfig> {
  const file = path.relative(projectRoot, configPath).split(path.sep).join('/');
  let bundle: ConfigBundle;
  try {
    bundle = await bundleConfig(configPath, projectRoot, cacheDir);
  } catch (e) {
    const first = (e as esbuild.BuildFailure).errors?.[0];
    if (!first) throw e;
    const where = first.location ? path.relative(projectRoot, path.resolve(first.location.file)).split(path.sep).join('/') : file;
    throw new BuildError(`the site config could not be loaded: ${first.text}`, where, first.location?.line, 'fix the TypeScript error in the config file');
  }
  // Validation reads every value of the config, getters too (`get url() { return process.env.… }`):
  // it runs while the reads are still noted.
  const validate = (mod: { default?: unknown }) => validateSiteConfig(mod.default, file, readFileSync(configPath, 'utf8'));
  let loaded: [SiteConfig, string[]];
  try {
    loaded = await importRecordingEnv(bundle.code, validate);
  } catch (e) {
    if (e instanceof BuildError || e instanceof BuildErrors) throw e;
    throw new BuildError(`the site config could not be loaded: ${(e as Error).message}`, file, undefined, 'fix the error in the config file');
  }
  const [config, env] = loaded;
  return { config, files: bundle.files, env };
}

/** The environment variables each config module read when it was evaluated, by its code (a module is evaluated once per process). */
const envReadBy = new Map<string, string[]>();

/** The config module's name in stack traces (its sourceURL): how a read of process.env is told to be the config's own. */
const CONFIG_MODULE_NAME = 'sgroups-site-config.js';

/**
 * Imports the config's code and hands the module to `use`, noting the environment variables the
 * config's code reads meanwhile (`process.env.SITE_URL`, at its top level or in a getter `use`
 * calls): they are inputs of the build like its files (build/cache/up-to-date.ts). Node's module
 * loader reads some of its own while the import runs; only reads from the config's code count.
 */
async function importRecordingEnv<T>(code: string, use: (mod: { default?: unknown }) => T): Promise<[T, string[]]> {
  const names = new Set<string>();
  const env = process.env;
  const note = (key: string | symbol) => typeof key === 'string' && new Error().stack?.includes(CONFIG_MODULE_NAME) && names.add(key);
  process.env = new Proxy(env, {
    get: (target, key) => (note(key), Reflect.get(target, key)),
    has: (target, key) => (note(key), Reflect.has(target, key)),
  });
  try {
    const named = `${code}\n//# sourceURL=${CONFIG_MODULE_NAME}\n`;
    const mod = await importCode<{ default?: unknown }>(named);
    if (!envReadBy.has(code)) envReadBy.set(code, [...names].sort());
    const result = use(mod);
    return [result, [...new Set([...envReadBy.get(code)!, ...names])].sort()];
  } finally {
    process.env = env;
  }
}

/**
 * A docs folder the config knows nothing about (a benchmark corpus, `--docs some/dir`) gets one
 * autogenerated sidebar and a navbar pointing at it, instead of failing on every sidebar id.
 */
export function adaptConfigToDocs(config: SiteConfig, docIds: ReadonlySet<string>): { config: SiteConfig; adapted: boolean } {
  const anyKnown = Object.values(config.sidebars).some((items) => mentionsDoc(items, docIds));
  if (anyKnown || docIds.size === 0) return { config, adapted: false };
  return {
    adapted: true,
    config: {
      ...config,
      sidebars: { docs: [{ type: 'autogenerated', dirName: '.' }] },
      navbar: {
        items: [
          { type: 'docSidebar', sidebarId: 'docs', label: 'Документация', position: 'left' },
          ...config.navbar.items.filter((i) => i.type !== 'docSidebar'),
        ],
      },
      announcementBar: config.announcementBar ? { ...config.announcementBar, link: undefined } : undefined,
      // Another docs folder: the configured edit links would point at files that are not there.
      docs: { ...config.docs, editLink: undefined, version: { ...config.docs.version, mainDoc: [...docIds].sort()[0] } },
    },
  };
}

function mentionsDoc(items: unknown[], docIds: ReadonlySet<string>): boolean {
  return items.some((item) => {
    if (typeof item === 'string') return docIds.has(item);
    if (item && typeof item === 'object') {
      const o = item as { id?: string; items?: unknown[]; type?: string };
      if (o.type === 'doc' && o.id && docIds.has(o.id)) return true;
      if (o.type === 'autogenerated') return true;
      if (o.items) return mentionsDoc(o.items, docIds);
    }
    return false;
  });
}
