// The user guide's errors (an image it cannot embed, an element it does not know), in a module of
// their own: the build imports this at start, and pdfkit only in the worker that renders.
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
   * The same error at the page's source file and line; `shownAs`: the name its subject has there
   * (an image's source file, where the page has its fingerprinted copy under assets/).
   */
  atSource(file: string, line: number | undefined, shownAs?: string): GuideError {
    const { subject, problem } = this.detail;
    const named = subject && shownAs ? { ...this.detail, problem: problem.replace(subject, shownAs), subject: shownAs } : this.detail;
    return new GuideError(named, file, line);
  }
}
