// The old site's URLs after a migration. Docusaurus served a doc at baseUrl + routeBasePath + its
// path without number prefixes (`/site/docs/basics/first`); here at its path without number
// prefixes, or its slug, from the root (`/basics/first`). Where the two differ, the report suggests a
// `redirects` entry for src/site.config.ts, so that links and bookmarks to the old site keep
// working (README "Redirects"). The client-redirects plugin's own list is carried over too, read
// from docusaurus.config.js as a literal (never run), with its targets translated the same way.
import { matchingBrace, readLiteral, type Literal } from './js-literal.ts';

export interface MovedPage {
  /** Where Docusaurus served it, with baseUrl (`/site/docs/basics/first`). */
  oldUrl: string;
  /** Its route here (null: not built, e.g. a draft). */
  route: string | null;
}

export interface RedirectsSuggestion {
  /** A `redirects: […],` snippet for src/site.config.ts; undefined when no URL changed. */
  snippet?: string;
  notes: string[];
}

type Entry = { from: string[]; to: string };

/** A path as a redirect's `from` takes it: no trailing slash; null for the home page. */
function asFrom(url: string): string | null {
  const p = url.replace(/\/+$/, '');
  return p === '' ? null : p;
}

/** The plugin's `redirects: [...]` inside its options in the config's text, as a literal; undefined when absent. */
function pluginRedirects(config: string): Literal[] | string | undefined {
  const plugin = /['"]@docusaurus\/plugin-client-redirects['"]/.exec(config);
  if (!plugin) return undefined;
  const m = /\bredirects\s*:\s*/g;
  m.lastIndex = plugin.index;
  const found = m.exec(config);
  const creates = /\bcreateRedirects\s*[:(]/.test(config.slice(plugin.index));
  if (!found) return creates ? 'createRedirects is a function, which is not run: add its redirects by hand' : undefined;
  const open = found.index + found[0].length;
  const end = config[open] === '[' ? matchingBrace(config, open) : -1;
  const value = end === -1 ? undefined : readLiteral(config.slice(open, end))?.value;
  if (!Array.isArray(value)) return 'its redirects list is computed, not a literal: add its entries by hand';
  return value;
}

export function suggestRedirects(pages: MovedPage[], config: string, baseUrl: string): RedirectsSuggestion {
  const notes: string[] = [];
  const routes = new Set(pages.flatMap((p) => (p.route === null ? [] : [p.route])));
  const byOldUrl = new Map(pages.map((p) => [asFrom(p.oldUrl) ?? '/', p.route]));
  const entries = new Map<string, Entry>();
  const taken = new Set<string>();
  const add = (from: string, to: string) => {
    // A path a page has here, or one already redirected, cannot be redirected (the build would stop).
    if (routes.has(from) || from === to || taken.has(from)) return;
    taken.add(from);
    const entry = entries.get(to) ?? { from: [], to };
    entry.from.push(from);
    entries.set(to, entry);
  };
  for (const page of pages) {
    const from = asFrom(page.oldUrl);
    if (page.route !== null && from !== null) add(from, page.route);
  }

  const listed = pluginRedirects(config);
  if (typeof listed === 'string') notes.push(`client redirects: ${listed}`);
  const base = baseUrl.replace(/\/$/, '');
  for (const item of Array.isArray(listed) ? listed : []) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    const { from, to } = item as { from?: Literal; to?: Literal };
    if (typeof to !== 'string') continue;
    // The plugin's paths are without baseUrl; the doc it names has its route here.
    const [target, anchor] = to.split('#');
    const route = byOldUrl.get(asFrom(`${base}${target}`) ?? '/');
    const ours = route === undefined ? (/^https?:\/\//.test(to) ? to : undefined) : route;
    if (ours === undefined || ours === null) {
      notes.push(`client redirects: "${to}" is no doc of the migrated site; its redirect is left out`);
      continue;
    }
    for (const old of (Array.isArray(from) ? from : [from]).filter((f): f is string => typeof f === 'string')) {
      const path = asFrom(`${base}${old}`);
      if (path !== null) add(path, anchor === undefined || /^https?:/.test(ours) ? ours : `${ours}#${anchor}`);
    }
  }

  if (entries.size === 0) return { notes };
  const list = [...entries.values()].sort((a, b) => (a.to < b.to ? -1 : a.to > b.to ? 1 : 0))
    .map((e) => `  { from: ${e.from.length === 1 ? JSON.stringify(e.from[0]) : `[${e.from.map((f) => JSON.stringify(f)).join(', ')}]`}, to: ${JSON.stringify(e.to)} },`);
  return { snippet: ['redirects: [', ...list, '],'].join('\n'), notes };
}
