// `npm run check:links -- --external` against a local HTTP server the test starts (nothing goes
// to the internet): 200, 301 → 200, 404, 429 with Retry-After, and one URL that never answers.
// Each is reported as it should be, with page and line, within the timeout; a URL used on two
// pages is asked once; a second run answers from the day-long cache.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { stopServer } from '../../build/serve/server.ts';
import { projectRoot } from '../helpers/paths.ts';
import { tempDir } from '../helpers/temp-dir.ts';

function run(args: string[]): Promise<{ code: number | null; out: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/check-links.ts', ...args], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => resolve({ code, out, ms: Date.now() - started }));
  });
}

describe('external link check', () => {
  let server: http.Server;
  let origin = '';
  const requests: string[] = [];
  const busySince: number[] = [];
  let work = '';
  let docs = '';

  before(async () => {
    server = http.createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      if (req.url === '/ok') return res.writeHead(200, { 'content-type': 'text/html' }).end('<a href="https://example.invalid/elsewhere">x</a>');
      if (req.url === '/moved') return res.writeHead(301, { location: '/landing' }).end();
      if (req.url === '/landing') return res.writeHead(200).end('moved here');
      if (req.url === '/missing') return res.writeHead(404).end();
      if (req.url === '/busy') {
        busySince.push(Date.now());
        // Too many requests the first time: come back in one second.
        return busySince.length === 1 ? res.writeHead(429, { 'retry-after': '1' }).end() : res.writeHead(200).end('ok');
      }
      // /hang: never answers.
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    work = tempDir('sg-external-');
    docs = path.join(work, 'docs');
    mkdirSync(path.join(docs, 'guide'), { recursive: true });
    writeFileSync(path.join(docs, 'guide', 'a.md'), [
      '---', 'title: A', '---', '', `Рабочая [ссылка](${origin}/ok).`, '', `Перенесённая: [сюда](${origin}/moved).`, '',
      `Пропавшая: [страница](${origin}/missing#раздел).`, '', `Молчащий [сервер](${origin}/hang).`, '',
    ].join('\n'));
    writeFileSync(path.join(docs, 'b.md'), [`# B`, '', `Та же [ссылка](${origin}/ok) и занятый [сервер](${origin}/busy).`, '', `[404 снова](${origin}/missing)`, ''].join('\n'));
  });
  after(() => stopServer(server));

  it('reports the dead links by page and line, honours Retry-After, asks each URL once, ends within its timeout', { timeout: 60_000 }, async () => {
    const r = await run(['--external', '--docs', docs, '--cache-dir', path.join(work, 'cache'), '--timeout', '2000', '--retries', '1']);
    assert.equal(r.code, 1, r.out);
    const rel = path.relative(projectRoot, docs);
    assert.match(r.out, /^5 external URLs: 5 checked, 0 from the cache \(a day\), 2 dead, in \d+ ms$/m);
    assert.ok(r.out.includes([
      `${rel}/b.md`,
      `  ${rel}/b.md:5: ${origin}/missing (404)`,
      `${rel}/guide/a.md`,
      `  ${rel}/guide/a.md:9: ${origin}/missing (404)`,
      `  ${rel}/guide/a.md:11: ${origin}/hang (no answer within 2 s)`,
    ].join('\n')), r.out);
    assert.doesNotMatch(r.out, /\/ok|\/moved|\/busy/, 'the live ones (200, 301 → 200, 429 then 200) are not reported');
    assert.equal(busySince.length, 2, '429 asked again');
    assert.ok(busySince[1] - busySince[0] >= 900, `waited for Retry-After: ${busySince[1] - busySince[0]} ms`);
    assert.equal(requests.filter((q) => q.endsWith(' /ok')).length, 1, `used on two pages, asked once: ${requests.join(', ')}`);
    assert.ok(requests.some((q) => q.endsWith(' /landing')), 'the redirect was followed');
    assert.ok(!requests.some((q) => q.includes('elsewhere')), 'links on the answered pages are not followed');
    assert.ok(r.ms < 30_000, `took ${r.ms} ms`);
  });

  it('a second run the same day answers from the cache without a request', async () => {
    const before = requests.length;
    const r = await run(['--external', '--docs', docs, '--cache-dir', path.join(work, 'cache')]);
    assert.equal(r.code, 1);
    assert.match(r.out, /^5 external URLs: 0 checked, 5 from the cache \(a day\), 2 dead/m);
    assert.equal(requests.length, before, 'no request');
  });

  it('without --external it explains that internal links are checked by the build', async () => {
    const r = await run([]);
    assert.equal(r.code, 2);
    assert.match(r.out, /checked by every build/);
  });
});
