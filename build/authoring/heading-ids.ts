// `npm run write-heading-ids` (Docusaurus's `write-heading-ids`): writes the id each heading has
// today into its Markdown as `{#id}`, so that rewording the heading later leaves every link to it
// working — links from other sites and bookmarks, which no link check of ours can see. The ids are
// the build's own: each page is compiled as the build compiles it (build/markdown/compile.ts), so
// repeats (`-1`), ids given by hand and raw HTML ids count as they do on the site.
//
// Left as they are: the page's title (`# h1` first: the layout prints it, it has no anchor),
// headings written as raw HTML (`<h2>`: they have no `{#id}` form), and the headings a fragment
// brings into a page (`::include`): their id depends on the page, so the fragment is the place to
// give them one by hand.
import { readFileSync } from 'node:fs';
import { headingIdsOf } from '../markdown/compile.ts';
import type { PlacedHeading } from '../markdown/headings.ts';
import type { SourcePage } from '../model/content.ts';
import { splitFrontMatter } from '../model/frontmatter.ts';

/** One heading given its id. */
export interface WrittenId {
  /** The line in its file (1-based). */
  line: number;
  /** The heading's line as it was, without surrounding blanks. */
  heading: string;
  id: string;
  /** The id it had by hand (--overwrite), when that differs. */
  had?: string;
}

export interface PageIds {
  file: string;
  absPath: string;
  /** The page's Markdown with the ids written; equal to the file's text when nothing changed. */
  text: string;
  written: WrittenId[];
  /** The lines of includes whose fragments bring headings without an id of their own. */
  fragmentLines: number[];
}

/** An ATX heading's line: `## Title`, maybe in a quote or a list item. */
const ATX = /^(?:[ \t]*(?:>|[-*+]|\d{1,9}[.)]))*[ \t]*#{1,6}(?:[ \t]|\r?$)/;
/** A setext heading's underline: `===` or `---`, maybe in a quote. */
const SETEXT_UNDERLINE = /^(?:[ \t]*>)*[ \t]{0,3}(?:=+|-+)[ \t]*\r?$/;
const CUSTOM_ID = /[ \t]*\{#([^\s{}]+)\}(?=[ \t]*(?:[ \t]#+)?[ \t]*\r?$)/;

/**
 * The index in `lines` of the line that holds the heading's text (where `{#id}` goes), or
 * undefined when the heading is not written in this file as Markdown: a fragment's heading has
 * the position of its `::include` line, a raw `<h2>` its own tag.
 */
function textLineOf(h: PlacedHeading, lines: string[], offset: number): number | undefined {
  if (h.start === undefined) return undefined;
  const first = offset + h.start - 1;
  const last = offset + (h.end ?? h.start) - 1;
  if (first === last) return ATX.test(lines[first] ?? '') ? first : undefined;
  return SETEXT_UNDERLINE.test(lines[last] ?? '') && !ATX.test(lines[first] ?? '') ? last - 1 : undefined;
}

/** `## Title` → `## Title {#id}`, before an ATX closing sequence (`## Title ##`) and a CR. */
function withId(line: string, id: string, atx: boolean): string {
  const cr = line.endsWith('\r') ? '\r' : '';
  const text = line.slice(0, line.length - cr.length).replace(/[ \t]+$/, '');
  const closing = atx ? /[ \t]+#+$/.exec(text) : null;
  return `${closing ? text.slice(0, closing.index) : text} {#${id}}${closing ? closing[0] : ''}${cr}`;
}

function compiled(text: string, page: Pick<SourcePage, 'file' | 'absPath'>, routeOfFile: Map<string, string>) {
  const { body, bodyLineOffset } = splitFrontMatter(text, page.file);
  return { offset: bodyLineOffset, placed: headingIdsOf({ file: page.file, absPath: page.absPath, body, lineOffset: bodyLineOffset }, routeOfFile) };
}

/**
 * The page's Markdown with an id written after every heading that has none. With `overwrite`,
 * ids given by hand are taken off first and every heading gets the id its text gives it now.
 */
export function writeHeadingIds(page: Pick<SourcePage, 'file' | 'absPath'>, routeOfFile: Map<string, string>, overwrite = false): PageIds {
  const original = readFileSync(page.absPath, 'utf8');
  const originalLines = original.split('\n');
  const lines = [...originalLines];
  let { offset, placed } = compiled(original, page, routeOfFile);
  if (overwrite && placed.some((h) => h.custom)) {
    for (const h of placed) {
      const at = h.custom ? textLineOf(h, lines, offset) : undefined;
      if (at !== undefined) lines[at] = lines[at].replace(CUSTOM_ID, '');
    }
    ({ offset, placed } = compiled(lines.join('\n'), page, routeOfFile));
  }
  const written: WrittenId[] = [];
  const fragmentLines = new Set<number>();
  for (const h of placed) {
    if (h.custom || h.id === '') continue;
    const at = textLineOf(h, lines, offset);
    if (at === undefined) {
      if (h.start !== undefined && /::include\{/.test(lines[offset + h.start - 1] ?? '')) fragmentLines.add(offset + h.start);
      continue;
    }
    lines[at] = withId(lines[at], h.id, ATX.test(lines[at]));
    // --overwrite takes every id off and writes it again: one that comes back the same is no change.
    if (lines[at] === originalLines[at]) continue;
    const had = CUSTOM_ID.exec(originalLines[at])?.[1];
    written.push({ line: at + 1, heading: originalLines[at].trim(), id: h.id, ...(had ? { had } : {}) });
  }
  return { file: page.file, absPath: page.absPath, text: lines.join('\n'), written, fragmentLines: [...fragmentLines] };
}
