// Where every file of the Docusaurus docs folder goes in the target folder, decided before any
// page is converted, so links, includes and pagination can point at files that are not written yet:
//  - pages (`.md`, `.mdx`) become `.md` and keep their names: the build reads a number prefix
//    (`01-intro.md`) as Docusaurus does (build/model/number-prefix.ts), so ids, URLs and sidebar
//    order stay, and so do the author's file names;
//  - partials (`_name.mdx`) keep their name and place, as `.md`;
//  - everything else (images, `_category_.json`) is copied as it is.
// Files found later (a partial imported from outside the docs, a static image) are adopted into
// `_partials/` and `_static/`, folders this generator never builds as pages.
import path from 'node:path';
import { readTextFile } from '../model/source-file.ts';
import { docusaurusDoc, listTree, readIdAndSlug, type DocusaurusSite } from './docusaurus-site.ts';
import { splitNumberPrefix } from '../model/number-prefix.ts';
import { docIdOf } from '../model/content.ts';

export interface PlannedFile {
  /** Absolute path of the Docusaurus file. */
  source: string;
  /** Target path relative to the target folder, `/`-separated. */
  target: string;
  kind: 'page' | 'partial' | 'copy';
  /**
   * Pages: the file name without extension, and without its number prefix unless keepOwnPrefix
   * (what Docusaurus's default id is); the prefix's number, when it is the sidebar position.
   */
  stem?: string;
  numberPrefix?: number;
  /**
   * Pages: the file's number prefix stays part of its id and URL (front matter
   * `parse_number_prefixes: false`), because without it two files of one folder would have the same id.
   */
  keepOwnPrefix?: boolean;
  /** Pages: Docusaurus's doc id and URL. */
  docusaurusId?: string;
  route?: string;
}

const MARKDOWN = /\.mdx?$/;

export class Plan {
  readonly files: PlannedFile[] = [];
  private readonly bySource = new Map<string, PlannedFile>();
  private readonly byTarget = new Map<string, PlannedFile>();
  private readonly byRoute = new Map<string, PlannedFile>();
  private readonly byDocId = new Map<string, PlannedFile>();
  /** Pages that are also imported as partials: the `_` copy each is included through. */
  private readonly fragments = new Map<string, PlannedFile>();

  constructor(readonly site: DocusaurusSite) {
    const rels = listTree(site.docsDir);
    const pages = rels.filter((rel) => MARKDOWN.test(rel) && !path.posix.basename(rel).startsWith('_')).map((rel) => {
      const source = path.join(site.docsDir, rel);
      const text = readTextFile(source);
      const dir = path.posix.dirname(rel) === '.' ? '' : `${path.posix.dirname(rel)}/`;
      const file = path.posix.basename(rel).replace(MARKDOWN, '');
      const { id, parseNumberPrefixes } = readIdAndSlug(text);
      // The prefix this build would take off, and whether Docusaurus took it off.
      const split = splitNumberPrefix(file);
      const parsed = site.parsesNumberPrefixes && parseNumberPrefixes !== false;
      const name = parsed ? split.name : file;
      return { rel, source, text, file, number: split.number, name, parsed, ownId: `${dir}${name}`, renamed: id !== undefined };
    });
    // A prefix Docusaurus kept in the id stays in it here. So does the prefix of `03-install.mdx`
    // beside `01-install.mdx` or `install.mdx`, which would be the same doc here: in Docusaurus an
    // `id` in its front matter told them apart (it becomes a slug, which keeps its URL).
    const sameId = new Map<string, number>();
    for (const p of pages) sameId.set(p.ownId, (sameId.get(p.ownId) ?? 0) + 1);
    const pageOf = new Map(pages.map((p) => [p.rel, p]));
    for (const rel of rels) {
      const source = path.join(site.docsDir, rel);
      const page = pageOf.get(rel);
      if (page) {
        const keepOwnPrefix = page.number !== undefined && (!page.parsed || (page.renamed && sameId.get(page.ownId)! > 1));
        const doc = docusaurusDoc(rel, page.text, site);
        this.add({
          source, target: rel.replace(MARKDOWN, '.md'), kind: 'page', stem: keepOwnPrefix ? page.file : page.name,
          numberPrefix: keepOwnPrefix ? undefined : page.number, keepOwnPrefix: keepOwnPrefix || undefined, docusaurusId: doc.id, route: doc.route,
        });
      } else if (MARKDOWN.test(rel)) {
        this.add({ source, target: rel.replace(MARKDOWN, '.md'), kind: 'partial' });
      } else {
        this.add({ source, target: rel, kind: 'copy' });
      }
    }
  }

  private add(file: PlannedFile): PlannedFile {
    this.files.push(file);
    this.bySource.set(file.source, file);
    this.byTarget.set(file.target, file);
    if (file.route !== undefined && !this.byRoute.has(file.route)) this.byRoute.set(file.route, file);
    if (file.docusaurusId !== undefined) this.byDocId.set(file.docusaurusId, file);
    return file;
  }

  ofSource(abs: string): PlannedFile | undefined {
    return this.bySource.get(abs);
  }

  /**
   * The fragment a Markdown file is included through. Docusaurus lets a page be imported into
   * another; here a page cannot be a fragment, so such a page also gets a `_name.md` copy next to
   * it (the page itself stays a page).
   */
  fragmentOf(abs: string, outside: () => PlannedFile): PlannedFile {
    const planned = this.bySource.get(abs);
    if (!planned) return outside();
    if (planned.kind === 'partial') return planned;
    let fragment = this.fragments.get(abs);
    if (!fragment) {
      const dir = path.posix.dirname(planned.target);
      fragment = { source: abs, target: this.freeTarget(`${dir === '.' ? '' : `${dir}/`}_${path.posix.basename(planned.target)}`), kind: 'partial' };
      this.files.push(fragment);
      this.byTarget.set(fragment.target, fragment);
      this.fragments.set(abs, fragment);
    }
    return fragment;
  }

  /** `target`, or `name-2.md`, `name-3.md`… when it is taken. */
  private freeTarget(target: string): string {
    const ext = path.posix.extname(target);
    const stem = target.slice(0, target.length - ext.length);
    let free = target;
    for (let n = 2; this.byTarget.has(free); n++) free = `${stem}-${n}${ext}`;
    return free;
  }

  ofRoute(route: string): PlannedFile | undefined {
    return this.byRoute.get(route);
  }

  /** Our doc id (the target path without `.md` and number prefixes: docIdOf) of a Docusaurus doc id. */
  ourDocId(docusaurusId: string): string | undefined {
    const file = this.byDocId.get(docusaurusId.replace(/^\/+/, ''));
    return file ? docIdOf(file.target, file.keepOwnPrefix) : undefined;
  }

  /**
   * Takes a file from outside the docs folder into `folder` of the target (`_partials`, `_static`),
   * under `name` (a path), made unique; returns the existing plan entry when it was taken already.
   */
  adopt(source: string, folder: string, name: string, kind: PlannedFile['kind']): PlannedFile {
    const known = this.bySource.get(source);
    if (known) return known;
    return this.add({ source, target: this.freeTarget(`${folder}/${name}`), kind });
  }
}

/** A relative URL from one target file to another: `./x.md`, `../a/b.md`. */
export function relativeUrl(fromTarget: string, toTarget: string): string {
  const rel = path.posix.relative(path.posix.dirname(fromTarget), toTarget);
  return rel.startsWith('../') ? rel : `./${rel}`;
}
