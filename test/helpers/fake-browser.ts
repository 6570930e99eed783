// A stand-in for the browser `--open` starts (build/serve/open-browser.ts), named in $BROWSER:
// it records the arguments of each start instead of showing anything.
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from './temp-dir.ts';

/** A stand-in browser: appends the arguments it was started with to a file, one line per start. */
export function fakeBrowser(): { program: string; opened: () => string[] } {
  const dir = tempDir('sg-browser-');
  const program = path.join(dir, 'browser');
  const log = path.join(dir, 'opened.txt');
  writeFileSync(program, `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\n`);
  chmodSync(program, 0o755);
  return { program, opened: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []) };
}
