// The V8 flags the engine tunes while it runs (build/index.ts, build/pipeline.ts), set through here
// so that the launcher knows them: a code cache records the flags its script was compiled under and
// V8 refuses it under others, so scripts/run-cached.mjs compiles each of the engine's files under
// V8's defaults (putting these back meanwhile) and makes the caches under the defaults too. A global,
// not inherited by worker threads or child processes.
import { setFlagsFromString } from 'node:v8';

const APPLIED = Symbol.for('sgroups.v8.flags');

/** Sets V8 flags (`--name=value …`) for the rest of the process and records them, by name. */
export function setEngineFlags(flags: string): void {
  setFlagsFromString(flags);
  const scope = globalThis as Record<symbol, Map<string, string> | undefined>;
  const applied = (scope[APPLIED] ??= new Map());
  for (const flag of flags.split(/\s+/).filter(Boolean)) applied.set(flag.replace(/^--/, '').split('=')[0], flag);
}
