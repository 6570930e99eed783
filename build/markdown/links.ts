// Rewrites what Markdown points at so it works in the built site:
// - relative links to `.md`/`.mdx` files become routes (`../a/b.md#x` → `/a/b#x`); a link to a file
//   that is not a page warns (file:line) and is rendered as plain text, so the build goes on;
// - relative images are copied into the output under a content hash (cache-friendly URLs), and
//   get their own width and height (as Docusaurus 3 gives them), so that the text below them does
//   not jump when they arrive, and `loading="lazy"`.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { Link, Image, Definition } from 'mdast';
import { warn, type CompileContext } from './context.ts';
import { decodedBy, splitLinkTarget } from '../decoded-url.ts';
import type { RouteLookup } from '../output/page-markdown.ts';

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const MARKDOWN_FILE = /\.mdx?$/i;

/**
 * A link to a page's file as that page's route, its query and fragment kept (`../a/b.md?x=1#y` →
 * `/a/b?x=1#y`): what the HTML (rewriteLink) and the page's Markdown for machines
 * (build/output/page-markdown.ts) both link to. undefined for a link that is not to a Markdown
 * file; null for one to a file that is no page. An absolute path to a .md file is ambiguous
 * (authors link to routes or to relative files): no page.
 */
export function routeOfFileLink(url: string, fromFile: string, routes: RouteLookup): string | null | undefined {
  const [target, rest] = splitLinkTarget(url);
  if (!target || EXTERNAL.test(target) || !MARKDOWN_FILE.test(target)) return undefined;
  if (target.startsWith('/')) return null;
  const route = routes.get(path.resolve(path.dirname(fromFile), decodedBy(decodeURIComponent, target)));
  return route === undefined ? null : route + rest;
}

export function rewriteLink(node: Link | Definition, ctx: CompileContext) {
  const route = routeOfFileLink(node.url, ctx.absPath, ctx.routes);
  if (route === undefined) return;
  if (route !== null) {
    node.url = route;
    return;
  }
  warn(ctx, node.position?.start.line, `link to "${node.url}" does not match any page; rendered as text (fix the path or remove the link)`);
  if (node.type === 'link') {
    node.data = { ...(node.data ?? {}), hName: 'span', hProperties: { className: ['broken-link'], title: node.url } };
  }
}

const contentHash = (content: Buffer) => createHash('sha256').update(content).digest('hex').slice(0, 10);

const readIfThere = (abs: string): Buffer | undefined => {
  try {
    return readFileSync(abs);
  } catch {
    return undefined;
  }
};

/** An image file as a page shows it: its content hash ('' when there is no such file), and its size when its format tells it. */
function readImage(abs: string): { hash: string; width?: number; height?: number } {
  const content = readIfThere(abs);
  if (!content) return { hash: '' };
  const hash = contentHash(content);
  try {
    const size = imageSize(content);
    // EXIF orientations 5–8 turn a photo by a quarter: browsers show it turned.
    const turned = (size.orientation ?? 1) >= 5;
    return { hash, width: turned ? size.height : size.width, height: turned ? size.width : size.height };
  } catch {
    return { hash }; // a format image-size does not know: shown without a size, as before
  }
}

/**
 * The content hash an image's URL carries, or '' when there is no such file: what the cache
 * checks a compiled page's images by (its size follows from the same bytes, so is not read here).
 */
export function imageHashOf(abs: string): string {
  const content = readIfThere(abs);
  return content ? contentHash(content) : '';
}

export function rewriteImage(node: Image, ctx: CompileContext) {
  const url = node.url;
  if (!url || EXTERNAL.test(url) || url.startsWith('/')) return;
  const [target] = splitLinkTarget(url);
  const abs = path.resolve(path.dirname(ctx.absPath), decodedBy(decodeURIComponent, target));
  const { hash, width, height } = readImage(abs);
  ctx.deps.images.set(abs, hash); // an edited image changes its URL and maybe its size: the page compiles again
  if (!hash) {
    warn(ctx, node.position?.start.line, `image "${url}" not found next to the page`);
    return;
  }
  const ext = path.extname(abs);
  const publicUrl = `/assets/img/${path.basename(abs, ext)}.${hash}${ext}`;
  ctx.assets.push({ source: abs, url: publicUrl });
  node.url = publicUrl;
  const size = width && height ? { width, height } : {};
  node.data = { ...(node.data ?? {}), hProperties: { ...size, loading: 'lazy', decoding: 'async' } };
}
