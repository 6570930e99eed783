// One finding of the content lint: where it is and what is wrong, in words an author can act on.
export interface Problem {
  /** Page path as given to the lint (relative to the repository when run on docs/). */
  file: string;
  line: number;
  /** Which check found it: json, hcl, yaml, metric, env, hedging. */
  check: string;
  message: string;
}

export const formatProblem = (p: Problem): string => `${p.file}:${p.line}: [${p.check}] ${p.message}`;
