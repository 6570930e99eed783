// `node scripts/launch.mjs scripts/build.ts [args…]`: runs one of the engine's TypeScript entry
// points without a TypeScript loader. Under tsx every import of the engine's few hundred modules
// (its own and the unified/React ones) goes through loader hooks on another thread, which cost
// ~0.6 s of a 1.3 s start on every build. Here the entry and the engine's own modules are bundled
// once by esbuild into .cache/launch/, with most of the packages they use (see EXTERNAL_PACKAGES),
// and the bundle is run with V8's code cache (scripts/run-cached.mjs); the bundle is made again
// when any source under build/, scripts/ or src/, or the lock file, changes. Plain JavaScript, so
// it needs nothing but Node and esbuild.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { requireCached, runCached } from './run-cached.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [entryArg, ...rest] = process.argv.slice(2);
if (!entryArg) {
  console.error('usage: node scripts/launch.mjs <entry.ts> [arguments]');
  process.exit(2);
}
const entry = path.resolve(root, entryArg);

/**
 * Packages that stay imports: native or child-process binaries (esbuild, chokidar's fsevents),
 * those that read their own files next to their code (pdfkit's fonts, refractor's languages,
 * linkinator), React (the page renderer, built apart, must share the build's copy), and the
 * tools only scripts use.
 */
const EXTERNAL_PACKAGES = [
  'esbuild', '@swc/core', 'chokidar', 'react', 'react-dom', 'refractor', 'linkinator', 'pdfkit', 'fontkit', 'svg-to-pdfkit',
  'dejavu-fonts-ttf', '@fontsource', 'pdfjs-dist', 'playwright-core', 'lighthouse', 'chrome-launcher', '@react-pdf/renderer', 'tsx', 'autocannon',
];

/**
 * The sources under a folder (relative, sorted). Walked with the entries' types, as
 * build/file-tree.ts does and for the same reason: a recursive readdir and a stat per file took
 * ~30 ms of every launch.
 */
function sourcesUnder(dir, prefix = '') {
  const out = [];
  for (const e of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    if (e.isDirectory()) out.push(...sourcesUnder(dir, `${prefix}${e.name}/`));
    else if (e.isFile() && /\.(?:tsx?|mjs|json)$/.test(e.name)) out.push(prefix + e.name);
  }
  return prefix ? out : out.sort();
}

/** Every source the bundle may contain: its content decides the bundle's name. */
function sourceHash() {
  const h = createHash('sha256');
  for (const dir of ['build', 'scripts', 'src']) {
    for (const rel of sourcesUnder(path.join(root, dir))) h.update(`${dir}/${rel}\0`).update(readFileSync(path.join(root, dir, rel))).update('\0');
  }
  h.update(readFileSync(path.join(root, 'package-lock.json')));
  return h.update(entry).digest('hex').slice(0, 16);
}

/** Each worker thread's entry under build/ (its name ends in worker.ts), as its path without .ts. */
function workerEntries() {
  const build = path.join(root, 'build');
  return Object.fromEntries(readdirSync(build, { recursive: true, encoding: 'utf8' })
    .filter((rel) => /(?:^|[/\\-])worker\.ts$/.test(rel))
    .map((rel) => [rel.replace(/\.ts$/, '').split(path.sep).join('/'), path.join(build, rel)]));
}

/**
 * Keeps each module's own location: the engine reads files relative to import.meta.url (its own
 * sources, fonts, workers), which in a bundle would all be the bundle's.
 */
const keepModuleLocation = {
  name: 'keep-module-location',
  setup(build) {
    // unist-util-visit-parents gives each node's visitor a readable name for stack traces:
    // a string and an Object.defineProperty on a fresh closure for every node of every tree
    // it walks (GFM's autolinks and the code highlighter walk every page): ~10 % of a
    // Markdown worker's profile at 1000 pages. The names are only for debugging, so the
    // bundled copy goes without them (the output is the same). A version whose lines differ
    // is bundled as it is; test/build/launcher.test.ts then fails.
    build.onLoad({ filter: /[\\/]unist-util-visit-parents[\\/]lib[\\/]index\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const named = /Object\.defineProperty\(visit, 'name', \{\s*value:\s*'node \(' \+ color\(node\.type \+ \(name \? '<' \+ name \+ '>' : ''\)\) \+ '\)'\s*\}\)/;
      return { contents: source.replace(named, 'void color'), loader: 'js' };
    });
    build.onLoad({ filter: /\.(?:tsx?|mjs)$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const url = pathToFileURL(args.path).href;
      const contents = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', JSON.stringify(url))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

// A folder per version of the sources: the entry and the chunks it loads when needed, as classic
// scripts with the code caches V8 made of them (a build that finds its output up to date never loads
// the pipeline's chunk), and the worker threads' entries with their own chunks (workers/).
const dir = path.join(root, '.cache', 'launch', `${path.basename(entry).replace(/\W+/g, '-')}.${sourceHash()}`);
const bundle = path.join(dir, 'entry.cjs');
if (!existsSync(bundle)) {
  const esbuild = await import('esbuild');
  const outdir = `${dir}.${process.pid}.tmp`;
  const common = {
    bundle: true, splitting: true, format: 'esm', platform: 'node', target: 'node20', write: true, logLevel: 'silent', jsx: 'automatic',
    // The unified/Markdown packages are bundled in: Node's module loaders spend ~2 ms per module
    // resolving and linking, and they are a few hundred small modules.
    external: EXTERNAL_PACKAGES.flatMap((p) => [p, `${p}/*`]),
    // Without comments and indentation the source is a third smaller (and ASCII: read faster).
    minifyWhitespace: true,
    plugins: [keepModuleLocation],
  };
  // The entry and its chunks are made as ES modules and then turned into CommonJS, one file each
  // (imports become require() of the other files, exports getters, so bindings stay live): V8
  // makes the code cache of a classic script with every function compiled by then, and that of an
  // ES module before it runs, with its top level only (scripts/run-cached.mjs). Their import() of
  // a chunk becomes a require(); of a package, it goes through build/import-module.ts.
  await esbuild.build({ ...common, entryPoints: { entry }, outdir, outExtension: { '.js': '.cjs' } });
  for (const name of readdirSync(outdir).filter((n) => n.endsWith('.cjs'))) {
    const file = path.join(outdir, name);
    const made = await esbuild.transform(readFileSync(file, 'utf8'), { format: 'cjs', platform: 'node', target: 'node20', minifyWhitespace: true, supported: { 'dynamic-import': false } });
    // A warning here is a module that would not run the same (import.meta in a package): the launch stops rather than build differently.
    if (made.warnings.length) throw new Error(`scripts/launch.mjs: ${name} cannot be made CommonJS: ${made.warnings.map((w) => w.text).join('; ')}`);
    writeFileSync(file, made.code);
  }
  // The engine's worker threads (build/worker-bundle.ts finds them): bundled with their packages
  // they start from one file, and the build need not run esbuild to make them. ES modules: a
  // Worker starts from a file, and their chunks are shared.
  await esbuild.build({
    ...common, entryPoints: workerEntries(), outdir: path.join(outdir, 'workers'), outExtension: { '.js': '.mjs' },
    // Bundled CommonJS packages call require() for Node's built-ins.
    banner: { js: "import { createRequire as __sgCreateRequire } from 'node:module'; const require = __sgCreateRequire(import.meta.url);" },
  });
  // Written aside and renamed into place: a launch killed midway leaves no half bundle, and two
  // launches at once each finish with a whole one.
  try {
    renameSync(`${dir}.${process.pid}.tmp`, dir);
  } catch {
    rmSync(`${dir}.${process.pid}.tmp`, { recursive: true, force: true }); // the other launch won
  }
}
// Bundles of older sources: the newest few stay (a branch switched back and forth), and any used
// within the last day (a dev server left running loads its chunks from it); build/cache/prune.ts does the same
// for the engine's other content-named caches. The one in use is marked as used now.
const KEEP = 3;
const RECENT_MS = 24 * 60 * 60 * 1000;
try {
  const now = Date.now();
  utimesSync(dir, new Date(now), new Date(now));
  const launchDir = path.dirname(dir);
  const prefix = `${path.basename(dir).split('.')[0]}.`;
  const others = readdirSync(launchDir).filter((n) => n.startsWith(prefix) && n !== path.basename(dir))
    .map((n) => ({ n, t: statSync(path.join(launchDir, n)).mtimeMs })).sort((a, b) => b.t - a.t);
  for (const { n, t } of others.slice(KEEP - 1)) if (now - t > RECENT_MS) rmSync(path.join(launchDir, n), { recursive: true, force: true });
} catch {
  // A cache that cannot be tidied still works.
}
// `--prepare-only`: make the bundle and stop (the benchmark does so before it times builds).
if (rest[0] === '--prepare-only') process.exit(0);
// Where the engine finds its workers (build/worker-bundle.ts): a global, so that a child process
// started from here (a build of another checkout, a test) does not inherit it.
globalThis[Symbol.for('sgroups.launch.workers')] = path.join(dir, 'workers');
// The engine's import() of a package or a data: URL (build/import-module.ts): on Node 20 a script
// restored from a code cache has no import() of its own. Resolved from here, as from the bundle.
globalThis[Symbol.for('sgroups.launch.import')] = (specifier) => import(specifier);
const report = process.env.SG_LAUNCH_REPORT ? (message) => process.stderr.write(`launch: ${message}\n`) : undefined;
// The engine's require() of the page renderer it bundles (build/import-module.ts): with a code cache, as its own files.
globalThis[Symbol.for('sgroups.launch.require')] = (file) => requireCached(file, report);
// The entry sees the arguments as if it had been started itself.
process.argv = [process.argv[0], entry, ...rest];
runCached(bundle, report);
