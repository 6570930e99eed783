// Partials: `::include{file="./_fragment.md"}` on a line of its own puts the Markdown of another
// file in its place, before anything else reads the tree, so its headings join the page's TOC and
// its text the search index, the page's .md and the PDF. Fragments are files whose name (or a
// folder of whose path) starts with `_`: they are never pages themselves (build/model/content.ts).
//
// - Relative links and images in a fragment are written against the fragment's own folder; they
//   are rewritten relative to the including page here, so the link and image passes resolve them
//   as usual.
// - The nodes of a fragment take the position of the include line, so a warning about them points
//   at a line of the page; the page's context maps that line to the fragment for the message.
// - A missing file, a page used as a fragment and an include cycle are errors naming both files.
// - Code from a file (`<<< ./_snippets/main.tf`, build/markdown/snippets.ts) is expanded in the
//   same walk, in the page and in its fragments, and its file is a dependency like a fragment.
import { existsSync } from 'node:fs';
import { readTextFile } from '../model/source-file.ts';
import path from 'node:path';
import type { Definition, Image, Link, Paragraph, Root, RootContent } from 'mdast';
import type { LeafDirective } from 'mdast-util-directive';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { perMathSetting } from './math.ts';
import type { VFile } from 'vfile';
import { BuildError } from '../errors.ts';
import { contextOf, type CompileContext } from './context.ts';
import { normaliseForeignForms } from './preprocess.ts';
import { walk } from './walk.ts';
import { findModuleLine, MIGRATE_HINT } from './mdx-forms.ts';
import { snippetBlock, snippetFiles, snippetOf } from './snippets.ts';
import { mapLinesOutsideFences } from './fences.ts';

export const INCLUDE = 'include';
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n---\r?\n?/;

/** Is this path (relative to the docs folder or absolute) a fragment rather than a page? */
export function isFragmentPath(file: string): boolean {
  return file.split(/[\\/]/).some((part) => part.startsWith('_'));
}

/** Fragments are read as their pages are: with formulas when the site has them. */
const parser = perMathSetting((mathSyntax) => unified().use(remarkParse).use(remarkGfm).use(mathSyntax).use(remarkDirective).freeze());

/** Markdown parsed as the compile parses pages and fragments (the site's syntax extensions), for readers that look ahead of it. */
export const parseMarkdown = (text: string) => parser().parse(text) as Root;

/** A fragment's text as it is included: its front matter left out, and the lines that took. */
export function fragmentBody(text: string): { body: string; lineOffset: number } {
  const fm = FRONT_MATTER.exec(text)?.[0] ?? '';
  return { body: normaliseForeignForms(text.slice(fm.length)), lineOffset: fm.split('\n').length - 1 };
}

/** The include lines of a Markdown text: `{ file, line }` in the order they appear (fences skipped). */
export function includeLines(markdown: string): { file: string; line: number }[] {
  if (!markdown.includes('::include')) return [];
  const found: { file: string; line: number }[] = [];
  mapLinesOutsideFences(markdown, (text, i) => {
    const m = /^\s*(?:>\s*)*::include\{\s*file\s*=\s*"([^"]*)"\s*\}\s*$/.exec(text);
    if (m) found.push({ file: m[1], line: i + 1 });
  });
  return found;
}

/**
 * Every file a page includes, directly or through other fragments (absolute paths, sorted):
 * what its compiled form depends on besides its own text. Unreadable files are listed too (the
 * compile reports them); cycles stop the walk. `onFragment` gets each fragment's text as it is read.
 */
export function includedFiles(absPath: string, markdown: string, onFragment?: (file: string, text: string) => void): string[] {
  const seen = new Set<string>();
  const visit = (from: string, text: string) => {
    for (const file of snippetFiles(text)) seen.add(path.resolve(path.dirname(from), file));
    for (const { file } of includeLines(text)) {
      const target = path.resolve(path.dirname(from), file);
      if (seen.has(target)) continue;
      seen.add(target);
      let content = '';
      try {
        content = readTextFile(target);
        onFragment?.(target, content);
      } catch { /* reported by the compile */ }
      visit(target, content);
    }
  };
  visit(absPath, markdown);
  return [...seen].sort();
}

/** A relative URL in a fragment, as seen from the including page. */
function rebase(url: string, fragment: string, page: string): string {
  if (!url || url.startsWith('#') || url.startsWith('/') || EXTERNAL.test(url)) return url;
  const target = path.resolve(path.dirname(fragment), url);
  const relative = path.relative(path.dirname(page), target).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

interface Expansion {
  ctx: CompileContext;
  /** Which files may be fragments: anything the route table does not know as a page. */
  isPage: (absPath: string) => boolean;
  /** Absolute paths of every file included so far (the page's dependencies). */
  used: Set<string>;
}

/** text: the Markdown the tree was parsed from (the page's, or a fragment's). */
function expand(tree: { type: string; children: RootContent[] }, text: string, from: string, chain: string[], x: Expansion, includeLine?: number): void {
  const rel = (f: string) => path.relative(path.dirname(x.ctx.absPath), f).split(path.sep).join('/') || path.basename(f);
  const shown = (f: string) => (f === x.ctx.absPath ? x.ctx.file : path.join(path.dirname(x.ctx.file), rel(f)).split(path.sep).join('/'));
  const mayHaveSnippets = text.includes('<<<');
  walk(tree, (node, index, parent) => {
    if (mayHaveSnippets && node.type === 'paragraph') {
      const { start, end } = (node as Paragraph).position ?? {};
      const ref = start?.offset !== undefined && end?.offset !== undefined && text.startsWith('<<<', start.offset) ? snippetOf(text.slice(start.offset, end.offset)) : undefined;
      if (!ref) return;
      parent.children[index] = snippetBlock(node as Paragraph, ref, { from, file: x.ctx.file, line: (includeLine ?? start!.line) + x.ctx.lineOffset }, x.used) as never;
      return index + 1;
    }
    if (node.type !== 'leafDirective' || (node as LeafDirective).name !== INCLUDE) return;
    const directive = node as LeafDirective;
    // The line in the page: the directive's own line for the page's includes, the outer include's line for nested ones.
    const pageLine = includeLine ?? (directive.position?.start.line ?? 0);
    const where = chain.length === 1 ? undefined : shown(from);
    const fail = (message: string, fix: string): never => {
      throw new BuildError(where ? `${message} (in ${where}, included at this line)` : message, x.ctx.file, pageLine + x.ctx.lineOffset, fix);
    };
    const file = directive.attributes?.file;
    if (!file) fail('::include needs a file: ::include{file="./_fragment.md"}', 'give the path of the fragment, relative to this file');
    const target = path.resolve(path.dirname(from), file!);
    if (/\.mdx$/i.test(target)) fail(`::include of ${file}: .mdx files are not read here`, `rename it to ${path.basename(target).replace(/\.mdx$/i, '.md')} and replace any JSX in it (npm run migrate converts the common forms)`);
    // A name without "_" that is no file at all is a mistyped path, said below, not a page.
    if (x.isPage(target) || (!isFragmentPath(target) && existsSync(target))) {
      fail(`::include of ${file}: that file is a page, not a fragment`, `rename it so that its name starts with "_" (${path.basename(target).replace(/^_?/, '_')}), or link to it instead`);
    }
    if (chain.includes(target)) {
      fail(`include cycle: ${[...chain, target].map(shown).join(' → ')}`, 'remove one of these ::include lines');
    }
    let fragmentText: string;
    try {
      fragmentText = readTextFile(target);
    } catch {
      return fail(`::include of ${file}: ${shown(target)} does not exist`, 'correct the path (it is relative to the file with the ::include line)');
    }
    const moduleLine = findModuleLine(fragmentText);
    if (moduleLine) fail(`"${moduleLine.text}" in ${shown(target)} (line ${moduleLine.line}) is an MDX import/export`, `remove it: fragments are plain Markdown (${MIGRATE_HINT})`);
    x.used.add(target);
    // Warnings about text at this line name the outermost fragment included there.
    x.ctx.includedAt ??= new Map();
    if (!x.ctx.includedAt.has(pageLine)) x.ctx.includedAt.set(pageLine, shown(target));
    const fragmentSource = fragmentBody(fragmentText).body;
    const fragment = parser().parse(fragmentSource) as Root;
    expand(fragment, fragmentSource, target, [...chain, target], x, pageLine);
    const position = directive.position;
    walk(fragment, (n) => {
      const inner = n as unknown as { position?: unknown; url?: string; type: string };
      inner.position = position;
      if (n.type === 'link' || n.type === 'image' || n.type === 'definition') {
        const linked = n as unknown as Link | Image | Definition;
        linked.url = rebase(linked.url, target, x.ctx.absPath);
      }
    });
    for (const n of fragment.children) (n as { position?: unknown }).position = position;
    parent.children.splice(index, 1, ...(fragment.children as never[]));
    return index + fragment.children.length;
  });
}

/** The unified plugin: expands every include and snippet of the page (and of its fragments). */
export function remarkIncludes() {
  return (tree: Root, file: VFile) => {
    const ctx = contextOf(file);
    if (!ctx.source.includes('::include') && !ctx.source.includes('<<<')) return;
    const x: Expansion = { ctx, isPage: (f) => ctx.routes.get(f) !== undefined, used: new Set() };
    expand(tree, ctx.source, ctx.absPath, [ctx.absPath], x);
    ctx.includes = [...x.used].sort();
  };
}
