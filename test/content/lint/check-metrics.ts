// Monitoring pages: every metric named in backticks (inline code, and PromQL or scrape output in
// code blocks) is one the server or the agent exposes, spelled as Prometheus shows it.
import type { MetricNames } from './names.ts';
import { didYouMean, distance } from './nearest.ts';
import type { PageParts } from './markdown.ts';
import type { Problem } from './problem.ts';

/** Identifiers in a piece of code that look like metric names (snake_case with a known namespace, or close to a known name). */
function candidates(code: string, metrics: MetricNames): { name: string; offset: number }[] {
  const out: { name: string; offset: number }[] = [];
  for (const m of code.matchAll(/(?<![\w./$-])[a-z][a-z0-9_]*[a-z0-9](?![\w(-])\*?/g)) {
    const token = m[0];
    if (token.endsWith('*')) continue; // a family such as go_memstats_*: checked as a prefix below
    if (metrics.labels.has(token)) continue;
    const prefixed = metrics.namespaces.some((ns) => token.startsWith(ns));
    // Names outside the namespaces (healthcheck) are caught when they are one or two edits from a known name.
    const near = !prefixed && token.includes('_') === false && token.length > 6 &&
      [...metrics.exposed].some((k) => !k.includes('_') && distance(token, k) > 0 && distance(token, k) <= 2);
    if (prefixed || near) out.push({ name: token, offset: m.index! });
  }
  return out;
}

export function checkMetrics(file: string, parts: PageParts, metrics: MetricNames): Problem[] {
  const problems: Problem[] = [];
  const check = (name: string, line: number) => {
    if (metrics.exposed.has(name)) return;
    problems.push({ file, line, check: 'metric', message: `metric "${name}" is not exposed by the server or the agent${didYouMean(name, metrics.names)}` });
  };
  const checkFamily = (code: string, line: number) => {
    for (const m of code.matchAll(/\b([a-z][a-z0-9_]*_)\*/g)) {
      const prefix = m[1]!;
      if (![...metrics.exposed].some((k) => k.startsWith(prefix))) {
        // Hint with the families that exist: every name cut after one of its underscores.
        const families = new Set(metrics.names.flatMap((n) => [...n.matchAll(/_/g)].map((u) => n.slice(0, u.index! + 1))));
        problems.push({ file, line, check: 'metric', message: `no exposed metric starts with "${prefix}"${didYouMean(prefix, families)}` });
      }
    }
  };
  for (const span of parts.inline) {
    for (const c of candidates(span.text, metrics)) check(c.name, span.line);
    checkFamily(span.text, span.line);
  }
  for (const block of parts.blocks) {
    if (!['text', 'yaml', 'promql', 'bash', ''].includes(block.lang)) continue;
    block.body.split('\n').forEach((codeLine, k) => {
      // Only PromQL-looking places: sample lines of a scrape, expr: of alert rules, grep patterns, queries.
      for (const c of candidates(codeLine, metrics)) check(c.name, block.startLine + k);
    });
  }
  return problems;
}
