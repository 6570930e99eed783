// What the sanitiser (build/markdown/sanitize.ts) will take out of a page's raw HTML, found before
// it does, so that the author is told at the line: an <iframe>, a <video>, a style or onclick
// attribute, a javascript: URL vanish from the page otherwise without a word ("nothing is
// silently lost"). The tags are read with a pattern, which is enough for what an author writes by
// hand; the sanitiser itself works on the parsed tree and decides what the page gets.
import { find, html as htmlProperties } from 'property-information';
import { sanitizeSchema } from './sanitize.ts';

const TAG = /<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

type AttributeRule = string | [string, ...unknown[]];
const namesOf = (rules: AttributeRule[] | undefined) => new Set((rules ?? []).map((r) => (Array.isArray(r) ? r[0] : r)));

const TAG_NAMES = new Set(sanitizeSchema.tagNames ?? []);
const ATTRIBUTES = sanitizeSchema.attributes as Record<string, AttributeRule[]>;
const ON_ANY_TAG = namesOf(ATTRIBUTES['*']);
const ON_TAG = new Map(Object.entries(ATTRIBUTES).map(([tag, rules]) => [tag, namesOf(rules)]));
const PROTOCOLS = (sanitizeSchema.protocols ?? {}) as Record<string, string[]>;

function allowedOn(tag: string, property: string): boolean {
  const own = ON_TAG.get(tag);
  if (ON_ANY_TAG.has(property) || own?.has(property)) return true;
  return /^data[A-Z]/.test(property) && (ON_ANY_TAG.has('data*') || own?.has('data*') === true);
}

/** What of this raw HTML the page will not have: `<iframe>`, `style on <span>`, `href="javascript:…" on <a>`; each once. */
export function removedFromRawHtml(raw: string): string[] {
  const removed = new Set<string>();
  for (const [, rawTag, attributes] of raw.replace(COMMENT, '').matchAll(TAG)) {
    const tag = rawTag.toLowerCase();
    if (!TAG_NAMES.has(tag)) {
      removed.add(`<${tag}>`);
      continue;
    }
    for (const [, rawName, double, single, bare] of attributes.matchAll(ATTRIBUTE)) {
      const name = rawName.toLowerCase();
      const property = find(htmlProperties, name).property;
      if (!allowedOn(tag, property)) {
        removed.add(`${name} on <${tag}>`);
        continue;
      }
      const value = (double ?? single ?? bare ?? '').trim();
      const scheme = SCHEME.exec(value)?.[1].toLowerCase();
      if (scheme && PROTOCOLS[property] && !PROTOCOLS[property].includes(scheme)) removed.add(`${name}="${scheme}:…" on <${tag}>`);
    }
  }
  return [...removed];
}
