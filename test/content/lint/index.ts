// The content lint: runs every check that applies to a page and returns all problems at once.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkEnv } from './check-env.ts';
import { checkHclBlock } from './check-hcl.ts';
import { checkHedging } from './check-hedging.ts';
import { checkJsonBlock, curlBodies } from './check-json.ts';
import { checkMetrics } from './check-metrics.ts';
import { checkYamlBlock } from './check-yaml.ts';
import { splitPage } from './markdown.ts';
import { apiNames, configNames, metricNames } from './names.ts';
import type { Problem } from './problem.ts';

export type { Problem } from './problem.ts';
export { formatProblem } from './problem.ts';

/** Which page-specific checks a page gets. */
export interface PageRoles {
  /** JSON examples are API v2 bodies (pages under tech-docs/sgroups/api/ and tech-docs/rule-configuration/). */
  api: boolean;
  /** Metrics named in backticks are checked (the two monitoring pages). */
  monitoring: boolean;
}

const MONITORING_PAGES = ['tech-docs/sgroups/monitoring.md', 'tech-docs/to-nft/monitoring.md'];

/** Roles from the page's path inside docs/ (forward slashes). */
export const rolesOf = (docsRelative: string): PageRoles => ({
  api: docsRelative.startsWith('tech-docs/sgroups/api/') || docsRelative.startsWith('tech-docs/rule-configuration/'),
  monitoring: MONITORING_PAGES.includes(docsRelative),
});

export function lintPage(file: string, text: string, roles: PageRoles): Problem[] {
  const parts = splitPage(text);
  const problems: Problem[] = [];
  const api = roles.api ? apiNames() : null;
  for (const block of parts.blocks) {
    if (block.lang === 'json' && api) problems.push(...checkJsonBlock(file, block, api));
    if (api) for (const body of curlBodies(block)) problems.push(...checkJsonBlock(file, body, api));
    if (block.lang === 'hcl' || block.lang === 'terraform') problems.push(...checkHclBlock(file, block));
    if (block.lang === 'yaml' || block.lang === 'yml') problems.push(...checkYamlBlock(file, block));
  }
  if (roles.monitoring) problems.push(...checkMetrics(file, parts, metricNames()));
  problems.push(...checkEnv(file, parts, configNames('server'), configNames('agent')));
  problems.push(...checkHedging(file, text));
  return problems.sort((a, b) => a.line - b.line);
}

/** Every Markdown page under `docsDir`, as paths relative to it with forward slashes. */
export const pagesOf = (docsDir: string): string[] =>
  readdirSync(docsDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.mdx?$/.test(f))
    .map((f) => f.split(path.sep).join('/'))
    .sort();

/** Lints a whole docs/ folder; `label` prefixes the page paths in the problems (e.g. "docs"). */
export function lintDocs(docsDir: string, label = 'docs'): Map<string, Problem[]> {
  const result = new Map<string, Problem[]>();
  for (const rel of pagesOf(docsDir)) {
    const text = readFileSync(path.join(docsDir, rel), 'utf8');
    result.set(rel, lintPage(`${label}/${rel}`, text, rolesOf(rel)));
  }
  return result;
}
