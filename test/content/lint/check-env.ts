// Environment variables of the server (SG_…) and the agent (NFT_…) named in code, inline or in
// blocks, on any page: each is the key path the code reads, hyphens kept. Two exceptions keep
// honest prose possible: a variable a shell snippet assigns for itself (`SG_API='http://…'`, no
// export) is the snippet's own, and a known wrong spelling may be named in inline code to warn.
import type { ConfigNames } from './names.ts';
import { didYouMean } from './nearest.ts';
import type { PageParts } from './markdown.ts';
import type { Problem } from './problem.ts';

/** Names a shell snippet on the page assigns without exporting them: helper variables of the snippet. */
const shellLocals = (parts: PageParts): Set<string> => {
  const locals = new Set<string>();
  for (const block of parts.blocks) {
    if (!['bash', 'sh', 'shell', 'console'].includes(block.lang)) continue;
    for (const m of block.body.matchAll(/^\s*([A-Z][A-Z0-9_]*)=/gm)) locals.add(m[1]!);
  }
  return locals;
};

export function checkEnv(file: string, parts: PageParts, server: ConfigNames, agent: ConfigNames): Problem[] {
  const problems: Problem[] = [];
  const known = new Set([...server.env, ...agent.env]);
  const rejected = { ...server.rejected, ...agent.rejected };
  const locals = shellLocals(parts);
  const prefixes = [server.envPrefix, agent.envPrefix];
  const scan = (code: string, line: number, inProse: boolean) => {
    const re = new RegExp(`(?<![\\w$-])(?:${prefixes.join('|')})_[A-Z0-9_-]*[A-Z0-9](?![\\w-])`, 'g');
    for (const m of code.matchAll(re)) {
      const name = m[0];
      if (known.has(name) || locals.has(name)) continue;
      if (inProse && name in rejected) continue;
      const pool = name.startsWith(`${server.envPrefix}_`) ? server.env : agent.env;
      const hint = name in rejected ? ` — the program reads "${rejected[name]}"` : didYouMean(name, pool);
      problems.push({ file, line, check: 'env', message: `unknown environment variable "${name}"${hint}` });
    }
  };
  for (const span of parts.inline) scan(span.text, span.line, true);
  for (const block of parts.blocks) block.body.split('\n').forEach((l, k) => scan(l, block.startLine + k, false));
  return problems;
}
