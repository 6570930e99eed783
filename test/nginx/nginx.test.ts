// deploy/nginx.conf proven with the real nginx: the fixture site built through the CLI, nginx
// started as this test's own process on a free loopback port with the shipped server block (root
// and port replaced), then status codes, cache headers, precompression and security headers, the
// same answers from the preview server (build/serve/server.ts), and the site in headless Chromium with
// client-side navigation and no CSP violation or console error.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { CSP_NGINX_FILE, cspNginxInclude, readCsp } from '../../build/render/csp.ts';
import { securityHeaders } from '../../build/serve/security-headers.ts';
import { createStaticServer, listen } from '../../build/serve/server.ts';
import { isolate, launchBrowser, watchErrors } from '../helpers/browser.ts';
import { DEPLOY_CONF, fixtureDist, startNginx, testConfig, type RunningNginx } from './nginx.ts';

const PAGES = ['/', '/guide/intro', '/guide/install', '/reference', '/reference/api', '/markdown-page', '/hidden'];
const NOT_FOUND_TEXT = 'Страница не найдена';
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('deploy/nginx.conf served by the real nginx', () => {
  let dist = '';
  let nginx: RunningNginx | undefined;
  let preview: http.Server | undefined;
  let previewOrigin = '';
  let browser: Browser | undefined;
  let csp = '';
  let js = '';
  let css = '';
  let sidebar = '';

  before(async () => {
    dist = fixtureDist();
    csp = readCsp(dist) ?? '';
    const assets = readdirSync(path.join(dist, 'assets'));
    js = `/assets/${assets.find((f) => /^entry\..+\.js$/.test(f))}`;
    css = `/assets/${assets.find((f) => f.endsWith('.css'))}`;
    sidebar = `/_data/sidebars/${readdirSync(path.join(dist, '_data', 'sidebars')).find((f) => f.endsWith('.json'))}`;
    nginx = await startNginx(dist);
    preview = createStaticServer({ root: dist, csp });
    previewOrigin = `http://127.0.0.1:${await listen(preview, 0)}`;
  });

  after(async () => {
    await browser?.close();
    await new Promise<void>((r) => (preview ? preview.close(() => r()) : r()));
    await nginx?.stop();
  });

  const get = (p: string, headers: Record<string, string> = {}, origin = nginx!.origin) =>
    fetch(origin + p, { redirect: 'manual', headers: { 'accept-encoding': 'identity', ...headers } });
  const why = () => `\nnginx error log:\n${nginx?.errors() ?? ''}`;

  it('accepts the shipped server block (nginx -t) and the CSP include the build wrote', () => {
    const t = testConfig(dist);
    assert.ok(t.ok, t.output);
    assert.match(csp, /script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
    assert.equal(readFileSync(path.join(dist, CSP_NGINX_FILE), 'utf8'), cspNginxInclude(csp));
    const conf = readFileSync(DEPLOY_CONF, 'utf8');
    assert.match(conf, /^\s*# add_header Strict-Transport-Security "max-age=\d+; includeSubDomains" always;/m, 'a commented HSTS line');
    assert.match(conf, /^\s*gzip_static on;/m);
  });

  it('serves every page with 200, and / as the home page', async () => {
    for (const p of PAGES) {
      const r = await get(p);
      assert.equal(r.status, 200, `${p}${why()}`);
      assert.match(r.headers.get('content-type') ?? '', /^text\/html; charset=utf-8$/, p);
      const html = await r.text();
      assert.match(html, /^<!doctype html>/i, p);
      assert.ok(!html.includes(NOT_FOUND_TEXT) || p === '/hidden', `${p} is not the 404 page`);
    }
    assert.match(await (await get('/guide/intro')).text(), /<title>Введение в фикстуру \| Fixture<\/title>/);
  });

  it('redirects the trailing-slash form of a page to the canonical one with 301, never 404', async () => {
    for (const [from, to] of [['/guide/intro/', '/guide/intro'], ['/reference/', '/reference'], ['/guide/install//', '/guide/install'], ['/reference/api/?tab=hcl', '/reference/api?tab=hcl']]) {
      const r = await get(from);
      assert.equal(r.status, 301, from);
      assert.equal(r.headers.get('location'), to, from);
    }
    // Followed, the redirect lands on the page.
    const followed = await fetch(`${nginx!.origin}/guide/intro/`);
    assert.equal(followed.status, 200);
    assert.equal(new URL(followed.url).pathname, '/guide/intro');
  });

  it('answers a URL of the config\'s redirects with 301 to the page, the query kept, like the preview server', async () => {
    for (const [from, to] of [['/old-intro', '/guide/intro'], ['/old-intro?utm=mail', '/guide/intro?utm=mail'], ['/old-intro/', '/old-intro']]) {
      for (const origin of [nginx!.origin, previewOrigin]) {
        const r = await get(from, {}, origin);
        assert.equal(r.status, 301, `${from} on ${origin}`);
        assert.equal(r.headers.get('location'), to, `${from} on ${origin}`);
        assert.equal(r.headers.get('x-frame-options'), 'DENY', 'the security headers too');
      }
    }
    const followed = await fetch(`${nginx!.origin}/old-intro/`);
    assert.equal(followed.status, 200);
    assert.equal(new URL(followed.url).pathname, '/guide/intro');
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    for (const p of ['/no/such/page', '/no/such/page/', '/guide', '/guide/', '/assets/', '/guide/intro/index.htm', '/%D0%BD%D0%B5%D1%82']) {
      const r = await get(p);
      assert.equal(r.status, 404, `${p}${why()}`);
      assert.match(r.headers.get('content-type') ?? '', /^text\/html/, p);
      assert.ok((await r.text()).includes(NOT_FOUND_TEXT), `${p} shows the 404 page`);
    }
  });

  it('answers missing assets and page data with 404 (a stale client then reloads)', async () => {
    for (const p of ['/assets/entry.STALE000.js', '/assets/chunks/gone.ABC.js', '/assets/styles.STALE000.css', '/_data/no/such/page.json', '/_data/sidebars/guide.0000000000.json', '/img/none.png']) {
      assert.equal((await get(p)).status, 404, p);
    }
    const data = await get('/_data/guide/intro.json');
    assert.equal(data.status, 200);
    assert.match(data.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(JSON.parse(await data.text()).route, '/guide/intro');
  });

  it('serves each page\'s Markdown and the llms files as UTF-8 text', async () => {
    for (const [p, type] of [['/guide/intro.md', 'text/markdown'], ['/llms.txt', 'text/plain'], ['/llms-full.txt', 'text/plain']] as const) {
      const r = await get(p);
      assert.equal(r.status, 200, p);
      assert.equal(r.headers.get('content-type'), `${type}; charset=utf-8`, p);
      assert.equal(r.headers.get('cache-control'), 'no-cache', p);
    }
    assert.match(await (await get('/guide/intro.md')).text(), /^# /, 'Markdown, starting with the page title');
    assert.equal((await get('/guide/none.md')).status, 404);
  });

  it('never serves the build metadata in _headers/', async () => {
    for (const p of ['/_headers/csp.txt', '/_headers/csp.nginx.conf', '/_headers/compress.json', '/_headers/', '/_headers']) {
      const r = await get(p);
      assert.equal(r.status, 404, p);
      assert.ok(!(await r.text()).includes('add_header'), p);
    }
  });

  it('caches hashed assets for a year and revalidates HTML, page data and sidebars', async () => {
    for (const p of [js, css]) {
      const r = await get(p);
      assert.equal(r.status, 200, p);
      assert.equal(r.headers.get('cache-control'), IMMUTABLE, p);
    }
    // A sidebar keeps its file's name from build to build (src/data/sidebar-view.ts): revalidated.
    for (const p of ['/guide/intro', '/', '/_data/guide/intro.json', sidebar, '/sitemap.xml', '/robots.txt', '/img/logo.svg']) {
      const r = await get(p);
      assert.equal(r.status, 200, p);
      assert.equal(r.headers.get('cache-control'), 'no-cache', p);
      assert.ok(r.headers.get('etag'), `${p} has an ETag`);
      assert.ok(r.headers.get('last-modified'), `${p} has Last-Modified`);
    }
    assert.equal((await get('/no/such/page')).headers.get('cache-control'), 'no-cache');
    assert.equal((await get('/assets/entry.STALE000.js')).headers.get('cache-control'), 'no-cache', 'a 404 is never cached as immutable');
    // Revalidation: the ETag (and the date) answer 304.
    for (const enc of ['identity', 'gzip']) {
      const first = await get('/guide/intro', { 'accept-encoding': enc });
      const again = await get('/guide/intro', { 'accept-encoding': enc, 'if-none-match': first.headers.get('etag')! });
      assert.equal(again.status, 304, enc);
      const byDate = await get('/guide/intro', { 'accept-encoding': enc, 'if-modified-since': first.headers.get('last-modified')! });
      assert.equal(byDate.status, 304, enc);
    }
  });

  it('sends the precompressed .gz of a JS file to a client that accepts gzip', async () => {
    const raw = readFileSync(path.join(dist, js));
    const gz = await get(js, { 'accept-encoding': 'gzip' });
    assert.equal(gz.status, 200);
    assert.equal(gz.headers.get('content-encoding'), 'gzip');
    assert.equal(gz.headers.get('vary'), 'Accept-Encoding');
    const body = Buffer.from(await gz.arrayBuffer()); // fetch leaves it compressed only with manual decoding off, so compare both ways
    const plain = body.length === raw.length ? body : gunzipSync(body);
    assert.ok(plain.equals(raw), 'the decoded body is the file');
    assert.equal(Number(gz.headers.get('content-length')), readFileSync(path.join(dist, `${js}.gz`)).length, 'the .gz file itself is sent');
    const identity = await get(js);
    assert.equal(identity.headers.get('content-encoding'), null);
    assert.equal(Number(identity.headers.get('content-length')), raw.length);
    const html = await get('/guide/intro', { 'accept-encoding': 'gzip' });
    assert.equal(html.headers.get('content-encoding'), 'gzip', 'HTML too');
    const br = await get(js, { 'accept-encoding': 'br, gzip' });
    assert.equal(br.headers.get('content-encoding'), 'br', 'a shared script has a .br');
    assert.equal(Number(br.headers.get('content-length')), readFileSync(path.join(dist, `${js}.br`)).length);
    assert.ok(brotliDecompressSync(readFileSync(path.join(dist, `${js}.br`))).equals(raw));
    // A page has a .gz only (build/output/compress-core.ts, hasBrotliCopy): brotli_static falls back to it.
    const page = await get('/guide/intro', { 'accept-encoding': 'br, gzip' });
    assert.equal(page.headers.get('content-encoding'), 'gzip', 'a page: the .gz to a client that also accepts br');
  });

  it('sends every security header, the CSP included, on pages, assets, redirects and errors', async () => {
    const expected = securityHeaders(csp);
    assert.equal(Object.keys(expected).length, 5);
    for (const p of ['/', '/guide/intro', js, sidebar, '/_data/guide/intro.json', '/guide/intro/', '/no/such/page', '/assets/missing.js']) {
      const r = await get(p);
      for (const [name, value] of Object.entries(expected)) assert.equal(r.headers.get(name), value, `${name} on ${p} (${r.status})`);
      assert.equal(r.headers.get('strict-transport-security'), null, 'HSTS stays commented out on plain HTTP');
    }
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /connect-src 'self' https:\/\/api\.github\.com/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    const post = await fetch(`${nginx!.origin}/guide/intro`, { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('x-frame-options'), 'DENY');
  });

  it('the preview server (build/serve/server.ts) answers exactly like nginx', async () => {
    const paths = [...PAGES, '/guide/intro/', '/reference/api/?x=1', '/guide/install//', '/no/such/page', '/no/such/page/', '/guide', '/assets/',
      js, css, sidebar, `${js}.map`, '/assets/entry.STALE000.js', '/_data/guide/intro.json', '/_data/no.json', '/_headers/csp.txt', '/_headers/',
      '/sitemap.xml', '/robots.txt', '/img/logo.svg', '/index.html', '/404.html', '/guide/intro.md', '/guide/none.md', '/llms.txt', '/llms-full.txt',
      '/old-intro', '/old-intro?a=1', '/old-intro/'];
    const compared = ['cache-control', 'location', 'content-encoding', 'vary', 'etag', 'last-modified', ...Object.keys(securityHeaders(csp)).map((h) => h.toLowerCase())];
    // The JS media type is the operator's mime.types (Debian 12: application/javascript).
    const type = (v: string | null) => (v ?? '').replace('application/javascript', 'text/javascript').replace(/^text\/html.*/, 'text/html');
    const differences: string[] = [];
    for (const p of paths) {
      for (const enc of ['identity', 'gzip', 'gzip, deflate, br']) {
        const headers = { 'accept-encoding': enc };
        const [a, b] = await Promise.all([get(p, headers), get(p, headers, previewOrigin)]);
        const label = `${p} [${headers['accept-encoding']}]`;
        if (a.status !== b.status) differences.push(`${label}: status nginx ${a.status}, preview ${b.status}`);
        for (const h of compared) if (a.headers.get(h) !== b.headers.get(h)) differences.push(`${label}: ${h} nginx ${a.headers.get(h)}, preview ${b.headers.get(h)}`);
        if (a.status !== 301 && type(a.headers.get('content-type')) !== type(b.headers.get('content-type'))) {
          differences.push(`${label}: content-type nginx ${a.headers.get('content-type')}, preview ${b.headers.get('content-type')}`);
        }
        const [ba, bb] = [Buffer.from(await a.arrayBuffer()), Buffer.from(await b.arrayBuffer())];
        if (a.status !== 301 && !ba.equals(bb)) differences.push(`${label}: bodies differ (${ba.length} vs ${bb.length} bytes)`);
      }
    }
    assert.deepEqual(differences, []);
  });

  it('runs in Chromium through nginx: client-side navigation across three pages, no CSP violation or console error', async () => {
    browser = await launchBrowser();
    const context = await browser.newContext();
    await isolate(context);
    await context.addInitScript(() => {
      const w = window as unknown as { __violations: string[] };
      w.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const documents: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'document') documents.push(new URL(r.url()).pathname);
    });
    const res = await page.goto(`${nginx!.origin}/guide/intro`);
    assert.equal(res?.status(), 200);
    assert.equal((await res!.allHeaders())['content-security-policy'], csp, 'the document carries the CSP');
    // Hydrated: React has attached to the root.
    await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')));
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    const steps: [string, string, RegExp][] = [
      ['.menu a[href="/guide/install"]', '/guide/install', /Установка/],
      ['a.pagination-nav__link--next', '/reference', /./],
      ['.menu a[href="/guide/intro"]', '/guide/intro', /Введение в фикстуру/],
    ];
    for (const [selector, route, title] of steps) {
      await page.locator(selector).first().click();
      await page.waitForURL((u) => u.pathname === route);
      await page.waitForFunction((r) => document.querySelector('main h1') && location.pathname === r, route);
      assert.match(await page.title(), title, route);
    }
    assert.equal(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), true, 'no full page load happened');
    assert.deepEqual(documents, ['/guide/intro'], 'only the first page was a document request');
    assert.deepEqual(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations), [], 'CSP violations');
    // The pre-paint script ran (allowed by its hash): it marks the document for the theme.
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('js')), true);
    assert.deepEqual(errors, [], 'console errors');
    await context.close();
  });
});
