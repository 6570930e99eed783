// The environment the engine runs in when started by `npm run build` (or dev, start, preview):
// package.json's scripts set variables in front of the command, and the benchmarks start the
// same command directly, so they take the variables from there rather than from a copy.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `A=1 B=2 node …` → { A: '1', B: '2' }: the variables a script line sets for its command. */
export function variablesOf(line: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const word of line.trim().split(/\s+/)) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(\S*)$/.exec(word);
    if (!m) break;
    vars[m[1]] = m[2];
  }
  return vars;
}

/** process.env with the variables package.json's script `name` sets. */
export function engineEnv(name: string): NodeJS.ProcessEnv {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const line = pkg.scripts[name];
  if (line === undefined) throw new Error(`package.json has no script "${name}"`);
  return { ...process.env, ...variablesOf(line) };
}
