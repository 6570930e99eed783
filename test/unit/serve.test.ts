import assert from 'node:assert/strict';
import { mkdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createPreviewServer, createStaticServer, listen } from '../../build/serve/server.ts';
import { CSP_FILE } from '../../build/render/csp.ts';
import { REDIRECTS_JSON_FILE } from '../../build/output/redirect-page.ts';
import { tempDir } from '../helpers/temp-dir.ts';

describe('preview server routing', () => {
  const root = tempDir('sg-serve-');
  let origin = '';
  let close = () => {};
  before(async () => {
    const put = (rel: string, body: string) => {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), body);
    };
    put('index.html', 'home');
    put('info/introduction/index.html', 'intro');
    put('404.html', 'not found page');
    put('assets/entry.ABC.js', 'console.log(1)');
    put('_data/info/introduction.json', '{}');
    const server = createStaticServer({ root });
    origin = `http://127.0.0.1:${await listen(server, 0)}`;
    close = () => server.close();
  });
  after(() => close());

  const get = (p: string) => fetch(origin + p, { redirect: 'manual' });

  it('serves routes without a trailing slash and redirects the slash form', async () => {
    assert.equal(await (await get('/')).text(), 'home');
    assert.equal(await (await get('/info/introduction')).text(), 'intro');
    const r = await get('/info/introduction/');
    assert.equal(r.status, 301);
    assert.equal(r.headers.get('location'), '/info/introduction');
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    const r = await get('/nope');
    assert.equal(r.status, 404);
    assert.equal(await r.text(), 'not found page');
    assert.equal((await get('/assets/missing.js')).status, 404);
    assert.equal((await get('/_data/missing.json')).status, 404);
    assert.equal((await get('/../etc/passwd')).status, 404);
  });

  it('caches hashed assets forever and revalidates pages', async () => {
    assert.match((await get('/assets/entry.ABC.js')).headers.get('cache-control') ?? '', /immutable/);
    const page = await get('/info/introduction');
    assert.equal(page.headers.get('cache-control'), 'no-cache');
    const etag = page.headers.get('etag')!;
    assert.equal((await fetch(origin + '/info/introduction', { headers: { 'if-none-match': etag } })).status, 304);
  });

  it('dates a file by its whole second, as nginx does, even written in the last millisecond of one', async () => {
    const file = path.join(root, 'info', 'introduction', 'index.html');
    utimesSync(file, 1765054501.9996, 1765054501.9996);
    const h = (await get('/info/introduction')).headers;
    assert.equal(h.get('last-modified'), 'Sat, 06 Dec 2025 20:55:01 GMT');
    assert.match(h.get('etag') ?? '', new RegExp(`^"${(1765054501).toString(16)}-`), 'the ETag has the same second');
  });

  it('sends the security headers', async () => {
    const h = (await get('/')).headers;
    assert.equal(h.get('x-content-type-options'), 'nosniff');
    assert.equal(h.get('x-frame-options'), 'DENY');
    assert.equal(h.get('referrer-policy'), 'strict-origin-when-cross-origin');
  });

  it('keeps serving while a file is deleted and written again between requests (the dev server replaces assets)', { timeout: 60_000 }, async () => {
    // Before the file was opened ahead of its headers, a file removed after its stat and before
    // its read stream opened raised an unhandled stream error, and the process (npm run dev) died.
    const rel = 'assets/churn.js';
    const body = 'x'.repeat(64 * 1024);
    let churning = true;
    const churn = (async () => {
      while (churning) {
        rmSync(path.join(root, rel), { force: true });
        await new Promise((r) => setImmediate(r));
        writeFileSync(path.join(root, rel), body);
        await new Promise((r) => setImmediate(r));
      }
    })();
    const statuses = new Set<number>();
    try {
      for (let round = 0; round < 40; round++) {
        const replies = await Promise.all(Array.from({ length: 25 }, async () => {
          const r = await fetch(`${origin}/${rel}`, { signal: AbortSignal.timeout(5000) });
          return { status: r.status, text: await r.text() };
        }));
        for (const { status, text } of replies) {
          statuses.add(status);
          // Either the whole file or the 404 page, never a cut-off body.
          if (status === 200) assert.equal(text, body);
          else assert.equal(status, 404);
        }
      }
    } finally {
      churning = false;
      await churn;
    }
    assert.ok(statuses.has(200), 'some requests found the file');
    assert.equal((await get('/')).status, 200, 'the server still answers');
  });
});

describe('preview server while a build replaces its folder', () => {
  const parent = tempDir('sg-serve-rebuilt-');
  const root = path.join(parent, 'dist');
  /** A build's output as the build puts it in place: a staging folder renamed over the old one. */
  const build = (csp: string, redirects: { path: string; location: string }[]) => {
    const staging = path.join(parent, `staging-${csp.length}`);
    mkdirSync(path.join(staging, '_headers'), { recursive: true });
    writeFileSync(path.join(staging, 'index.html'), 'home');
    writeFileSync(path.join(staging, '404.html'), 'not found');
    writeFileSync(path.join(staging, CSP_FILE), `${csp}\n`);
    writeFileSync(path.join(staging, REDIRECTS_JSON_FILE), JSON.stringify(redirects));
    rmSync(root, { recursive: true, force: true });
    renameSync(staging, root);
  };
  let origin = '';
  let close = () => {};
  before(async () => {
    build("style-src 'sha256-first'", [{ path: '/old', location: '/' }]);
    const server = createPreviewServer(root);
    origin = `http://127.0.0.1:${await listen(server, 0)}`;
    close = () => server.close();
  });
  after(() => close());

  it("sends the new build's policy and redirects, not those it started with", async () => {
    const get = (p: string) => fetch(origin + p, { redirect: 'manual' });
    assert.equal((await get('/')).headers.get('content-security-policy'), "style-src 'sha256-first'");
    assert.equal((await get('/old')).status, 301);
    build("style-src 'sha256-second-build'", [{ path: '/older', location: '/' }]);
    assert.equal((await get('/')).headers.get('content-security-policy'), "style-src 'sha256-second-build'");
    assert.equal((await get('/old')).status, 404);
    assert.equal((await get('/older')).headers.get('location'), '/');
  });
});
