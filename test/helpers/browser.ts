// Real headless Chromium (Debian's /usr/bin/chromium) driven by playwright-core. Nothing leaves
// the machine: api.github.com is answered by stubs and every other non-local request is aborted.
import type http from 'node:http';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';
import { createPreviewServer, listen, stopServer } from '../../build/serve/server.ts';
import { tempDir } from './temp-dir.ts';
import { chromiumPath, CHROMIUM_FLAGS } from '../../build/diagrams/chromium.ts';

export { CHROMIUM_FLAGS };

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS, headless: true });
}

/** How each GitHub call is answered: a response, never ('hang'), or not at all ('unreachable': offline, intranet). */
export interface GitHubStub {
  tags?: { status: number; body: string } | 'hang' | 'unreachable';
  repo?: { status: number; body: string } | 'hang' | 'unreachable';
}

export const GITHUB_OK: GitHubStub = {
  tags: { status: 200, body: JSON.stringify([{ name: 'v2.0.0' }, { name: 'v1.14.0' }]) },
  repo: { status: 200, body: JSON.stringify({ stargazers_count: 1234, forks: 56 }) },
};

/** Answers GitHub API calls from the stub and aborts any other request that would leave localhost. */
export async function isolate(context: BrowserContext, github: GitHubStub = GITHUB_OK): Promise<{ githubCalls: string[] }> {
  const githubCalls: string[] = [];
  await context.route('**/*', async (route: Route) => {
    const url = new URL(route.request().url());
    if (url.hostname === 'api.github.com') {
      githubCalls.push(url.pathname);
      const answer = url.pathname.endsWith('/tags') ? github.tags : github.repo;
      if (!answer || answer === 'hang') return; // never answered: a timeout from the page's point of view
      if (answer === 'unreachable') return route.abort('internetdisconnected');
      return route.fulfill({ status: answer.status, body: answer.body, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' } });
    }
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return route.fallback();
    return route.abort('blockedbyclient');
  });
  return { githubCalls };
}

export interface ServedSite {
  origin: string;
  server: http.Server;
  close(): Promise<void>;
}

/** Serves a built site with the preview server (production routing and headers, CSP included). */
export async function serveSite(dir: string): Promise<ServedSite> {
  const server = createPreviewServer(dir);
  const port = await listen(server, 0);
  return { origin: `http://127.0.0.1:${port}`, server, close: () => stopServer(server) };
}

/** A built site served by the preview server, and a Chromium to look at it; close() stops both. */
export async function serveWithBrowser(dir: string): Promise<{ site: ServedSite; browser: Browser; close(): Promise<void> }> {
  const site = await serveSite(dir);
  const browser = await launchBrowser();
  return { site, browser, close: async () => {
    await browser.close();
    await site.close();
  } };
}

/** Collects console errors, page errors and CSP violations, which every test expects to stay empty. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

export function tempProfileDir(): string {
  return tempDir('sg-chromium-');
}
