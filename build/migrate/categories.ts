// `_category_.json` / `_category_.yml` are read here as Docusaurus wrote them (build/model/categories.ts),
// so they are copied as they are, with one exception: `link: { type: doc, id }` names a Docusaurus
// doc id (the folder's own, `intro`, or the full one), and the build stops on an id it does not
// know. That id is rewritten to ours (the file path) when they differ, or the link is removed
// and reported when no doc has it.
import { isMap, parseDocument } from 'yaml';
import type { ReportItem } from './report.ts';

export interface ConvertedCategory {
  text: string;
  items: ReportItem[];
}

/**
 * `folderId` is the folder's path as Docusaurus ids write it (number prefixes removed, '' for the
 * docs root); `ourDocId` translates a full Docusaurus doc id.
 */
export function convertCategory(text: string, json: boolean, folderId: string, ourDocId: (id: string) => string | undefined): ConvertedCategory {
  const doc = parseDocument(text);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return { text, items: [] };
  const link = doc.toJS()?.link as { type?: unknown; id?: unknown } | undefined;
  if (!link || link.type !== 'doc' || typeof link.id !== 'string') return { text, items: [] };
  const id = link.id;
  // Docusaurus looks for the id inside the category's folder first, then from the docs root.
  const ours = (folderId ? ourDocId(`${folderId}/${id}`) : undefined) ?? ourDocId(id);
  if (ours === id) return { text, items: [] };
  const line = text.slice(0, text.search(/["']?link["']?\s*:/)).split('\n').length;
  if (ours !== undefined) {
    const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const replaced = text.replace(new RegExp(`(["']?id["']?\\s*:\\s*["']?)${escaped}(?=["']?\\s*(?:[,}\\n]|$))`), `$1${ours}`);
    if (replaced !== text) return { text: replaced, items: [] };
  }
  doc.delete('link');
  const out = json ? `${JSON.stringify(doc.toJS(), null, 2)}\n` : doc.toString();
  return {
    text: out,
    items: [{ kind: 'not-converted', sourceLine: line, what: `category link to the doc "${id}"`,
      todo: 'no converted page has that id; the link was removed: add { "type": "doc", "id": "folder/page" } by hand' }],
  };
}

export interface CategorySettings {
  label?: string;
  position?: number;
  /** Our doc id of the page the category links to (a `doc` link, translated). */
  linkDocId?: string;
  /** A `generated-index` link: the page Docusaurus makes of the category's cards. */
  generatedIndex?: { title?: string; description?: string; slug?: string };
}

/** What a category file says that the card lists need (build/migrate/doc-cards.ts); {} when it does not parse. */
export function readCategorySettings(text: string, folderId: string, ourDocId: (id: string) => string | undefined): CategorySettings {
  const doc = parseDocument(text);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return {};
  const data = doc.toJS() as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const link = data.link as Record<string, unknown> | undefined;
  const out: CategorySettings = {};
  if (str(data.label)) out.label = str(data.label);
  if (typeof data.position === 'number') out.position = data.position;
  if (link?.type === 'doc' && typeof link.id === 'string') {
    const ours = (folderId ? ourDocId(`${folderId}/${link.id}`) : undefined) ?? ourDocId(link.id);
    if (ours) out.linkDocId = ours;
  }
  if (link?.type === 'generated-index') out.generatedIndex = { title: str(link.title), description: str(link.description), slug: str(link.slug) };
  return out;
}

