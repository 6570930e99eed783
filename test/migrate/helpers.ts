// The migration tests' shared steps: convert the Docusaurus fixture through the CLI into a temp
// folder, and build the result with this generator through its CLI, as an author would.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../helpers/paths.ts';
import { tempDir, writeFileIn } from '../helpers/temp-dir.ts';

export const docusaurusFixture = path.join(projectRoot, 'test', 'fixtures', 'docusaurus-site');
export const convertedConfig = path.join(projectRoot, 'test', 'migrate', 'converted-site.config.ts');

export interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

export function runMigrate(args: string[]): Run {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts', ...args], { cwd: projectRoot, encoding: 'utf8' });
  return { status: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
}

export interface Converted extends Run {
  dir: string;
  docs: string;
}

/** The fixture converted into `<temp>/docs`. */
export function convertFixture(): Converted {
  const dir = tempDir('sg-migrate-');
  const docs = path.join(dir, 'docs');
  return { dir, docs, ...runMigrate([docusaurusFixture, docs]) };
}

/** Builds converted docs with the converted site's config and the Docusaurus site's static folder. */
export function buildConverted(c: Converted, config = convertedConfig): Run & { out: string } {
  const out = path.join(c.dir, 'dist');
  const pages = path.join(c.dir, 'pages');
  mkdirSync(pages, { recursive: true });
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--docs', c.docs, '--pages', pages,
    '--static', path.join(docusaurusFixture, 'static'), '--config', config, '--out', out, '--no-cache'], { cwd: projectRoot, encoding: 'utf8' });
  return { status: r.status ?? 1, stdout: r.stdout, stderr: r.stderr, out };
}

export interface MigratedSite extends Converted {
  /** A converted file's text, by its path in the target folder. */
  out(rel: string): string;
}

/**
 * A Docusaurus site made of `files` (paths in the site folder → text) in a scratch folder,
 * converted through the CLI into the folder's `out/`.
 */
export function migrateSite(prefix: string, files: Record<string, string>): MigratedSite {
  const dir = tempDir(prefix);
  for (const [rel, text] of Object.entries(files)) writeFileIn(path.join(dir, 'site'), rel, text);
  const docs = path.join(dir, 'out');
  return { dir, docs, ...runMigrate([path.join(dir, 'site'), docs]), out: (rel) => readFileSync(path.join(docs, rel), 'utf8') };
}
