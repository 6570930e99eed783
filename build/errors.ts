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

export function formatWarning(w: Warning): string {
  return `${w.file ? `${w.file}${w.line ? `:${w.line}` : ''}: ` : ''}${w.message}`;
}
