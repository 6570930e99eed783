// Shared setup for the theme's browser tests: one Chromium and one served site per test file,
// a fresh isolated context per test (GitHub stubbed, the network blocked).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { GITHUB_OK, isolate, launchBrowser, serveSite, watchErrors, type GitHubStub, type ServedSite } from '../helpers/browser.ts';
import { siteDist } from '../helpers/paths.ts';
import { staticHandler } from '../../build/serve/server.ts';

export interface Opened {
  context: BrowserContext;
  page: Page;
  errors: string[];
  githubCalls: string[];
}

export interface OpenOptions {
  width?: number;
  height?: number;
  github?: GitHubStub;
  javaScriptEnabled?: boolean;
  /** Runs before any page script on every navigation of the context. */
  init?: string;
}

export interface Harness {
  site: ServedSite;
  browser: Browser;
  url(path: string): string;
  open(options?: OpenOptions): Promise<Opened>;
}

/** Registers before/after hooks that start the site server and one browser for the file. */
export function useHarness(dist: () => string = siteDist): Harness {
  const h = { contexts: [] as BrowserContext[] } as unknown as Harness & { contexts: BrowserContext[] };
  before(async () => {
    h.site = await serveSite(dist());
    h.browser = await launchBrowser();
  });
  after(async () => {
    await h.browser?.close();
    await h.site?.close();
  });
  h.url = (p: string) => `${h.site.origin}${p}`;
  h.open = async (o: OpenOptions = {}) => {
    const context = await h.browser.newContext({ viewport: { width: o.width ?? 1280, height: o.height ?? 800 }, javaScriptEnabled: o.javaScriptEnabled ?? true });
    const { githubCalls } = await isolate(context, o.github ?? GITHUB_OK);
    if (o.init) await context.addInitScript({ content: o.init });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const errors = watchErrors(page);
    return { context, page, errors, githubCalls };
  };
  return h;
}

/** Resolves once React has hydrated the server-rendered page (the layout marks <html>). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Resolves once every part of the content whose layout was deferred has been laid out (src/client/deferred-layout.ts). */
export async function allLaidOut(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.markdown :is(.doc-section, table, pre):not(.is-laid-out)'));
}

export async function gotoHydrated(page: Page, url: string): Promise<void> {
  const res = await page.goto(url, { waitUntil: 'domcontentloaded' });
  assert.ok(res && res.status() < 500, `${url} answered ${res?.status()}`);
  await hydrated(page);
}

/** Resolves once the window has stopped scrolling (the wheel scrolls smoothly, over several frames). */
export async function scrollSettled(page: Page): Promise<number> {
  await page.waitForFunction(() => new Promise((r) => {
    const y = window.scrollY;
    setTimeout(() => r(window.scrollY === y), 250);
  }));
  return page.evaluate(() => window.scrollY);
}

/** Marks the current document; a full page load loses the mark, client navigation keeps it. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as Record<string, unknown>).__sgMarker = 'kept';
  });
}

export async function windowMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as Record<string, unknown>).__sgMarker === 'kept');
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through DevTools rather than added as a <script>: the site's CSP forbids inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
}

/** Console messages that are not about the browser failing to load something we broke on purpose. */
export function unexpected(errors: string[], ...allowed: RegExp[]): string[] {
  return errors.filter((e) => !allowed.some((r) => r.test(e)));
}

/**
 * The site served with one page's HTML in two parts, as a slow connection delivers it: the
 * first `cut(html)` characters, then the rest when the test calls `sendRest()` (released by the
 * test, not by a timer, so that a slow machine cannot let the rest in early).
 */
export async function serveInTwoParts(route: string, cut: (html: string) => number): Promise<{ url: string; sendRest: () => void; close: () => void }> {
  const html = readFileSync(path.join(siteDist(), route, 'index.html'), 'utf8');
  const at = cut(html);
  const files = staticHandler({ root: siteDist() });
  let sendRest = () => {};
  const rest = new Promise<void>((resolve) => (sendRest = resolve));
  const slow = http.createServer((req, res) => {
    if (req.url !== route) return files(req, res);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.write(html.slice(0, at));
    void rest.then(() => res.end(html.slice(at)));
  });
  await new Promise<void>((r) => slow.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(slow.address() as { port: number }).port}${route}`, sendRest, close: () => { sendRest(); slow.close(); } };
}
