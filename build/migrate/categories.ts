// `_category_.json` / `_category_.yml` are read here as Docusaurus wrote them (build/model/categories.ts),
// so they are copied as they are, with one exception: `link: { type: doc, id }` names a Docusaurus
// doc id (the folder's own, `intro`, or the full one), and the build stops on an id it does not
// know. That id is rewritten to ours (the file path) when they differ, or the link is removed
// and reported when no doc has it.
import { isMap, parseDocument } from 'yaml';
import type { ReportItem } from './report.ts';
import { parseCategory, type CategoryMeta } from '../model/categories.ts';

export interface ConvertedCategory {
  text: string;
  items: ReportItem[];
}

/** Our doc id of a category link's id: Docusaurus looks for it inside the category's folder first, then from the docs root. */
function ourLinkId(id: string, folderId: string, ourDocId: (id: string) => string | undefined): string | undefined {
  return (folderId ? ourDocId(`${folderId}/${id}`) : undefined) ?? ourDocId(id);
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
  const ours = ourLinkId(id, folderId, ourDocId);
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

/** What a category file says that the card lists need (build/migrate/doc-cards.ts), read as the build reads it; {} when the build would reject it. */
export function readCategorySettings(text: string, folderId: string, ourDocId: (id: string) => string | undefined): CategorySettings {
  let meta: CategoryMeta;
  try {
    ({ meta } = parseCategory(text, '_category_'));
  } catch {
    return {};
  }
  const linked = meta.linkDocId === undefined ? undefined : ourLinkId(meta.linkDocId, folderId, ourDocId);
  return {
    ...(meta.label ? { label: meta.label } : {}),
    ...(meta.position !== undefined ? { position: meta.position } : {}),
    ...(linked ? { linkDocId: linked } : {}),
    ...(meta.generatedIndex ? { generatedIndex: meta.generatedIndex } : {}),
  };
}
