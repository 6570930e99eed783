// esbuild: the browser bundle (hydration entry + CSS, minified, content-hashed, code-split) and
// the server-render bundle the build itself imports. Both are generated from src/, with two
// virtual modules: the validated site config and the registry of React pages in src/pages.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as esbuild from 'esbuild';
import { browserConfig } from '../../src/config/browser-config.ts';
import type { SiteConfig } from '../../src/config/schema.ts';
import type { PageData, SidebarData } from '../../src/data/types.ts';
import type { Frame } from '../../src/ssr/render.tsx';
import type { ListRender } from '../../src/ssr/sidebar-lists.tsx';
import { BuildError } from '../errors.ts';
import { pruneOldest } from '../cache/prune.ts';
import { currentIconSprite, writeIconSprite, type IconSprite } from './icon-sprite.ts';
import { MINIFIER_STAMP, minifyFurther } from './minify.ts';
import { gzipBytesOf } from './stats.ts';
import { systemError } from '../output/fs-errors.ts';
import { importEsbuild, requireFile } from '../import-module.ts';

export interface BundleInput {
  projectRoot: string;
  config: SiteConfig;
  /** Route → absolute path of each React page. */
  reactPages: Map<string, string>;
  outDir: string;
  cacheDir: string;
  /**
   * The icons' sprite (build/render/icon-sprite.ts), made by bundleClient/bundleServer when
   * absent; the dev server's bundler keeps its own up to date.
   */
  iconSprite?: IconSprite;
  /**
   * A bundle restored from the cache (build/render/bundle-cache.ts) asks this of each file (its
   * path under the output, the cached file) before linking it: true when the output in place
   * keeps it (build/output/commit.ts), and nothing is linked.
   */
  keepInPlace?: (rel: string, cached: string) => boolean;
}

export interface ClientAssets {
  /** Public URLs, e.g. /assets/entry.ABC123.js */
  js: string;
  css: string;
  /**
   * The whole stylesheet, inlined in every page's <head>: it is small (≈7 KB gzip), and a
   * render-blocking request would cost a mobile reader one more round trip before first paint.
   */
  inlineCss: string;
  /** Files (relative to outDir) a first visit downloads besides the HTML. */
  initialFiles: string[];
}

export type RenderPage = (config: SiteConfig, page: PageData, sidebar?: SidebarData) => string;

export type { Frame } from '../../src/ssr/render.tsx';
export type { ListRender } from '../../src/ssr/sidebar-lists.tsx';

export interface ServerRenderer {
  render: RenderPage;
  /** The page without its sidebar list: render() is frame[0] + list + frame[1]. */
  frame: (config: SiteConfig, page: PageData, sidebar?: SidebarData) => Frame;
  list: (sidebar: SidebarData, route: string) => ListRender;
  /** The page rendered in one piece, sidebar list included: what `render` must equal (tests compare them). */
  renderWhole: RenderPage;
  /** Hash of the server bundle: part of every rendered page's cache key. */
  hash: string;
  /** The module file the renderer was imported from. */
  file: string;
}

/** The browser bundle: its assets, and every file esbuild wrote (relative to outDir). */
export interface ClientBundle {
  assets: ClientAssets;
  files: string[];
  /** gzip bytes of the JS a first visit loads (build/render/stats.ts), measured once per bundle. */
  initialJsGzip: number;
}

const SHARED_CHUNK = './src/client/shared-chunk.ts';

function virtualModules(input: BundleInput, target: 'client' | 'server'): esbuild.Plugin {
  return {
    name: 'sgroups-virtual',
    setup(build) {
      build.onResolve({ filter: /^virtual:/ }, (args) => ({ path: args.path, namespace: 'virtual' }));
      build.onLoad({ filter: /.*/, namespace: 'virtual' }, (args) => {
        if (args.path === 'virtual:site-config') {
          // The browser's copy is cut to what it reads (src/config/browser-config.ts).
          const config = target === 'client' ? browserConfig(input.config) : input.config;
          return { contents: `export default ${JSON.stringify(config)};`, loader: 'js' };
        }
        if (args.path === 'virtual:react-pages') {
          const entries = [...input.reactPages];
          const contents = target === 'server'
            ? entries.map(([, file], i) => `import P${i} from ${JSON.stringify(file)};`).join('\n')
              + `\nexport default {${entries.map(([route], i) => `${JSON.stringify(route)}: P${i}`).join(',')}};\nexport const loaders = {};`
            : `export default {};\nexport const loaders = {${entries.map(([route, file]) => `${JSON.stringify(route)}: () => import(${JSON.stringify(`virtual:react-page:${file}`)})`).join(',')}};`;
          return { contents, loader: 'js', resolveDir: input.projectRoot };
        }
        if (args.path.startsWith('virtual:react-page:')) {
          // A React page's chunk, tied to the shared chunk (src/client/shared-chunk.ts says why).
          const file = args.path.slice('virtual:react-page:'.length);
          return { contents: `import ${JSON.stringify(SHARED_CHUNK)};\nexport { default } from ${JSON.stringify(file)};`, loader: 'js', resolveDir: input.projectRoot };
        }
        return undefined;
      });
    },
  };
}

/**
 * The browser's shared chunk (src/client/shared-chunk.ts) is a map for the client bundle's code
 * splitting; imported by the server bundle it would load react-dom/client (0.6 MB) for nothing.
 */
const serverOnly: esbuild.Plugin = {
  name: 'sgroups-server-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]client[\\/]shared-chunk\.ts$/ }, () => ({ contents: '', loader: 'js' }));
  },
};

/** esbuild's words for a file-system refusal, and the code Node would have given it. */
const WRITE_FAILURES: [RegExp, string][] = [
  [/no space left on device/i, 'ENOSPC'], [/read-only file system/i, 'EROFS'], [/permission denied/i, 'EACCES'], [/disk quota exceeded/i, 'EDQUOT'],
];

/**
 * An esbuild failure as a BuildError naming the first error's file and line; a write the disk
 * refused as the system error it is (build/output/fs-errors.ts says it in one line).
 */
export function rethrow(e: unknown): never {
  const failure = e as esbuild.BuildFailure;
  const first = failure.errors?.[0];
  const write = first && /^Failed to write to output file: \w+ (.+?): (.+)$/.exec(first.text);
  const code = write && WRITE_FAILURES.find(([words]) => words.test(write[2]))?.[1];
  if (write && code) throw systemError(first.text, code, write[1], 'write');
  if (first) {
    throw new BuildError(`cannot bundle the theme: ${first.text}`, first.location?.file, first.location?.line, 'fix the TypeScript/CSS error above');
  }
  throw e;
}

function spriteOfInput(input: BundleInput): IconSprite {
  if (!input.iconSprite) throw new Error('the icon sprite is made before the bundle options (withIconSprite)');
  return input.iconSprite;
}

/** Sprites being made, per input: the client and server bundles start together and share one. */
const spritesMade = new WeakMap<BundleInput, Promise<IconSprite>>();

/** The input's icon sprite (the project's shapes as they are now), made once and kept on the input. */
function withIconSprite(input: BundleInput): Promise<IconSprite> {
  if (input.iconSprite) return Promise.resolve(input.iconSprite);
  let made = spritesMade.get(input);
  if (!made) {
    made = currentIconSprite(input.projectRoot).then((sprite) => (input.iconSprite = sprite));
    spritesMade.set(input, made);
  }
  return made;
}

const shared = (input: BundleInput): esbuild.BuildOptions => ({
  absWorkingDir: input.projectRoot,
  bundle: true,
  jsx: 'automatic',
  logLevel: 'silent',
  legalComments: 'none',
  // Code only the dev server's bundle keeps (`if (process.env.SG_DEV)`); compiled out here.
  // The icons' sprite URL (src/theme/Icons) is the same in both bundles.
  define: { 'process.env.NODE_ENV': '"production"', 'process.env.SG_DEV': '""', 'process.env.SG_ICON_SPRITE': JSON.stringify(spriteOfInput(input).url) },
});

/** The browser bundle's esbuild options (the dev server runs them in an incremental context). */
export function clientBuildOptions(input: BundleInput) {
  return {
    ...shared(input),
    entryPoints: { entry: 'src/client/entry.tsx', styles: 'src/theme/styles.css' },
    outdir: path.join(input.outDir, 'assets'),
    platform: 'browser',
    format: 'esm',
    splitting: true,
    minify: true,
    sourcemap: 'linked',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    entryNames: '[name].[hash]',
    chunkNames: 'chunks/[name].[hash]',
    assetNames: 'media/[name].[hash]',
    metafile: true,
    // src/theme/StaticIsland: what only the server renders is compiled out of the browser's bundle.
    define: { ...shared(input).define, 'process.env.SG_BROWSER': '"1"' },
    plugins: [virtualModules(input, 'client')],
  } satisfies esbuild.BuildOptions;
}

export async function bundleClient(input: BundleInput): Promise<ClientBundle> {
  let result: esbuild.BuildResult<{ metafile: true }>;
  let sprite: IconSprite;
  try {
    sprite = await withIconSprite(input);
    result = await (await importEsbuild()).build({ ...clientBuildOptions(input), banner: { js: MINIFIER_STAMP } });
  } catch (e) {
    rethrow(e);
  }
  const files = Object.keys(result.metafile.outputs).map((f) => path.relative(input.outDir, path.resolve(input.projectRoot, f)).split(path.sep).join('/')).sort();
  await minifyFurther(input.outDir, files);
  files.push(writeIconSprite(input.outDir, sprite));
  files.sort();
  const assets = clientAssetsOf(result.metafile, input);
  return { assets, files, initialJsGzip: gzipBytesOf(input.outDir, assets.initialFiles) };
}

/** The entry, its CSS and what a first visit loads, from the client bundle's metafile. */
export function clientAssetsOf(metafile: esbuild.Metafile, input: BundleInput): ClientAssets {
  const outputs = metafile.outputs;
  const rel = (f: string) => path.relative(input.outDir, path.resolve(input.projectRoot, f)).split(path.sep).join('/');
  const find = (entry: string, ext: string) => Object.keys(outputs).find((o) => outputs[o].entryPoint?.endsWith(entry) && o.endsWith(ext));
  const js = find('src/client/entry.tsx', '.js');
  const css = find('src/theme/styles.css', '.css');
  if (!js || !css) throw new BuildError('esbuild produced no entry bundle');
  // What a first visit loads besides the HTML (the CSS is inside it): the entry and its static imports.
  const initial = new Set<string>();
  const walk = (file: string) => {
    const r = rel(file);
    if (initial.has(r)) return;
    initial.add(r);
    for (const imp of outputs[file]?.imports ?? []) if (imp.kind === 'import-statement') walk(imp.path);
  };
  walk(js);
  const inlineCss = readFileSync(path.resolve(input.projectRoot, css), 'utf8').replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '').trim();
  if (/<\/style/i.test(inlineCss)) throw new BuildError('the stylesheet contains "</style", which would end the inline <style> element', 'src/theme/styles.css', undefined, 'remove that text from the CSS (e.g. from a content: string)');
  return { js: `/${rel(js)}`, css: `/${rel(css)}`, inlineCss, initialFiles: [...initial] };
}

/** The server-render bundle's esbuild options. */
export function serverBuildOptions(input: BundleInput) {
  return {
    ...shared(input),
    entryPoints: ['src/ssr/render.tsx'],
    platform: 'node',
    // CommonJS, with React's server code bundled in: one file, which the launcher runs with a V8
    // code cache (loadRenderer). Loaded from node_modules instead, React's files were compiled
    // again by every build that renders a page (~45 ms to load, before the first render compiles
    // the functions it calls). Nothing else in the engine uses React, so no copy is shared.
    format: 'cjs',
    // A quarter smaller, so read and checked against its code cache faster; the dev server keeps
    // the lines (build/dev/bundler.ts), for readable stack traces.
    minifyWhitespace: true,
    write: false,
    outfile: 'render.cjs',
    plugins: [virtualModules(input, 'server'), serverOnly],
  } satisfies esbuild.BuildOptions;
}

export async function bundleServer(input: BundleInput): Promise<ServerRenderer> {
  let result: esbuild.BuildResult<{ write: false }>;
  try {
    await withIconSprite(input);
    result = await (await importEsbuild()).build(serverBuildOptions(input));
  } catch (e) {
    rethrow(e);
  }
  return loadRenderer(result.outputFiles[0].text, input.projectRoot);
}

/** require() of a file that Node's module cache then forgets: it lives as long as what it returned is used. */
function requireUnkept<T>(file: string): T {
  const require = createRequire(file);
  try {
    return require(file) as T;
  } finally {
    delete require.cache[file];
  }
}

/**
 * Loads the server bundle's code as the page renderer, from a file under the project's own .cache
 * (whatever cache folder the build was given: the launcher's code caches are there too).
 * `reloadable`: the dev server's, made again on every theme edit, is run without a code cache and
 * not kept by Node's module cache, so that the renderers (each with its own copy of React) it has
 * let go are collected.
 */
export async function loadRenderer(code: string, projectRoot: string, { reloadable = false } = {}): Promise<ServerRenderer> {
  // Content-addressed file name: loading a changed bundle never hits Node's module cache, and its
  // code cache (render.<hash>.cjs.v8-code, scripts/run-cached.mjs) is that of these bytes.
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const dir = path.join(projectRoot, '.cache', 'ssr');
  mkdirSync(dir, { recursive: true });
  const name = `render.${hash}.cjs`;
  const file = path.join(dir, name);
  // Written only when missing (or cut short by an older engine, which wrote it in place), aside and
  // renamed: another build may be loading this very file.
  if (statSync(file, { throwIfNoEntry: false })?.size !== Buffer.byteLength(code)) {
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, code);
    renameSync(tmp, file);
  }
  // Loaded once, then needed only by the bundle cache's copy made right after: a few are enough.
  // A renderer's code cache goes with it.
  for (const gone of pruneOldest(dir, (n) => n.startsWith('render.') && n.endsWith('.cjs') && n !== name, 5)) rmSync(path.join(dir, `${gone}.v8-code`), { force: true });
  type Module = { renderPage: RenderPage; renderWhole: RenderPage; renderFrame: ServerRenderer['frame']; sidebarList: ServerRenderer['list'] };
  const mod = reloadable ? requireUnkept<Module>(file) : requireFile<Module>(file);
  return { render: mod.renderPage, renderWhole: mod.renderWhole, frame: mod.renderFrame, list: mod.sidebarList, hash, file };
}
