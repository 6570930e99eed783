// Rewrites what Markdown points at so it works in the built site:
// - relative links to `.md`/`.mdx` files become routes (`../a/b.md#x` → `/a/b#x`); a link to a file
//   that is not a page warns (file:line) and is rendered as plain text, so the build goes on;
// - relative links to other files next to the pages (`./manual.pdf`, `./_files/config.yaml`) are
//   published under `/assets/files/` with a content hash in the name, as Docusaurus does, so that
//   a download link works and a changed file gets a new URL;
// - relative images are copied into the output under `/assets/img/` and a content hash, and get
//   their own width and height (as Docusaurus 3 gives them), so that the text below them does not
//   jump when they arrive, and `loading="lazy"`.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { Element } from 'hast';
import type { Definition, Image, ImageReference, Link, LinkReference, Root as MdRoot } from 'mdast';
import { walk } from './walk.ts';
import { sanitizeSchema } from './sanitize.ts';
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
  const [target] = splitLinkTarget(url);
  if (!target || EXTERNAL.test(target) || !MARKDOWN_FILE.test(target)) return undefined;
  const file = localTarget(url, fromFile);
  const route = file && routes.get(file.abs);
  return route === undefined ? null : route + file!.rest;
}

/**
 * Where a link the author wrote goes in the site: a page's route, a published file, or the URL
 * as written (another site, a path of the site, or nothing the build knows: the link check
 * reads it). null for a `.md` link to a file that is no page, which warns at `line`.
 */
function siteLink(url: string, ctx: CompileContext, line: number | undefined): string | null {
  if (PATHNAME.test(url)) return url.replace(PATHNAME, '');
  const route = routeOfFileLink(url, ctx.absPath, ctx.routes);
  if (route === undefined) return publishedFile(url, ctx, 'files')?.url ?? url;
  if (route === null) warn(ctx, line, `link to "${url}" ${isLinkedFileThere(url, ctx) ? 'names a file that is no page of this build (a draft, a fragment whose name starts with "_")' : 'does not match any page'}; rendered as text (fix the path or remove the link)`);
  return route;
}

/**
 * Whether a `.md` link that is no page's names a file that is there (a draft, a fragment), to say
 * so; the file is a dependency of the page, so that the warning follows it.
 */
function isLinkedFileThere(url: string, ctx: CompileContext): boolean {
  const target = localTarget(url, ctx.absPath);
  if (!target) return false;
  if (!ctx.deps.files.has(target.abs)) ctx.deps.files.set(target.abs, fileHashOf(target.abs));
  return ctx.deps.files.get(target.abs) !== '';
}

/**
 * Docusaurus's way to link a file of the site past its router, `pathname:///files/a.pdf`: here it
 * is the path itself (the client router leaves paths with an extension to the browser).
 */
export const PATHNAME = /^pathname:\/\//i;

/** A URL's protocol that the sanitiser does not let through where it stands (build/markdown/sanitize.ts), said at the line: the link or image would lose its address without a word. */
function warnIfRemoved(url: string, attribute: 'href' | 'src', ctx: CompileContext, line: number | undefined): void {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1].toLowerCase();
  const allowed = (sanitizeSchema.protocols as Record<string, string[]>)[attribute];
  if (!scheme || allowed.includes(scheme)) return;
  warn(ctx, line, `${attribute === 'href' ? 'link' : 'image'} "${url.slice(0, 40)}${url.length > 40 ? '…' : ''}" loses its address: a ${scheme}: URL is removed by the sanitiser (${attribute === 'href' ? 'links' : 'images'} may use ${allowed.join(', ')})`);
}

export function rewriteLink(node: Link | Definition, ctx: CompileContext) {
  if (node.type === 'link' && !PATHNAME.test(node.url)) warnIfRemoved(node.url, 'href', ctx, node.position?.start.line);
  const url = siteLink(node.url, ctx, node.position?.start.line);
  if (url !== null) node.url = url;
  else if (node.type === 'link') node.data = { ...(node.data ?? {}), hName: 'span', hProperties: { className: ['broken-link'], title: node.url } };
}

const contentHash = (content: Buffer) => createHash('sha256').update(content).digest('hex').slice(0, 10);

const readIfThere = (abs: string): Buffer | undefined => {
  try {
    return readFileSync(abs);
  } catch {
    return undefined;
  }
};

/** A file next to the pages as the site publishes it: its content hash ('' when there is no such file), and an image's size when its format tells it. */
export interface LocalFile {
  hash: string;
  width?: number;
  height?: number;
}

function readLocalFile(abs: string, kind: PublishedKind): LocalFile {
  const content = readIfThere(abs);
  if (!content) return { hash: '' };
  const hash = contentHash(content);
  if (kind === 'files') return { hash };
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
 * The content hash a published file's URL carries, or '' when there is no such file: what the
 * cache checks a compiled page's images and linked files by (an image's size follows from the
 * same bytes, so is not read here).
 */
export function fileHashOf(abs: string): string {
  const content = readIfThere(abs);
  return content ? contentHash(content) : '';
}

/** Images a page shows, files it links to for download. */
export type PublishedKind = 'img' | 'files';

/**
 * The file a relative link or image points at (`./diagram.svg`, `../files/a.pdf#page=2`): its
 * absolute path and the query and fragment written after it. undefined for what is not one:
 * another site, a path of the site, an anchor of the page, an empty link.
 */
export function localTarget(url: string, fromFile: string): { abs: string; rest: string } | undefined {
  if (!url || EXTERNAL.test(url) || /^[/#?]/.test(url)) return undefined;
  const [target, rest] = splitLinkTarget(url);
  if (!target) return undefined;
  return { abs: path.resolve(path.dirname(fromFile), decodedBy(decodeURIComponent, target)), rest };
}

/** Where a file is published: its own name (a download is saved under it) with its content hash. */
export function publishedPath(abs: string, hash: string, kind: PublishedKind): string {
  const ext = path.extname(abs);
  return `/assets/${kind}/${path.basename(abs, ext)}.${hash}${ext}`;
}

/**
 * A relative link's or image's file as published, recorded as what the page shows (copied into
 * the output, and a dependency of the compiled page: an edited file changes its URL, a file that
 * appears makes the link one) and read once per page. undefined when the URL is no local file's
 * or there is no such file (the link is left as written: the link check names it).
 */
export function publishedFile(url: string, ctx: CompileContext, kind: PublishedKind): (LocalFile & { url: string }) | undefined {
  const target = localTarget(url, ctx.absPath);
  if (!target) return undefined;
  const key = `${kind}:${target.abs}`;
  let file = ctx.localFiles.get(key);
  if (!file) {
    file = readLocalFile(target.abs, kind);
    ctx.localFiles.set(key, file);
    ctx.deps.files.set(target.abs, file.hash);
    if (file.hash) ctx.assets.push({ source: target.abs, url: publishedPath(target.abs, file.hash, kind) });
  }
  if (!file.hash) return undefined;
  return { ...file, url: publishedPath(target.abs, file.hash, kind) + target.rest };
}

/**
 * An image the author wrote as the site shows it: published with its size, or undefined (left as
 * written). One next to the page that is missing warns at `line`, once per file in the raw HTML
 * pass (`rawHtml`): the Markdown's images it sees again have warned already.
 */
function siteImage(url: string, ctx: CompileContext, line: number | undefined, rawHtml = false): { url: string; size: { width?: number; height?: number } } | undefined {
  const image = publishedFile(url, ctx, 'img');
  if (image) return { url: image.url, size: image.width && image.height ? { width: image.width, height: image.height } : {} };
  const target = localTarget(url, ctx.absPath);
  if (target && !(rawHtml && ctx.missingImages?.has(target.abs))) warn(ctx, line, `image "${url}" not found next to the page`);
  if (target) (ctx.missingImages ??= new Set()).add(target.abs);
  return undefined;
}

export function rewriteImage(node: Image, ctx: CompileContext) {
  warnIfRemoved(node.url, 'src', ctx, node.position?.start.line);
  const image = siteImage(node.url, ctx, node.position?.start.line);
  if (!image) return;
  node.url = image.url;
  node.data = { ...(node.data ?? {}), hProperties: { ...image.size, loading: 'lazy', decoding: 'async' } };
}

/**
 * A link or an image written as raw HTML (`<a href="./setup.md">`, `<img src="./scheme.svg">`),
 * rewritten as the Markdown ones are: else the first reached the page's Markdown source (which
 * the site publishes too, so no check noticed) and the second a file that is not published.
 * What the Markdown made is met again here and stays as it is (its URLs are the site's now). A
 * size the author gave is kept whole (half of one would stretch the image). Called for each
 * element of a page with raw HTML (build/markdown/compile.ts, in its walk over such pages).
 */
export function rewriteRawHtmlUrl(node: Element, ctx: CompileContext): void {
  const { properties } = node;
  const line = node.position?.start.line;
  if (node.tagName === 'a' && typeof properties.href === 'string') {
    const url = siteLink(properties.href, ctx, line);
    if (url !== null) properties.href = url;
    else Object.assign(node, { tagName: 'span', properties: { className: ['broken-link'], title: properties.href } });
  } else if (node.tagName === 'img' && typeof properties.src === 'string') {
    const image = siteImage(properties.src, ctx, line, true);
    if (!image) return;
    const sized = properties.width !== undefined || properties.height !== undefined;
    node.properties = { ...(sized ? {} : image.size), loading: 'lazy', decoding: 'async', ...properties, src: image.url };
  }
}

/**
 * Whether a page may hold image references (`![alt][label]`), told from its text without a walk:
 * it has both an image and a definition, or includes fragments, which may hold both.
 */
export function mayHoldImageReferences(source: string): boolean {
  return (source.includes('![') && source.includes(']:')) || source.includes('::include');
}

/**
 * `![Схема][diagram]` with `[diagram]: ./diagram.svg` written elsewhere on the page, as the image
 * it stands for, so that it is published and sized like `![Схема](./diagram.svg)`. A definition
 * no link reference uses is taken off the tree (it prints as nothing): else the walk would
 * publish its file a second time, as a download. Only on a page that mayHoldImageReferences.
 */
export function imageReferencesAsImages(tree: MdRoot): void {
  const definitions = new Map<string, Definition>();
  const linked = new Set<string>();
  let images = false;
  walk(tree, (node) => {
    if (node.type === 'definition') {
      const d = node as unknown as Definition;
      // As CommonMark says, the first definition of a label is the one that counts.
      if (!definitions.has(d.identifier)) definitions.set(d.identifier, d);
    } else if (node.type === 'linkReference') linked.add((node as unknown as LinkReference).identifier);
    else if (node.type === 'imageReference') images = true;
  });
  if (!images) return;
  walk(tree, (node, index, parent) => {
    if (node.type === 'definition' && !linked.has((node as unknown as Definition).identifier)) {
      parent.children.splice(index, 1);
      return index;
    }
    if (node.type !== 'imageReference') return;
    const reference = node as unknown as ImageReference;
    const definition = definitions.get(reference.identifier);
    if (!definition) return;
    const image: Image = { type: 'image', url: definition.url, title: definition.title, alt: reference.alt, position: reference.position };
    parent.children[index] = image as never;
  });
}
