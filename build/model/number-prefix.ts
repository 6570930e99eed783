// Docusaurus's number prefixes: `01-intro.md` and `02-guide/` order the sidebar and are not part
// of doc ids or URLs (`02-guide/01-intro.md` is the doc `guide/intro` at /guide/intro, first in
// its folder, whose category is second). Authors coming from Docusaurus keep their file names.

/**
 * `01-intro` → `{ number: 1, name: 'intro' }`; `intro` → `{ name: 'intro' }`. A prefix is digits,
 * then `-`, `_` or `.` (spaces around them allowed), then the name. Names that start like a date
 * or a version (`2024-01-05-notes`, `1.2-upgrade`) keep their digits, as Docusaurus keeps them.
 */
export function splitNumberPrefix(name: string): { number?: number; name: string } {
  if (/^\d+[-_.]\d/.test(name)) return { name };
  const m = /^(\d+)\s*[-_.]+\s*(?=[^-_.\s])/.exec(name);
  return m ? { number: Number(m[1]), name: name.slice(m[0].length) } : { name };
}

/** A path with the number prefix of each part removed: `02-guide/01-intro` → `guide/intro`. */
export function withoutNumberPrefixes(relPath: string): string {
  return relPath.split('/').map((part) => splitNumberPrefix(part).name).join('/');
}
