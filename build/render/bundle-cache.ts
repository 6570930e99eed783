// The bundles of the last builds, kept in the cache folder: when the theme (src/), the React
// pages, the site config and the lock file are those of a kept build, its browser files are
// linked into the new output and its page renderer imported again, instead of running esbuild
// (about a second of CPU on two cores, beside the Markdown compile). The bytes are the same:
// esbuild's output depends only on these inputs and on where the output folder lies.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleClient, bundleServer, loadRenderer, type BundleInput, type ClientBundle, type ServerRenderer } from './bundle.ts';
import { filesUnder } from '../file-tree.ts';

/** Kept bundles: a branch switched back and forth keeps both of its themes. */
const KEEP = 3;
const MANIFEST = 'manifest.json';
const SERVER = 'render.cjs';
const here = path.dirname(fileURLToPath(import.meta.url));

type Manifest = ClientBundle;

/** Every input esbuild reads or is told, as one hash. */
function bundleKey(input: BundleInput): string {
  const h = createHash('sha256');
  const srcDir = path.join(input.projectRoot, 'src');
  for (const rel of filesUnder(srcDir)) h.update(`src/${rel}\0`).update(readFileSync(path.join(srcDir, rel))).update('\0');
  // React pages may live outside src/ (a site's own pages folder).
  for (const [route, file] of input.reactPages) h.update(`${route}\0${file}\0`).update(readFileSync(file)).update('\0');
  h.update(JSON.stringify(input.config));
  h.update(readFileSync(path.join(input.projectRoot, 'package-lock.json')));
  for (const f of ['bundle.ts', 'bundle-cache.ts', 'minify.ts', 'minify-child.ts', 'icon-sprite.ts']) h.update(readFileSync(path.join(here, f)));
  // Source maps name the sources relative to the output folder (this build's staging folder).
  h.update(path.relative(input.projectRoot, input.outDir).replace(/-staging-\d+$/, ''));
  return h.digest('hex').slice(0, 24);
}

/**
 * The browser bundle written into input.outDir and the page renderer, from the cache when a kept
 * build had the same inputs. `fromCache` says which.
 */
export async function cachedBundles(input: BundleInput, cacheDir: string | null): Promise<{ client: ClientBundle; server: ServerRenderer; fromCache: boolean }> {
  const root = cacheDir && path.join(cacheDir, 'bundles');
  const key = root ? bundleKey(input) : '';
  const dir = root ? path.join(root, key) : '';
  if (root && existsSync(path.join(dir, MANIFEST))) {
    try {
      return { ...(await restore(dir, input)), fromCache: true };
    } catch {
      // A damaged entry is made again. What was linked of it goes first: esbuild rewrites files in
      // place, and through a link that would write into the cache's copy.
      unlinkRestored(dir, input.outDir);
    }
  }
  const [client, server] = await Promise.all([bundleClient(input), bundleServer(input)]);
  if (root) keep(root, key, client, server, input.outDir);
  return { client, server, fromCache: false };
}

async function restore(dir: string, input: BundleInput): Promise<{ client: ClientBundle; server: ServerRenderer }> {
  const manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  const server = await loadRenderer(readFileSync(path.join(dir, SERVER), 'utf8'), input.projectRoot);
  for (const rel of manifest.files) {
    if (input.keepInPlace?.(rel, path.join(dir, 'out', rel))) continue;
    const to = path.join(input.outDir, rel);
    mkdirSync(path.dirname(to), { recursive: true });
    rmSync(to, { force: true });
    try {
      linkSync(path.join(dir, 'out', rel), to);
    } catch {
      copyFileSync(path.join(dir, 'out', rel), to); // another file system
    }
  }
  return { client: { assets: manifest.assets, files: manifest.files, initialJsGzip: manifest.initialJsGzip }, server };
}

function unlinkRestored(dir: string, outDir: string) {
  try {
    const { files } = JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8')) as Manifest;
    for (const rel of files) rmSync(path.join(outDir, rel), { force: true });
  } catch {
    /* no readable manifest: nothing was linked */
  }
}

/** Copies this build's bundles into the cache (written aside, renamed into place) and drops the oldest. */
function keep(root: string, key: string, client: ClientBundle, server: ServerRenderer, outDir: string) {
  const dir = path.join(root, key);
  const tmp = `${dir}.${process.pid}.tmp`;
  try {
    rmSync(tmp, { recursive: true, force: true });
    for (const rel of client.files) {
      const to = path.join(tmp, 'out', rel);
      mkdirSync(path.dirname(to), { recursive: true });
      copyFileSync(path.join(outDir, rel), to);
    }
    copyFileSync(server.file, path.join(tmp, SERVER));
    writeFileSync(path.join(tmp, MANIFEST), JSON.stringify({ assets: client.assets, files: client.files, initialJsGzip: client.initialJsGzip } satisfies Manifest));
    rmSync(dir, { recursive: true, force: true });
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // a cache that cannot be written is only a miss next time
    return;
  }
  const entries = readdirSync(root).filter((e) => !e.endsWith('.tmp')).map((e) => ({ e, t: statSync(path.join(root, e)).mtimeMs }));
  for (const { e } of entries.sort((a, b) => b.t - a.t).slice(KEEP)) rmSync(path.join(root, e), { recursive: true, force: true });
}
