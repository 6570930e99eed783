// The route table: one entry per URL the site serves. Two sources claiming one URL is an error
// that names both files, because silently keeping either would lose the other's content.
import { BuildError, throwIfAny } from '../errors.ts';
import type { SourcePage } from './content.ts';

export const NOT_FOUND_ROUTE = '/404';

export function checkRoutes(pages: SourcePage[]): void {
  const byRoute = new Map<string, SourcePage>();
  const errors: BuildError[] = [];
  for (const page of pages) {
    if (page.route === NOT_FOUND_ROUTE) {
      errors.push(new BuildError(`route ${page.route} is reserved for the generated page-not-found page`, page.file, page.frontMatter.slug ? 2 : undefined, 'rename the file or change its slug'));
      continue;
    }
    const other = byRoute.get(page.route);
    if (other) {
      // `01-setup.md` beside `setup.md`: one id once the number prefixes are dropped (build/model/number-prefix.ts).
      const prefixed = other.id === page.id && (other.sourceId ?? other.id) !== (page.sourceId ?? page.id);
      errors.push(new BuildError(`route ${page.route} is claimed by two files: ${other.file} and ${page.file}${prefixed ? ' (a number prefix such as 01- is not part of a URL)' : ''}`, page.file,
        page.frontMatter.slug ? 2 : undefined, `rename one of the files or give it a different \`slug\` in its front matter${prefixed ? ', or keep its prefix with `parse_number_prefixes: false`' : ''}`));
    } else {
      byRoute.set(page.route, page);
    }
  }
  throwIfAny(errors);
}

/** Where a route's HTML goes: `/` → `index.html`, `/a/b` → `a/b/index.html`, 404 → `404.html`. */
export function htmlPathOf(route: string): string {
  if (route === NOT_FOUND_ROUTE) return '404.html';
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

/** Page data for client navigation: `/a/b` → `_data/a/b.json`, `/` → `_data/index.json`. */
export function dataPathOf(route: string): string {
  return route === '/' ? '_data/index.json' : `_data${route}.json`;
}

/** Where a page's own Markdown is published (for machines and the copy button): `/a/b` → `/a/b.md`, `/` → `/index.md`. */
export function markdownUrlOf(route: string): string {
  return route === '/' ? '/index.md' : `${route}.md`;
}
