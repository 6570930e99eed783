// A `_category_` file whose link is `{ type: 'generated-index' }` (Docusaurus): the category gets a
// page of its own, made here as Markdown — its title (`title`, or the category's label), its
// `description`, and `::doc-cards`, a card for each page of the category
// (build/render/doc-cards.ts). From then on it is a page like any other: compiled and cached by its
// text, in the sidebar as the category's link, in search, the sitemap and the llms outputs.
import path from 'node:path';
import { BuildError } from '../errors.ts';
import type { Categories } from './categories.ts';
import { generatedMarkdown, generatedSourcePage, routeOfSlug } from './content.ts';
import { labelFromDir } from './sidebars.ts';
import type { SourcePage } from './content.ts';

/** The name of a generated page's own path beside its category file: no file is ever read or written there. */
const PAGE_NAME = '_category_.generated.md';

/** The generated pages of the categories that ask for one; `docs` are the site's pages read from files. */
export function generatedIndexPages(categories: Categories, docsDir: string, docs: SourcePage[]): SourcePage[] {
  const ids = new Map(docs.map((d) => [d.id, d]));
  let routes: Map<string, SourcePage> | undefined; // the first doc at each route, made when a category first asks
  const pages: SourcePage[] = [];
  for (const [folder, meta] of categories) {
    const generated = meta.generatedIndex;
    if (!generated || folder === '') continue;
    const id = `${folder}/index`;
    const route = generated.slug ? routeOfSlug(generated.slug, `${folder}/index.md`, meta.file, '') : `/${folder}`;
    // The folder's own index page (index, README or same-name: at the folder's route too).
    routes ??= docs.reduce((m, d) => (m.has(d.route) ? m : m.set(d.route, d)), new Map<string, SourcePage>());
    const own = ids.get(id) ?? routes.get(route);
    if (own) {
      throw new BuildError(`the category's generated-index page would take the place of ${own.file}`, meta.file, undefined,
        `link the category to that page instead: { "type": "doc", "id": "${own.id}" }`);
    }
    const title = generated.title ?? meta.label ?? labelFromDir(folder);
    const text = generatedMarkdown({ title, description: generated.description, custom_edit_url: null },
      [...(generated.description ? [generated.description, ''] : []), '::doc-cards', '']);
    pages.push(generatedSourcePage(text, path.join(docsDir, folder, PAGE_NAME), meta.file, id, route));
  }
  return pages;
}
