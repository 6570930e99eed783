// `npm test` — type-checks, builds the real site once (the browser tests serve it), then runs
// every test file under test/ with Node's test runner; `npm test -- dev/session` only the files
// whose path has that text.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommand, usageFailure } from './cli-args.ts';
import { TEST } from './commands.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const { operands } = readCommand(TEST);
if (operands.length > 1) usageFailure(TEST, `one filter at a time, not ${operands.length}: ${operands.join(' ')}`);
const filter = operands[0];
const files = readdirSync(path.join(root, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f) && (!filter || f.includes(filter)))
  .sort()
  .map((f) => path.join('test', f));
// Given no files, Node's runner would look for tests itself and run the fixtures' scripts.
if (files.length === 0) {
  console.error(`No test file under test/ has "${filter}" in its path (e.g. npm test -- dev/session).`);
  process.exit(1);
}
console.log('› type check');
run('npx', ['tsc', '--noEmit', '-p', '.']);

const siteDist = path.join(root, '.cache', 'test-site');
console.log('› building the site for the browser tests');
run('npx', ['tsx', 'scripts/build.ts', '--out', siteDist, '--quiet']);

console.log(`› ${files.length} test files`);
run(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], { SG_SITE_DIST: siteDist });
