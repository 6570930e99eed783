// The user guide's errors (an image it cannot embed, an element it does not know), in a module of
// their own: the build imports this at start, and pdfkit only in the worker that renders.
import path from 'node:path';
import { lineOfLinkIn, type LinkSource } from '../checks/link-line.ts';
import { BuildError } from '../errors.ts';

/** What a guide error says across the worker's message port. */
export interface GuideProblem {
  problem: string;
  fix: string;
  /** The page being drawn, once known. */
  route?: string;
  /** The image src or element concerned, to find its line in the page's source. */
  subject?: string;
}

/**
 * Something the guide cannot draw. A BuildError, so that it is reported as every other input
 * error is (file, line, fix; no stack): the build names the page's source file and the line of
 * the image (see atSource).
 */
export class GuideError extends BuildError {
  constructor(readonly detail: GuideProblem, file?: string, line?: number) {
    super(`user guide PDF${detail.route ? `, page ${detail.route}` : ''}: ${detail.problem}`, file, line, detail.fix);
  }

  /** The same error, said of a page. */
  onPage(route: string): GuideError {
    return new GuideError({ ...this.detail, route });
  }

  /**
   * The same error at its page's source file, and at the line where its subject stands there. An
   * image is named by its own file (`images`: the pages' images as output path and source file,
   * build/model/site.ts contentAssets), as the page's Markdown names it. Itself when the page has no source.
   */
  atSource(sourceOf: (route: string) => LinkSource | undefined, images: [string, string][], root: string): GuideError {
    const source = this.detail.route ? sourceOf(this.detail.route) : undefined;
    if (!source) return this;
    const { subject, problem } = this.detail;
    const image = subject && images.find(([rel]) => `/${rel}` === subject)?.[1];
    const shown = image ? path.relative(root, image).split(path.sep).join('/') : subject;
    const named = subject && shown !== subject ? { ...this.detail, problem: problem.replace(subject, shown!), subject: shown } : this.detail;
    return new GuideError(named, source.file, shown ? lineOfLinkIn(source, path.posix.basename(shown)) : undefined);
  }
}
