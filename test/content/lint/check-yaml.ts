// ```yaml blocks that configure the server or the agent: every key path is one the code reads.
// A block counts as a config when its top-level keys include a key of either config (anything
// else — Prometheus, alert rules, Kubernetes — is left alone); the page's section decides between
// server and agent, and on other pages the keys do.
import { isMap, isPair, isScalar, LineCounter, parseDocument, type Node } from 'yaml';
import { configNames, type ConfigNames } from './names.ts';
import { didYouMean } from './nearest.ts';
import { isSkipped, type CodeBlock } from './markdown.ts';
import type { Problem } from './problem.ts';

const topKeys = (c: ConfigNames) => new Set(c.keys.map((k) => k.split('/')[0]!));

function whichConfig(file: string, top: string[], server: ConfigNames, agent: ConfigNames): 'server' | 'agent' | null {
  const s = topKeys(server);
  const a = topKeys(agent);
  const sHits = top.filter((k) => s.has(k)).length;
  const aHits = top.filter((k) => a.has(k)).length;
  if (sHits === 0 && aHits === 0) return null;
  // Keys only one of the two programs reads decide (an agent fragment on a server page, say)…
  const sOnly = top.filter((k) => s.has(k) && !a.has(k)).length;
  const aOnly = top.filter((k) => a.has(k) && !s.has(k)).length;
  if (aOnly > 0 && sOnly === 0) return 'agent';
  if (sOnly > 0 && aOnly === 0) return 'server';
  // …otherwise (shared keys such as logger, or a mix with a misspelling) the page's section does.
  if (/\/to-nft\//.test(file)) return 'agent';
  if (/\/sgroups\//.test(file)) return 'server';
  return aOnly > sOnly ? 'agent' : 'server';
}

export function checkYamlBlock(file: string, block: CodeBlock): Problem[] {
  if (isSkipped(block)) return [];
  const lines = new LineCounter();
  const doc = parseDocument(block.body, { lineCounter: lines });
  const lineOf = (node: Node | null | undefined) =>
    block.startLine + (node?.range ? lines.linePos(node.range[0]).line : 1) - 1;
  if (!isMap(doc.contents)) return [];
  const top = doc.contents.items.map((p) => (isScalar(p.key) ? String(p.key.value) : '')).filter(Boolean);
  const server = configNames('server');
  const agent = configNames('agent');
  const which = whichConfig(file, top, server, agent);
  if (which === null) return [];
  const problems: Problem[] = [];
  if (doc.errors.length > 0) {
    problems.push({ file, line: block.startLine, check: 'yaml', message: `${which} config example does not parse as YAML: ${doc.errors[0]!.message.split('\n')[0]}` });
    return problems;
  }
  const known = which === 'server' ? server.keys : agent.keys;
  const prefixes = new Set<string>();
  for (const k of known) {
    const parts = k.split('/');
    for (let n = 1; n < parts.length; n++) prefixes.add(parts.slice(0, n).join('/'));
  }
  const walk = (node: unknown, path: string) => {
    if (!isMap(node)) return;
    for (const pair of node.items) {
      if (!isPair(pair) || !isScalar(pair.key)) continue;
      const key = String(pair.key.value);
      const full = path ? `${path}/${key}` : key;
      if (known.includes(full)) continue; // a leaf key: its value is data, not keys
      if (prefixes.has(full)) { walk(pair.value, full); continue; }
      // Hint among the keys that can stand at this level.
      const siblings = [...new Set([...known, ...prefixes].filter((k) => k.startsWith(path ? `${path}/` : '') && !k.slice(path ? path.length + 1 : 0).includes('/')))];
      problems.push({
        file, line: lineOf(pair.key as Node), check: 'yaml',
        message: `unknown ${which} config key "${full}"${didYouMean(full, siblings)}`,
      });
    }
  };
  walk(doc.contents, '');
  return problems;
}
