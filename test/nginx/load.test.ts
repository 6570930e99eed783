// A bounded load test of deploy/nginx.conf on loopback: the real nginx serving the fixture build,
// autocannon for 10 s with 50 connections over a mix of pages, page data and hashed assets (all
// of them existing paths, gzip accepted as browsers do). Asserts no errors, timeouts or non-2xx
// answers and prints requests/second and latency percentiles. Traffic goes to 127.0.0.1 only and
// stops by itself.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import autocannon from 'autocannon';
import { fixtureDist, startNginx, type RunningNginx } from './nginx.ts';

const DURATION_S = 10;
const CONNECTIONS = 50;

describe('nginx under load (loopback, bounded)', () => {
  let nginx: RunningNginx | undefined;
  let paths: string[] = [];

  before(async () => {
    const dist = fixtureDist();
    const assets = readdirSync(path.join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f)).map((f) => `/assets/${f}`);
    const sidebars = readdirSync(path.join(dist, '_data', 'sidebars')).map((f) => `/_data/sidebars/${f}`);
    paths = [
      '/', '/guide/intro', '/guide/install', '/reference', '/reference/api', '/markdown-page',
      '/_data/guide/intro.json', '/_data/reference/api.json', ...sidebars, ...assets, '/img/logo.svg', '/robots.txt',
    ];
    nginx = await startNginx(dist);
  });

  after(async () => {
    await nginx?.stop();
  });

  it(`${CONNECTIONS} connections for ${DURATION_S} s over pages and assets: no errors, only 2xx`, { timeout: 60_000 }, async (t) => {
    const result = await autocannon({
      url: nginx!.origin,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: { 'accept-encoding': 'gzip' },
      requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
    });
    const l = result.latency;
    const summary = `nginx load: ${Math.round(result.requests.average)} req/s (${result.requests.total} requests over ${paths.length} paths, `
      + `${(result.throughput.average / 1024 / 1024).toFixed(1)} MB/s), latency p50 ${l.p50} ms, p90 ${l.p90} ms, p99 ${l.p99} ms, max ${l.max} ms; `
      + `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`;
    console.log(summary);
    t.diagnostic(summary);
    assert.equal(result.errors, 0, `errors${nginx!.errors()}`);
    assert.equal(result.timeouts, 0, 'timeouts');
    assert.equal(result.non2xx, 0, `non-2xx answers for existing paths${nginx!.errors()}`);
    assert.ok(result['2xx'] > 0 && result['2xx'] === result.requests.total, 'every request answered 2xx');
    assert.ok(result.requests.total > 1000, `only ${result.requests.total} requests in ${DURATION_S} s`);
  });
});
