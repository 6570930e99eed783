// `npm run audit` — builds the site, serves dist/ on loopback (the preview server: production
// routing, headers and precompressed files), and runs Lighthouse (mobile profile, simulated
// throttling) in Debian's Chromium on one page of every kind. Prints the four category scores,
// LCP, TBT, CLS and bytes per page; exits non-zero when a page misses a target.
// Nothing reaches the internet: api.github.com resolves to a local HTTPS stub.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createPreviewServer, listen } from '../build/serve/server.ts';
import { readArgs, wholeNumber } from './cli-args.ts';
import { AUDIT } from './commands.ts';
import { chromiumPath, CHROMIUM_FLAGS } from '../build/diagrams/chromium.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = readArgs(AUDIT);
const dist = path.join(root, '.cache', 'audit-dist');
const reports = path.join(root, '.cache', 'audit-reports');

// Lighthouse refuses to audit a document answered with 404, so the page-not-found page is audited
// at /404.html, which serves the same file with status 200.
const PAGES = ['/', '/info/introduction', '/tech-docs/rule-configuration/security-groups', '/tech-docs/sgroups/api/v2/sync', '/404.html'];
if (args.only && !PAGES.includes(args.only)) {
  console.error(`--only ${args.only}: not an audited page; use one of ${PAGES.join(', ')}`);
  process.exit(2);
}
const routes = PAGES.filter((p) => !args.only || p === args.only);
const runs = wholeNumber(AUDIT, 'runs', args.runs, 1, { min: 1 });
const TARGETS = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100, lcpMs: 1200, tbtMs: 50, cls: 0, bytes: 150 * 1024 };

if (!args['skip-build']) {
  const r = spawnSync(process.execPath, ['scripts/launch.mjs', 'scripts/build.ts', '--out', dist, '--quiet'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** A local stand-in for api.github.com (self-signed; Chromium is told to accept it). */
function startGitHubStub(): Promise<{ port: number; close: () => void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sg-audit-tls-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=api.github.com',
    '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
  const server = https.createServer({ key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) }, (req, res) => {
    const body = req.url?.endsWith('/tags') ? [{ name: 'v2.0.0' }] : { stargazers_count: 128, forks: 24 };
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(JSON.stringify(body));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const addr = server.address();
    resolve({ port: typeof addr === 'object' && addr ? addr.port : 0, close: () => server.close() });
  }));
}

const site = createPreviewServer(dist);
const port = await listen(site, 0);
const github = await startGitHubStub();
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: [...CHROMIUM_FLAGS, `--host-resolver-rules=MAP api.github.com:443 127.0.0.1:${github.port}`,
    '--ignore-certificate-errors'],
});

let failed = false;
try {
  for (let run = 1; run <= runs; run++) {
    if (runs > 1) console.log(`run ${run}`);
    for (const route of routes) {
      const result = await lighthouse(`http://127.0.0.1:${port}${route}`, { port: chrome.port, output: 'json', logLevel: 'error' });
      const lhr = result!.lhr;
      // The full report, for looking into a miss: .cache/audit-reports/<page>.json
      mkdirSync(reports, { recursive: true });
      const name = route.replace(/\W+/g, '_') || 'home';
      writeFileSync(path.join(reports, `${name}.json`), JSON.stringify(lhr));
      // --traces keeps the Chromium trace too (open it in DevTools' Performance panel).
      if (args.traces) writeFileSync(path.join(reports, `${name}.trace.json`), JSON.stringify(result!.artifacts.Trace));
      const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      const num = (a: string) => Number(lhr.audits[a]?.numericValue ?? NaN);
      const row = {
        performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo'),
        lcpMs: num('largest-contentful-paint'), tbtMs: num('total-blocking-time'), cls: num('cumulative-layout-shift'), bytes: num('total-byte-weight'),
      };
      const misses = [
        ...(['performance', 'accessibility', 'best-practices', 'seo'] as const).filter((c) => row[c] < TARGETS[c]),
        ...(row.lcpMs > TARGETS.lcpMs ? ['LCP'] : []), ...(row.tbtMs > TARGETS.tbtMs ? ['TBT'] : []),
        ...(row.cls > TARGETS.cls ? ['CLS'] : []), ...(row.bytes > TARGETS.bytes ? ['bytes'] : []),
      ];
      if (misses.length) failed = true;
      console.log(`${route.padEnd(48)} perf ${row.performance} a11y ${row.accessibility} bp ${row['best-practices']} seo ${row.seo}`
        + `  LCP ${(row.lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(row.tbtMs)} ms  CLS ${row.cls.toFixed(3)}  ${(row.bytes / 1024).toFixed(1)} KiB`
        + (misses.length ? `  MISSES: ${misses.join(', ')}` : ''));
      for (const [id, audit] of Object.entries(lhr.audits)) {
        if (misses.length && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary') console.log(`    failing audit: ${id} — ${audit.title}`);
      }
    }
  }
} finally {
  await chrome.kill();
  github.close();
  site.close();
}
process.exit(failed ? 1 : 0);
