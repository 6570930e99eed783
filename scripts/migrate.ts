// `npm run migrate -- <docusaurus site folder> <target docs folder> [--force] [--static DIR]`:
// converts a Docusaurus docs folder into this generator's Markdown and prints the report
// (build/migrate/). Exit 0 when the conversion finished, even with things left to rewrite by hand;
// 2 when the arguments are wrong.
import { migrate, MigrateUsageError } from '../build/migrate/migrate.ts';
import { formatReport } from '../build/migrate/report.ts';
import { readCommand, usageFailure } from './cli-args.ts';
import { MIGRATE } from './commands.ts';

const fail = (message: string): never => usageFailure(MIGRATE, message);
const parsed = readCommand(MIGRATE);
const [siteDir, targetDir, ...extra] = parsed.operands;
if (!siteDir || !targetDir) fail('give the Docusaurus site folder and the target docs folder');
if (extra.length > 0) fail(`unexpected argument ${extra[0]}`);
try {
  const report = migrate({ siteDir, targetDir, force: parsed.values.force, staticDir: parsed.values.static });
  console.log(formatReport(report));
} catch (e) {
  if (e instanceof MigrateUsageError) fail(e.message);
  throw e;
}
