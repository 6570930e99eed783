// One error type for everything a build can reject. It carries the file, the line and the fix,
// so every failure reads the same way: `docs/a.md:3: <what is wrong>\n  fix: <what to do>`.
export class BuildError extends Error {
  constructor(
    message: string,
    readonly file?: string,
    readonly line?: number,
    readonly fix?: string,
  ) {
    super(message);
    this.name = 'BuildError';
  }

  format(): string {
    const where = this.file ? `${this.file}${this.line ? `:${this.line}` : ''}: ` : '';
    return `${where}${this.message}${this.fix ? `\n  fix: ${this.fix}` : ''}`;
  }
}

/** Several errors found in one pass, reported together so authors fix them in one go. */
export class BuildErrors extends Error {
  constructor(readonly errors: BuildError[]) {
    super(errors.map((e) => e.format()).join('\n'));
    this.name = 'BuildErrors';
  }
}

/**
 * Throws what a pass found: nothing when it found nothing, the error itself when one, all of them
 * together when several (the first `limit`, then how many more).
 */
export function throwIfAny(errors: BuildError[], limit = Infinity): void {
  if (errors.length === 0) return;
  if (errors.length === 1) throw errors[0];
  if (errors.length <= limit) throw new BuildErrors(errors);
  throw new BuildErrors([...errors.slice(0, limit), new BuildError(`… and ${errors.length - limit} more of the same kind`)]);
}

export function formatError(err: unknown): string {
  if (err instanceof BuildError || err instanceof BuildErrors) return err instanceof BuildError ? err.format() : err.message;
  return err instanceof Error ? (err.stack ?? err.message) : String(err);
}

/** A problem that does not stop the build (broken `.md` link, unknown code language, ...). */
export interface Warning {
  file?: string;
  line?: number;
  message: string;
}

/**
 * `--strict`: a build with warnings fails, each warning an error in its place, and a last line
 * that says why (for a CI that must not publish a site with, say, a link rendered as text).
 */
export class WarningsAsErrors extends BuildErrors {}

export function failOnWarnings(warnings: Warning[]): void {
  if (warnings.length === 0) return;
  throw new WarningsAsErrors([
    ...warnings.map((w) => new BuildError(w.message, w.file, w.line)),
    new BuildError(`${warnings.length} warning${warnings.length === 1 ? '' : 's'} with --strict, which makes warnings errors`, undefined, undefined, 'fix them, or build without --strict'),
  ]);
}

/** The warnings a failed build had found before it stopped, by its error: shown with it, so that none is lost. */
const foundBefore = new WeakMap<object, Warning[]>();

export function withWarnings<E>(error: E, warnings: Warning[]): E {
  // Under --strict the warnings are the errors: said once.
  if (typeof error === 'object' && error !== null && warnings.length > 0 && !(error instanceof WarningsAsErrors)) foundBefore.set(error, warnings);
  return error;
}

export function warningsBefore(error: unknown): Warning[] {
  return (typeof error === 'object' && error !== null && foundBefore.get(error)) || [];
}

export function formatWarning(w: Warning): string {
  return `${w.file ? `${w.file}${w.line ? `:${w.line}` : ''}: ` : ''}${w.message}`;
}
