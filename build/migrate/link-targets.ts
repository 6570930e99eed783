// What a URL written in a Docusaurus page points at, and how to point at it from the converted
// page. Links to pages become relative `.md` links (the generator turns them into routes and
// checks them); images and linked files become relative paths to copies in the target folder
// (the generator publishes them under a content hash, as Docusaurus does). A static file linked
// by its URL keeps that URL when the target site's static folder is given (--static). What
// cannot work here becomes plain text and is reported, so the converted site's link check never
// fails on the migration.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plan, PlannedFile } from './plan.ts';
import { relativeUrl } from './plan.ts';
import type { UrlDecision, UrlKind } from './urls.ts';
import { decodedBy, splitLinkTarget } from '../decoded-url.ts';

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const MARKDOWN_FILE = /\.mdx?$/i;
const IMAGE = /\.(?:png|jpe?g|gif|svg|webp|avif|ico|bmp)$/i;

export interface StaticCopy {
  /** Absolute path of the static file in the Docusaurus site. */
  source: string;
  /** Path under the target static folder (`files/x.pdf`). */
  rel: string;
}

export class LinkTargets {
  /** Static files (not images) to copy into `--static DIR`, keeping their URL, when it is given. */
  readonly staticCopies: StaticCopy[] = [];

  constructor(private readonly plan: Plan, private readonly staticOut: string | undefined) {}

  decide(page: PlannedFile, url: string, kind: UrlKind): UrlDecision {
    if (url.startsWith('#') || (EXTERNAL.test(url) && !url.startsWith('pathname:'))) return { url };
    const [pathPart, suffix] = splitLinkTarget(url);
    if (pathPart === '') return { url };
    const decoded = decodedBy(decodeURIComponent, pathPart);
    // `pathname:///files/x.pdf` is Docusaurus's way to link a static file past its router.
    if (url.startsWith('pathname:')) return this.absolute(page, decoded.replace(/^pathname:\/*/, '/'), suffix, kind, url, false);
    if (decoded.startsWith('@site/')) return this.file(page, path.join(this.plan.site.siteDir, decoded.slice('@site/'.length)), suffix, kind, url);
    const markdownFile = this.markdownFile(page, decoded);
    if (markdownFile) return this.file(page, markdownFile, suffix, kind, url);
    if (decoded.startsWith('/')) return this.absolute(page, decoded, suffix, kind, url, true);
    const abs = path.resolve(path.dirname(page.source), decoded);
    if (path.posix.extname(decoded) !== '' || this.plan.ofSource(abs) || existsSync(abs)) return this.file(page, abs, suffix, kind, url);
    // `[x](install)`: a URL relative to the page's own URL, as the browser resolves it.
    const route = new URL(decoded, `https://site${page.route ?? '/'}`).pathname;
    return this.route(page, route, suffix, kind) ?? this.unresolved(kind, url, 'no page of the site has this URL');
  }

  /**
   * A Markdown file path as Docusaurus resolves it (3.x, "Markdown links"): `/a.md` from the docs
   * folder, then from the site's folder (`/docs/a.md`); `a.md` from the page's folder, then from
   * those two; `./a.md` and `../a.md` from the page's folder only (left to the caller). The first
   * that is a file being converted; undefined when none is.
   */
  private markdownFile(page: PlannedFile, decoded: string): string | undefined {
    if (!MARKDOWN_FILE.test(decoded) || /^\.\.?\//.test(decoded)) return undefined;
    const { docsDir, siteDir } = this.plan.site;
    const roots = decoded.startsWith('/') ? [docsDir, siteDir] : [path.dirname(page.source), docsDir, siteDir];
    return roots.map((root) => path.join(root, decoded)).find((abs) => this.plan.ofSource(abs));
  }

  /** A site-absolute path: a page's URL (with routeBasePath and baseUrl), or a static file. */
  private absolute(page: PlannedFile, p: string, suffix: string, kind: UrlKind, url: string, mayBeRoute: boolean): UrlDecision {
    const base = this.plan.site.baseUrl;
    const local = base !== '/' && p.startsWith(base) ? `/${p.slice(base.length)}` : p;
    if (mayBeRoute) {
      const asRoute = this.route(page, local, suffix, kind);
      if (asRoute) return asRoute;
    }
    for (const dir of this.plan.site.staticDirs) {
      const file = path.join(dir, local);
      if (existsSync(file) && statSync(file).isFile()) return this.staticFile(page, file, dir, suffix, kind, url);
    }
    return this.unresolved(kind, url, 'no page or static file of the Docusaurus site has this URL');
  }

  private route(page: PlannedFile, route: string, suffix: string, kind: UrlKind): UrlDecision | undefined {
    if (kind !== 'link') return undefined;
    const normal = route.length > 1 ? route.replace(/\/+$/, '') : route;
    const target = this.plan.ofRoute(normal) ?? this.plan.ofRoute(normal.replace(/\/index$/, ''));
    return target ? { url: relativeUrl(page.target, target.target) + suffix } : undefined;
  }

  private file(page: PlannedFile, abs: string, suffix: string, kind: UrlKind, url: string): UrlDecision {
    const planned = this.plan.ofSource(abs);
    if (planned && planned.kind !== 'copy') return { url: relativeUrl(page.target, planned.target) + suffix };
    for (const dir of this.plan.site.staticDirs) {
      if (abs.startsWith(dir + path.sep)) return this.staticFile(page, abs, dir, suffix, kind, url);
    }
    const exists = planned !== undefined || (existsSync(abs) && statSync(abs).isFile());
    if (!exists) return this.unresolved(kind, url, 'the file does not exist');
    // The docs' own files are copied already; one from elsewhere gets a copy beside the pages.
    const copy = planned ?? this.plan.adopt(abs, '_static', path.basename(abs), 'copy');
    return { url: relativeUrl(page.target, copy.target) + suffix };
  }

  private staticFile(page: PlannedFile, abs: string, staticDir: string, suffix: string, kind: UrlKind, url: string): UrlDecision {
    const rel = path.relative(staticDir, abs).split(path.sep).join('/');
    if (kind === 'image' || IMAGE.test(abs)) {
      const copy = this.plan.adopt(abs, '_static', rel, 'copy');
      return { url: relativeUrl(page.target, copy.target) + suffix };
    }
    if (this.staticOut) {
      if (!this.staticCopies.some((c) => c.rel === rel)) this.staticCopies.push({ source: abs, rel });
      return { url: `/${rel}${suffix}` };
    }
    // Without the target's static folder, a copy beside the pages: published under a content hash, the URL changes.
    const copy = this.plan.adopt(abs, '_static', rel, 'copy');
    return { url: relativeUrl(page.target, copy.target) + suffix };
  }

  private unresolved(kind: UrlKind, url: string, why: string): UrlDecision {
    if (kind === 'image') return { url, problem: { what: `image ${url}`, todo: `${why}; fix the path` } };
    return { asText: true, problem: { what: `link to ${url}`, todo: `${why}; the link was kept as text: link it again to the page's .md file` } };
  }
}
