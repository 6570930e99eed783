// Docusaurus front matter → ours. Most keys are the same (this generator follows Docusaurus's
// names); the rest either mean nothing here (dropped, and reported) or change meaning:
//  - `id` renames the doc in Docusaurus, which changes its URL; here ids are file paths, so the
//    URL is kept with a relative `slug` instead;
//  - `slug: /` made the page the docs home; here `/` is the site's home page, so it is dropped;
//  - `pagination_next`/`pagination_prev` name Docusaurus doc ids, translated to ours.
// The result is checked with the build's own front-matter reader, so it always passes the build.
import { isMap, isScalar, parseDocument, type Document } from 'yaml';
import { BuildError, BuildErrors } from '../errors.ts';
import { splitFrontMatter } from '../model/frontmatter.ts';
import type { ReportItem } from './report.ts';

const KEPT = new Set([
  'title', 'description', 'sidebar_label', 'sidebar_position', 'slug', 'unlisted', 'hide_table_of_contents',
  'toc_min_heading_level', 'toc_max_heading_level', 'keywords', 'custom_edit_url', 'last_update', 'draft',
  'pagination_next', 'pagination_prev', 'pagination_label', 'hide_title', 'image', 'tags', 'displayed_sidebar',
  'parse_number_prefixes',
]);

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

export interface FrontMatterInput {
  /** The file name without extension and number prefix: what Docusaurus's default id would be. */
  stem: string;
  /** The file keeps its number prefix in its id (build/migrate/plan.ts): written as `parse_number_prefixes: false`. */
  keepOwnPrefix?: boolean;
  /** A Docusaurus doc id → our doc id (for pagination_next/prev); undefined when there is no such doc. */
  docIdOf(docusaurusId: string): string | undefined;
}

export interface ConvertedFrontMatter {
  /** The new `---` block with its trailing newline, or '' when no key is left. */
  block: string;
  body: string;
  /** Lines the source's front matter took, to turn body lines into file lines. */
  sourceLines: number;
  items: ReportItem[];
}

/** Splits the source's front matter off and converts it. */
export function convertFrontMatter(source: string, input: FrontMatterInput): ConvertedFrontMatter {
  const match = FENCE.exec(source);
  if (!match) {
    return { block: input.keepOwnPrefix ? '---\nparse_number_prefixes: false\n---\n' : '', body: source, sourceLines: 0, items: [] };
  }
  const sourceLines = match[0].split('\n').length - (match[0].endsWith('\n') ? 1 : 0);
  const body = source.slice(match[0].length);
  const doc = parseDocument(match[1]);
  const items: ReportItem[] = [];
  if (doc.errors.length > 0 || !isMap(doc.contents)) {
    // Docusaurus would not build this page either; it is kept as written for the author to fix.
    items.push({ kind: 'not-converted', sourceLine: 1, what: 'front matter that is not a YAML mapping', todo: 'fix the YAML (the build reports the line)' });
    return { block: match[0], body, sourceLines, items };
  }
  const lineOf = (key: string) => keyLine(doc, match[1], key);
  const drop = (key: string, why: string, kind: ReportItem['kind'] = 'dropped') => {
    items.push({ kind, sourceLine: lineOf(key), what: `front matter key "${key}"`, todo: why });
    doc.delete(key);
  };
  const value = (key: string) => doc.get(key) as unknown;

  for (const pair of [...doc.contents.items]) {
    const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
    if (key === 'id') continue; // below, once the slug is known
    if (!KEPT.has(key)) drop(key, 'it has no effect in this generator');
  }
  const id = value('id');
  if (id !== undefined) {
    const idText = String(id);
    if (idText !== input.stem && value('slug') === undefined && !/^(index|readme)$/i.test(input.stem)) {
      doc.set('slug', idText);
      drop('id', `doc ids are file paths here; "slug: ${idText}" keeps the page's URL`);
    } else drop('id', 'doc ids are file paths here');
  }
  if (value('slug') === '/') drop('slug', 'it made this page the docs home; "/" is the home page here (src/pages/index.tsx), so the page keeps its own URL');
  for (const key of ['pagination_next', 'pagination_prev']) {
    const target = value(key);
    if (typeof target !== 'string') continue;
    const ours = input.docIdOf(target);
    if (ours === undefined) drop(key, `no doc has the id "${target}"`);
    else doc.set(key, ours);
  }
  const position = value('sidebar_position');
  if (typeof position === 'string' && /^-?\d+(\.\d+)?$/.test(position.trim())) doc.set('sidebar_position', Number(position));
  if (input.keepOwnPrefix) doc.set('parse_number_prefixes', false);
  const keywords = value('keywords');
  if (typeof keywords === 'string') doc.set('keywords', keywords.split(',').map((k) => k.trim()).filter(Boolean));

  // Whatever the build would still reject (a wrong type, an empty title) goes, one key at a time.
  for (let tries = 0; tries < 20; tries++) {
    if (doc.contents.items.length === 0) return { block: '', body, sourceLines, items };
    const block = `---\n${doc.toString({ flowCollectionPadding: false })}---\n`;
    try {
      splitFrontMatter(block, 'page.md');
      return { block, body, sourceLines, items };
    } catch (thrown) {
      // Several wrong keys come together: they are dropped one at a time all the same.
      const e = thrown instanceof BuildErrors ? thrown.errors[0] : thrown;
      const key = e instanceof BuildError ? /front matter key "([^"]+)"|^(toc_min_heading_level)/.exec(e.message) : null;
      const name = key?.[1] ?? key?.[2];
      if (!name || !doc.has(name)) throw e;
      drop(name, `its value is not valid here (${(e as BuildError).message.replace(/^front matter key "[^"]+": /, '')}); set it again by hand`, 'not-converted');
    }
  }
  throw new Error('front matter conversion did not settle');
}

/** The file line of a front-matter key (line 1 is the opening `---`). */
function keyLine(doc: Document, yamlText: string, key: string): number | undefined {
  if (!isMap(doc.contents)) return undefined;
  for (const pair of doc.contents.items) {
    if (isScalar(pair.key) && String(pair.key.value) === key && pair.key.range) {
      return yamlText.slice(0, pair.key.range[0]).split('\n').length + 1;
    }
  }
  return undefined;
}
