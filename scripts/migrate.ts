// `npm run migrate -- <docusaurus site folder> <target docs folder> [--force] [--static DIR]`:
// converts a Docusaurus docs folder into this generator's Markdown and prints the report
// (build/migrate/). Exit 0 when the conversion finished, even with things left to rewrite by hand;
// 2 when the arguments are wrong.
import { migrate, MigrateUsageError } from '../build/migrate/migrate.ts';
import { formatReport } from '../build/migrate/report.ts';
import { readCommand } from './cli-args.ts';

const USAGE = 'usage: npm run migrate -- <docusaurus site folder> <target docs folder> [--force] [--static DIR]';

function fail(message: string): never {
  console.error(`migrate: ${message}\n${USAGE}`);
  process.exit(2);
}

let parsed: ReturnType<typeof readCommand<{ force: { type: 'boolean' }; static: { type: 'string' }; help: { type: 'boolean' } }>>;
try {
  parsed = readCommand({ force: { type: 'boolean' }, static: { type: 'string' }, help: { type: 'boolean' } });
} catch (e) {
  fail((e as Error).message);
}
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}
const [siteDir, targetDir, ...extra] = parsed.positionals;
if (!siteDir || !targetDir) fail('give the Docusaurus site folder and the target docs folder');
if (extra.length > 0) fail(`unexpected argument ${extra[0]}`);
try {
  const report = migrate({ siteDir, targetDir, force: parsed.values.force, staticDir: parsed.values.static });
  console.log(formatReport(report));
} catch (e) {
  if (e instanceof MigrateUsageError) fail(e.message);
  throw e;
}
