// Reads a command's arguments against its description in scripts/commands.ts: `--name value`,
// `--name=value` and `--flag`. `--help` (or `-h`) prints the command's usage and options and
// exits 0; a mistake (an unknown option, a missing value, a stray word, a number that is not one)
// prints one line naming it, then where the options are listed, and exits 2 — never a stack trace.
import { parseArgs } from 'node:util';
import { isTypoOf, nearestName } from '../build/nearest.ts';

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** The value's placeholder in the help (DIR, N, FILE); string options only. */
  value?: string;
  help: string;
}

export interface CommandSpec<O extends Record<string, OptionSpec> = Record<string, OptionSpec>> {
  /** How it is run, e.g. `npm run build`. */
  name: string;
  /** The words after `--` that are not options, e.g. `<site dir>`; none when absent. */
  operands?: string;
  about: string;
  options: O;
}

type Values<O extends Record<string, OptionSpec>> = { [K in keyof O]: O[K]['type'] extends 'boolean' ? boolean | undefined : string | undefined };

/** Thrown for arguments the command cannot take; readArgs prints it, the tests read it. */
export class UsageError extends Error {}

/** The help text: usage line, what the command does, one line per option. */
export function helpOf(command: CommandSpec): string {
  const flags = Object.entries(command.options).map(([name, o]) => [`--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`, o.help]);
  flags.push(['-h, --help', 'print this help and exit']);
  const width = Math.max(...flags.map(([f]) => f.length)) + 2;
  return [
    `usage: ${command.name} -- ${command.operands ? `${command.operands} ` : ''}[options]`,
    '',
    command.about,
    '',
    'options:',
    ...flags.map(([f, h]) => `  ${f.padEnd(width)}${h}`),
  ].join('\n');
}

/** Parses argv against the command; throws UsageError (`help` true when help was asked for). */
export function parseCommand<O extends Record<string, OptionSpec>>(command: CommandSpec<O>, argv: string[]): { values: Values<O>; operands: string[]; help: boolean } {
  if (argv.includes('--help') || argv.includes('-h')) return { values: {} as Values<O>, operands: [], help: true };
  const options = Object.fromEntries(Object.entries(command.options).map(([name, o]) => [name, { type: o.type }]));
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: command.operands !== undefined, strict: true });
    // `--docs=` would otherwise read as no --docs at all, and build the default folder.
    const empty = Object.entries(values).find(([name, v]) => v === '' && command.options[name].type === 'string');
    if (empty) throw new UsageError(`--${empty[0]} needs a value: --${empty[0]} ${command.options[empty[0]].value ?? 'VALUE'}`);
    return { values: values as Values<O>, operands: positionals, help: false };
  } catch (e) {
    throw new UsageError(plainMessage(e as NodeJS.ErrnoException, command));
  }
}

/** Node's own messages suggest quoting after `--`, which is npm's separator here: say it plainly. */
function plainMessage(e: NodeJS.ErrnoException, command: CommandSpec): string {
  const quoted = /'([^']+)'/.exec(e.message)?.[1];
  switch (e.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${quoted ?? e.message}${quoted ? hintFor(quoted, command) : ''}`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${quoted ?? e.message}${command.operands === undefined ? ' (this command takes options only)' : ''}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const name = /--([\w-]+)/.exec(e.message)?.[1];
      const spec = name ? command.options[name] : undefined;
      if (spec?.type === 'string') return `--${name} needs a value: --${name} ${spec.value ?? 'VALUE'}`;
      if (spec?.type === 'boolean') return `--${name} is a flag and takes no value`;
      return e.message;
    }
    default:
      return e.message;
  }
}

/** "; did you mean --no-cache?" for a typo of a known option (a few letters off), else nothing. */
function hintFor(typed: string, command: CommandSpec): string {
  const name = typed.replace(/^-+/, '').split('=')[0];
  const known = Object.keys(command.options);
  if (known.length === 0 || name.length < 2) return '';
  const near = nearestName(name, known);
  return isTypoOf(name, near) ? `; did you mean --${near}?` : '';
}

/** Prints the mistake and where the options are listed, and exits 2. */
export function usageFailure(command: CommandSpec, message: string): never {
  console.error(`${command.name}: ${message}\n${command.name} -- --help lists the options.`);
  process.exit(2);
}

/** The command's options from process.argv; answers --help and mistakes itself (see the head of this file). */
export function readArgs<O extends Record<string, OptionSpec>>(command: CommandSpec<O>): Values<O> {
  return readCommand(command).values;
}

/** Like readArgs, for a command that also takes operands (`migrate SITE TARGET --force`). */
export function readCommand<O extends Record<string, OptionSpec>>(command: CommandSpec<O>): { values: Values<O>; operands: string[] } {
  try {
    const parsed = parseCommand(command, process.argv.slice(2));
    if (parsed.help) {
      console.log(helpOf(command));
      process.exit(0);
    }
    return parsed;
  } catch (e) {
    if (e instanceof UsageError) usageFailure(command, e.message);
    throw e;
  }
}

/** A whole number option (a port, a count), `fallback` when absent; a mistake exits as readArgs does. */
export function wholeNumber(command: CommandSpec, name: string, value: string | undefined, fallback: number, range: { min?: number; max?: number } = {}): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  const { min = 0, max = Number.MAX_SAFE_INTEGER } = range;
  if (value.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    usageFailure(command, `--${name} takes a whole number${max < Number.MAX_SAFE_INTEGER ? ` from ${min} to ${max}` : min > 0 ? ` of ${min} or more` : ''}, not "${value}"`);
  }
  return n;
}
