// Checks that every in-site link, image and asset of the built pages answers 200 through
// production routing (our static server, build/serve/server.ts, which matches nginx), with linkinator.
// External links are not checked (no network).
//
// linkinator crawling the whole output costs O(pages × links) — every page repeats the navbar,
// sidebar and footer links, and its duplicate bookkeeping is linear per reference — which took
// over 15 s and then timed out on a 1000-page site. So the build gathers the references itself
// (build/checks/html-refs.ts) and keeps one entry per distinct URL with the pages that use it. A URL
// whose path is a page this build rendered resolves by construction (the routing that serves it
// is nginx's, tested in test/nginx/); every other URL — static files, images, assets, and any
// path that is no page — goes to linkinator from one generated list page, each once (each
// request costs ~2 ms here, so sending it the thousand known pages too would add seconds).
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { BuildError } from '../errors.ts';
import type { SiteRef } from './html-refs.ts';
import { lineOfLinkIn, type LinkSource } from './link-line.ts';
import { listen, resolvePath, staticHandler, type LowerFolder } from '../serve/server.ts';
import { writeFileAtomic } from '../cache/atomic-write.ts';
import { importLinkinator } from '../import-module.ts';
import { nearestPageRoute } from './anchors.ts';

/** Served only to the checker, never written to the output. */
const LIST_PATH = '/__sg-link-check__';
/** At most this many pages are named for one broken URL. */
const PAGES_PER_URL = 5;

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * What linkinator's answers depend on: each URL it is given, and the output file our routing
 * serves for it (its path and size). Null when one does not resolve: that list is always checked.
 */
function checkKey(outDir: string, urls: string[], lower?: LowerFolder): string | null {
  const h = createHash('sha256');
  for (const url of urls) {
    const found = resolvePath(outDir, new URL(url, 'http://site').pathname, lower);
    if (!found || found.redirect) return null;
    h.update(`${url}\0${found.rel}\0${statSync(found.file).size}\n`);
  }
  return h.digest('hex');
}

/** What to do about a broken link: link to the page meant, when it is clear, or correct it. */
export function fixOfBrokenLink(href: string, pageRoutes: Iterable<string>): string {
  const near = nearestPageRoute(href, pageRoutes);
  return near ? `link to ${near}, the page nearest to this URL, or correct the link target` : 'correct the link target';
}

/**
 * Starts loading linkinator (~0.2 s of this thread), for a build whose thread has nothing else to
 * do meanwhile: a large compile in workers. Loaded only when the check starts, at the end of a
 * cold build of 1000 pages, it took ~0.75 s there (its files read behind the search index's and
 * the compressor's).
 */
export function preloadLinkChecker(): void {
  importLinkinator().catch(() => {}); // the check itself reports a failure to load
}

/** The file that records the last list linkinator found whole (in the cache folder). */
const CHECKED_FILE = 'link-check.json';

/**
 * Resolves with the broken references, an error per page that uses one, and whether linkinator
 * ran. With a cache folder, a list linkinator already found whole against the same files is not
 * sent again. lower: the files of the output in place that an
 * incremental build leaves there, served where outDir (its staging folder) lacks them.
 */
export async function checkLinks(outDir: string, refsByRoute: Map<string, SiteRef[]>, pageRoutes: Set<string>, sourceOfRoute: Map<string, LinkSource>, cacheDir: string | null = null, lower?: LowerFolder): Promise<{ sent: boolean; errors: BuildError[] }> {
  // Each distinct URL, with the pages that reference it (the 404 page's links are checked too).
  const usedBy = new Map<string, string[]>();
  for (const [route, refs] of refsByRoute) {
    for (const { url, target } of refs) {
      if (pageRoutes.has(target)) continue;
      const pages = usedBy.get(url);
      if (!pages) usedBy.set(url, [route]);
      else if (pages.length < PAGES_PER_URL && pages.at(-1) !== route) pages.push(route);
    }
  }
  if (usedBy.size === 0) return { sent: false, errors: [] };
  const key = cacheDir ? checkKey(outDir, [...usedBy.keys()].sort(), lower) : null;
  const checkedFile = cacheDir && path.join(cacheDir, CHECKED_FILE);
  if (key && checkedFile && readChecked(checkedFile) === key) return { sent: false, errors: [] };
  const list = `<!doctype html><title>links</title>${[...usedBy.keys()].map((u) => `<a href="${escapeAttr(u)}">.</a>`).join('\n')}`;
  const serveOutput = staticHandler({ root: outDir, ...(lower ? { lower } : {}) });
  const server = http.createServer((req, res) => {
    if (req.url === LIST_PATH) res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(list);
    else serveOutput(req, res);
  });
  const port = await listen(server, 0);
  const origin = `http://127.0.0.1:${port}`;
  try {
    // Loaded here unless preloaded: a build whose output was already checked never pays for loading it.
    const { LinkChecker, LinkState } = await importLinkinator();
    const result = await new LinkChecker().check({
      path: origin + LIST_PATH,
      recurse: false,
      checkFragments: false, // build/checks/anchors.ts
      concurrency: 16,
      timeout: 30_000,
      linksToSkip: async (link) => !link.startsWith(origin),
    });
    const broken = result.links.filter((l) => l.state === LinkState.BROKEN);
    if (broken.length === 0) {
      if (key && checkedFile) writeFileAtomic(checkedFile, JSON.stringify({ key }));
      return { sent: true, errors: [] };
    }
    const errors: BuildError[] = [];
    for (const link of broken) {
      const url = link.url.slice(origin.length);
      const href = decodeURI(url);
      const what = link.status === 404 || !link.status ? 'points at a page or file that does not exist' : `answered ${link.status}`;
      for (const route of usedBy.get(url) ?? ['(unknown page)']) {
        const source = sourceOfRoute.get(route);
        errors.push(new BuildError(`broken link on ${route}: ${href} ${what}`, source?.file, lineOfLinkIn(source, href), fixOfBrokenLink(href, pageRoutes)));
      }
    }
    return { sent: true, errors };
  } finally {
    server.close();
  }
}

function readChecked(file: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { key?: string }).key;
  } catch {
    return undefined; // none yet, or unreadable: check
  }
}
