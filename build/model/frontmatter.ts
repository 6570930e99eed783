// Splits YAML front matter off a Markdown source and checks the keys we understand.
// Keys follow Docusaurus so pages move between the two without edits.
import { parseDocument, isMap, isScalar, type Document } from 'yaml';
import { z } from 'zod';
import { BuildError } from '../errors.ts';

const frontMatterSchema = z.looseObject({
  title: z.string().min(1).optional(),
  description: z.string().min(1).optional(),
  sidebar_label: z.string().min(1).optional(),
  sidebar_position: z.number().optional(),
  slug: z.string().startsWith('/', 'a slug starts with "/"').optional(),
  unlisted: z.boolean().optional(),
  hide_table_of_contents: z.boolean().optional(),
  toc_min_heading_level: z.number().int().min(2).max(6).optional(),
  toc_max_heading_level: z.number().int().min(2).max(6).optional(),
  keywords: z.array(z.string()).optional(),
  /** Docusaurus: the page's own "edit" URL; null hides the link. */
  custom_edit_url: z.url('custom_edit_url is a full URL (https://…), or null to hide the edit link').nullable().optional(),
  /** Docusaurus: overrides the date from git, e.g. `last_update: { date: 2025-01-31 }`. */
  last_update: z.strictObject({
    date: z.union([z.string(), z.date()]).refine((d) => !Number.isNaN(new Date(d).getTime()), 'date is not a date (write YYYY-MM-DD)').optional(),
    author: z.string().optional(),
  }).optional(),
});

export type FrontMatter = z.infer<typeof frontMatterSchema>;

export interface SplitSource {
  frontMatter: FrontMatter;
  body: string;
  /** Lines taken by the front matter block, so body line N is file line N + bodyLineOffset. */
  bodyLineOffset: number;
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

export function splitFrontMatter(source: string, file: string): SplitSource {
  const match = FENCE.exec(source);
  if (!match) return { frontMatter: {}, body: source, bodyLineOffset: 0 };
  const yamlText = match[1];
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
  const parsed = frontMatterSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = String(issue.path[0] ?? '');
    throw new BuildError(`front matter key "${key}": ${issue.message}`, file, keyLine(doc, yamlText, key),
      `give "${key}" a value of the right type (see the authoring guide in README.md)`);
  }
  const fm = parsed.data;
  if (fm.toc_min_heading_level && fm.toc_max_heading_level && fm.toc_min_heading_level > fm.toc_max_heading_level) {
    throw new BuildError('toc_min_heading_level is greater than toc_max_heading_level', file,
      keyLine(doc, yamlText, 'toc_min_heading_level'), 'swap the two values');
  }
  const bodyLineOffset = match[0].split('\n').length - (match[0].endsWith('\n') ? 1 : 0);
  return { frontMatter: fm, body: source.slice(match[0].length), bodyLineOffset };
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
