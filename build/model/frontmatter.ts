// Splits YAML front matter off a Markdown source and checks the keys we understand.
// Keys follow Docusaurus so pages move between the two without edits.
import { parseDocument, isMap, isScalar, type Document } from 'yaml';
import * as z from '../../src/config/zod.ts';
import { readFileSync } from 'node:fs';
import { readPlainFrontMatter } from './plain-front-matter.ts';
import { readVitePressKeys } from './vitepress-front-matter.ts';
import { fileURLToPath } from 'node:url';
import { BuildError, BuildErrors, type Warning } from '../errors.ts';
import { hashKey } from '../cache/kv-cache.ts';
import { typoOf } from '../nearest.ts';
import { withoutBom } from './source-file.ts';

const text = z.string().check(z.minLength(1));
const headingLevel = z.optional(z.int().check(z.minimum(2), z.maximum(6)));

const frontMatterSchema = z.looseObject({
  title: z.optional(text),
  description: z.optional(text),
  sidebar_label: z.optional(text),
  sidebar_position: z.optional(z.number()),
  /** `/route` from the site root, or relative to the file's folder (build/model/content.ts). */
  slug: z.optional(z.string().check(z.minLength(1), z.refine((s) => !/[\s?#]/.test(s), 'a slug has no spaces, "?" or "#"'))),
  unlisted: z.optional(z.boolean()),
  hide_table_of_contents: z.optional(z.boolean()),
  toc_min_heading_level: headingLevel,
  toc_max_heading_level: headingLevel,
  keywords: z.optional(z.array(z.string())),
  /** Docusaurus: the page's own "edit" URL; null hides the link. */
  custom_edit_url: z.optional(z.nullable(z.url('custom_edit_url is a full URL (https://…), or null to hide the edit link'))),
  /** Docusaurus: overrides the date from git, e.g. `last_update: { date: 2025-01-31 }`. */
  last_update: z.optional(z.strictObject({
    date: z.optional(z.union([z.string(), z.date()]).check(z.refine((d) => !Number.isNaN(new Date(d).getTime()), 'date is not a date (write YYYY-MM-DD)'))),
    author: z.optional(z.string()),
  })),
  /**
   * Docusaurus: the doc's tags, names (a key of docs/tags.yml, or a tag of its own) or `{ label,
   * permalink }` (build/model/tags.ts).
   */
  tags: z.optional(z.array(z.union([text, z.strictObject({
    label: text,
    permalink: z.optional(z.string().check(z.regex(/^\/[^\s?#]*$/, 'a tag\'s permalink starts with "/" and has no spaces, "?" or "#"'))),
  })]))),
  /** Docusaurus: the sidebar shown beside this doc (a key of the config's sidebars), or null for none. */
  displayed_sidebar: z.optional(z.nullable(text)),
  /** Shown by the dev server with a "Черновик" badge, left out of a production build entirely. */
  draft: z.optional(z.boolean()),
  /** Docusaurus: false keeps the number prefix of this file's name (`2024-plan.md`) in its id and URL (build/model/number-prefix.ts). */
  parse_number_prefixes: z.optional(z.boolean()),
  /** Docusaurus: the doc id of the next/previous page in the pager; null hides that side. */
  pagination_next: z.optional(z.nullable(text)),
  pagination_prev: z.optional(z.nullable(text)),
  /** Docusaurus: this doc's label in the pager of the docs next to it (instead of its sidebar label). */
  pagination_label: z.optional(text),
  /** Docusaurus: no title printed above the doc (kept for screen readers); a `# h1` in the Markdown still shows. */
  hide_title: z.optional(z.boolean()),
  /** Docusaurus: the picture a link to the page shows when shared (og:image): a file under static/ (`/img/card.png`) or a full URL. */
  image: z.optional(z.string().check(z.refine((s) => /^(\/[^/]|https?:\/\/)/.test(s), 'image is a path under static/ starting with "/" (/img/card.png) or a full https:// URL'))),
});

/** Docusaurus keys that mean something there and nothing here: said once, never silently dropped. */
const DOCUSAURUS_ONLY = ['id', 'sidebar_class_name', 'sidebar_custom_props',
  'sidebar_key', 'title_meta', 'toc_max_heading_level_desktop'];

export type FrontMatter = z.infer<typeof frontMatterSchema>;

const KNOWN_KEYS = Object.keys(frontMatterSchema.shape);

export interface SplitSource {
  frontMatter: FrontMatter;
  /** Keys that have no effect here (a typo, or a Docusaurus key we do not implement). */
  warnings: Warning[];
  body: string;
  /** Lines taken by the front matter block, so body line N is file line N + bodyLineOffset. */
  bodyLineOffset: number;
}

export const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** A page's front matter as read, kept between builds (the build's cache) by file and YAML text. */
export interface FrontMatterMemo {
  get(key: string): ReadFrontMatter | undefined;
  set(key: string, value: ReadFrontMatter): void;
}
export type ReadFrontMatter = Pick<SplitSource, 'frontMatter' | 'warnings'>;

let codeHash: string | undefined;
/** The code its warnings come from (this file, the plain reader, the VitePress keys, the typo hints): a change to any reads every front matter again. */
const frontMatterCode = () => (codeHash ??= hashKey(...['./frontmatter.ts', './plain-front-matter.ts', './vitepress-front-matter.ts', '../nearest.ts'].map((f) => readFileSync(fileURLToPath(new URL(f, import.meta.url))))));

export function splitFrontMatter(text: string, file: string, memo?: FrontMatterMemo): SplitSource {
  const source = withoutBom(text);
  const match = FENCE.exec(source);
  if (!match) return { frontMatter: {}, warnings: [], body: source, bodyLineOffset: 0 };
  const yamlText = match[1];
  const bodyLineOffset = match[0].split('\n').length - (match[0].endsWith('\n') ? 1 : 0);
  const body = source.slice(match[0].length);
  // Parsing YAML is most of what reading a page costs: an unchanged block is taken as read before.
  const key = memo && hashKey(frontMatterCode(), file, yamlText);
  const kept = key ? memo.get(key) : undefined;
  if (kept) return { ...kept, body, bodyLineOffset };
  // Read from the front matter block alone (build/model/content.ts decodes no more), the values
  // hold no page text alive.
  const read = body ? ownStrings(readYaml(yamlText, file)) : readYaml(yamlText, file);
  if (key) memo!.set(key, read);
  return { ...read, body, bodyLineOffset };
}

/**
 * The values read are slices of the page's source (the plain reader's and the YAML library's
 * alike), and V8 keeps a slice's whole parent string alive: a title kept for the sidebars held
 * its page's entire Markdown, ~100 MB at 10 000 pages. A structured clone copies every string
 * out (and keeps dates as dates).
 */
function ownStrings(read: ReadFrontMatter): ReadFrontMatter {
  return structuredClone(read);
}

/** The front matter block's keys, checked; throws a BuildError with the line of the problem. */
function readYaml(yamlText: string, file: string): ReadFrontMatter {
  // The plain `key: value` lines most pages have are read without the YAML library (build/model/plain-front-matter.ts).
  const plain = readPlainFrontMatter(yamlText);
  if (plain) return checkFrontMatter(plain.data, file, (key) => (plain.lines.get(key) ?? 1) + 1);
  const doc = parseDocument(yamlText, { prettyErrors: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0];
    // linePos is 1-based within the YAML; the file has the opening "---" above it.
    const line = (e.linePos?.[0]?.line ?? 1) + 1;
    throw new BuildError(`invalid YAML in front matter: ${e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`, file, line,
      'front matter is YAML between two "---" lines; quote values that contain ":" or start with a special character');
  }
  const data = doc.toJS() ?? {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new BuildError('front matter must be a mapping of keys to values', file, 2, 'write "key: value" lines');
  }
  return checkFrontMatter(data as Record<string, unknown>, file, (key) => keyLine(doc, yamlText, key));
}

/** The keys read, checked against the schema; lineOf: the file line of a key. */
function checkFrontMatter(written: Record<string, unknown>, file: string, lineOf: (key: string) => number): ReadFrontMatter {
  const { data, warnings: vitepress } = readVitePressKeys(written, file, lineOf);
  const parsed = frontMatterSchema.safeParse(data);
  if (!parsed.success) {
    // Every key that is wrong, once each, in the order of the file: fixed in one go.
    const keys = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')))];
    const errors = keys.map((key) => new BuildError(`front matter key "${key}": ${parsed.error.issues.find((i) => String(i.path[0] ?? '') === key)!.message}`, file, lineOf(key),
      `give "${key}" a value of the right type (see the authoring guide in README.md)`)).sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    throw errors.length === 1 ? errors[0] : new BuildErrors(errors);
  }
  const fm = parsed.data;
  if (fm.toc_min_heading_level && fm.toc_max_heading_level && fm.toc_min_heading_level > fm.toc_max_heading_level) {
    throw new BuildError('toc_min_heading_level is greater than toc_max_heading_level', file,
      lineOf('toc_min_heading_level'), 'swap the two values');
  }
  const warnings = Object.keys(data).flatMap((key): Warning[] => {
    if (KNOWN_KEYS.includes(key)) return [];
    const line = lineOf(key);
    if (DOCUSAURUS_ONLY.includes(key)) return [{ file, line, message: `front matter key "${key}" is a Docusaurus key that has no effect here (remove it, or keep it for Docusaurus)` }];
    const near = typoOf(key, [...KNOWN_KEYS, ...DOCUSAURUS_ONLY]);
    const hint = near ? `; did you mean "${near}"?` : '';
    return [{ file, line, message: `unknown front matter key "${key}" is ignored${hint}` }];
  });
  return { frontMatter: fm, warnings: [...vitepress, ...warnings].sort((a, b) => (a.line ?? 0) - (b.line ?? 0)) };
}

/**
 * The file line of a top-level front-matter key in a page's source, for an error found after the
 * front matter was read (line 2, the first key's, when the key is not written plainly).
 */
export function frontMatterKeyLine(raw: string, key: string): number {
  return raw.split('\n').findIndex((l) => l.startsWith(key) && /^\s*:/.test(l.slice(key.length))) + 1 || 2;
}

/** File line of a front-matter key (line 1 is the opening "---"). */
function keyLine(doc: Document, yamlText: string, key: string): number {
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (isScalar(pair.key) && pair.key.value === key && pair.key.range) {
        return yamlText.slice(0, pair.key.range[0]).split('\n').length + 1;
      }
    }
  }
  return 2;
}
