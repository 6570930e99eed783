// Tiny argument reader for our scripts: `--name value` and `--flag`.
import { parseArgs } from 'node:util';

export function readArgs<T extends Record<string, { type: 'string' | 'boolean'; default?: string | boolean }>>(spec: T) {
  const { values } = parseArgs({ options: spec, allowPositionals: false, strict: true });
  return values as unknown as { [K in keyof T]: T[K]['type'] extends 'boolean' ? boolean | undefined : string | undefined };
}

/** Like readArgs, for a command that also takes positional arguments (`migrate SITE TARGET --force`). */
export function readCommand<T extends Record<string, { type: 'string' | 'boolean'; default?: string | boolean }>>(spec: T) {
  const { values, positionals } = parseArgs({ options: spec, allowPositionals: true, strict: true });
  return {
    values: values as unknown as { [K in keyof T]: T[K]['type'] extends 'boolean' ? boolean | undefined : string | undefined },
    positionals,
  };
}
