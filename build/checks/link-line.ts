// The line of a broken link in its page's Markdown, so that the build's error and the dev
// server's warning both read `docs/a.md:12: broken link …`. The checks see the rendered HTML,
// where a link no longer knows its line; the source is read again only for the few links that
// are broken.
import { readFileSync } from 'node:fs';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The line of a link in a page's Markdown: the first line where its anchor (`#настройка`), else
 * the last part of its path (`install`, `image.png`), stands inside a link or an image (`](…)`,
 * `href="…"`, `src="…"`), else the first line that mentions it at all; undefined when none does.
 */
export function lineOfLink(source: string, href: string): number | undefined {
  const [pathPart, fragment] = href.split('#');
  const lines = source.split('\n');
  const needles = [fragment ? `#${fragment}` : '', pathPart.split('/').filter(Boolean).pop() ?? ''].filter((n) => n.length > 1);
  for (const needle of needles) {
    const inLink = new RegExp(`\\]\\([^)]*${escapeRe(needle)}|(?:href|src)=["'][^"']*${escapeRe(needle)}`);
    const i = lines.findIndex((l) => inLink.test(l));
    if (i !== -1) return i + 1;
  }
  for (const needle of needles) {
    const i = lines.findIndex((l) => l.includes(needle));
    if (i !== -1) return i + 1;
  }
  return undefined;
}

/** A page's source file: as shown in messages, and where to read it. */
export interface LinkSource { file: string; absPath: string }

/** lineOfLink over a source file; undefined when the file cannot be read (a generated page). */
export function lineOfLinkIn(source: LinkSource | undefined, href: string): number | undefined {
  if (!source) return undefined;
  try {
    return lineOfLink(readFileSync(source.absPath, 'utf8'), href);
  } catch {
    return undefined;
  }
}
