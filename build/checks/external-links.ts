// External links, on request (`npm run check:links -- --external`): every http(s) URL the docs
// link to is requested once, however many pages use it, by linkinator with a concurrency limit,
// a timeout, retries with backoff for network errors and 5xx, and 429 answers retried after their
// Retry-After. Answers are cached for a day, so a second run only asks for what is new. The
// report is grouped by page with the line of each dead link. Never part of a build or of
// `npm test` against the internet: the site's own links are checked offline by every build.
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../cache/atomic-write.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { splitFrontMatter } from '../model/frontmatter.ts';
import { filesUnder } from '../file-tree.ts';
import { importLinkinator } from '../import-module.ts';

export interface ExternalLinkUse {
  /** The page's file, relative to the project (or the given folder's parent). */
  file: string;
  line: number;
}

export interface LinkVerdict {
  url: string;
  ok: boolean;
  /** HTTP status of the final answer; 0 when nothing answered. */
  status: number;
  /** Why it is dead, in words ("404", "no answer within 10 s"). */
  reason?: string;
  /** From the day-long cache, not asked this run. */
  cached: boolean;
  uses: ExternalLinkUse[];
}

export interface ExternalCheckOptions {
  docsDir: string;
  /** Paths in the report are relative to this folder. */
  root: string;
  /** Where the day-long cache lives (a JSON file in it); null: no cache. */
  cacheDir: string | null;
  concurrency?: number;
  timeoutMs?: number;
  /** Retries of a network error or 5xx answer, with growing random delays. */
  retries?: number;
  /** How long an answer is trusted. */
  cacheMs?: number;
}

export const CACHE_MS = 24 * 60 * 60 * 1000;
const CACHE_FILE = 'external-links.json';

const isExternal = (url: string) => /^https?:\/\//i.test(url);

/** Every external URL in the docs' Markdown, with the pages and lines that use it. */
export function collectExternalLinks(docsDir: string, root: string): Map<string, ExternalLinkUse[]> {
  const parser = unified().use(remarkParse).use(remarkGfm);
  const uses = new Map<string, ExternalLinkUse[]>();
  const files = filesUnder(docsDir).filter((f) => /\.mdx?$/.test(f));
  for (const rel of files) {
    const abs = path.join(docsDir, rel);
    const file = path.relative(root, abs).split(path.sep).join('/');
    const { body, bodyLineOffset } = splitFrontMatter(readFileSync(abs, 'utf8'), file);
    visit(parser.parse(body) as Root, (node) => {
      if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && isExternal(node.url)) {
        const url = node.url.split('#')[0];
        const list = uses.get(url) ?? [];
        list.push({ file, line: (node.position?.start.line ?? 0) + bodyLineOffset });
        uses.set(url, list);
      }
    });
  }
  return uses;
}

interface CacheEntry {
  at: number;
  ok: boolean;
  status: number;
  reason?: string;
}

function readCache(cacheDir: string | null): Record<string, CacheEntry> {
  if (!cacheDir) return {};
  try {
    return JSON.parse(readFileSync(path.join(cacheDir, CACHE_FILE), 'utf8')) as Record<string, CacheEntry>;
  } catch {
    return {};
  }
}

function writeCache(cacheDir: string | null, cache: Record<string, CacheEntry>): void {
  if (cacheDir) writeFileAtomic(path.join(cacheDir, CACHE_FILE), JSON.stringify(cache, null, 1));
}

/** Checks every external URL once (or takes its answer from the cache) and returns the verdicts. */
export async function checkExternalLinks(options: ExternalCheckOptions): Promise<LinkVerdict[]> {
  const uses = collectExternalLinks(options.docsDir, options.root);
  const cacheMs = options.cacheMs ?? CACHE_MS;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const cache = readCache(options.cacheDir);
  const now = Date.now();
  const fresh = (url: string) => cache[url] && now - cache[url].at < cacheMs;
  const toCheck = [...uses.keys()].filter((u) => !fresh(u));

  if (toCheck.length > 0) {
    // Imported here: most runs of the build never load it.
    const { LinkChecker } = await importLinkinator();
    const wanted = new Set(toCheck);
    const answers = new Map<string, CacheEntry>();
    // One generated page that links to every URL once (as the build's own check does): given
    // the URLs as starting points, linkinator would fetch each as a page to crawl.
    const list = `<!doctype html><title>links</title>${toCheck.map((u) => `<a href="${u.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">.</a>`).join('\n')}`;
    const server = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(list));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const listUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const checker = new LinkChecker();
    checker.on('link', (r: { url: string; status?: number; state: string; failureDetails?: unknown[] }) => {
      if (!wanted.has(r.url)) return;
      const status = r.status ?? 0;
      const ok = r.state === 'OK';
      answers.set(r.url, { at: Date.now(), ok, status, reason: ok ? undefined : status ? String(status) : `no answer within ${timeoutMs / 1000} s` });
    });
    try {
      await checker.check({
      path: listUrl,
      recurse: false,
      concurrency: options.concurrency ?? 8,
      timeout: timeoutMs,
      retry: true, // 429: wait for Retry-After, then ask again
      retryErrors: true,
      retryErrorsCount: options.retries ?? 2,
      retryErrorsJitter: 1000,
      redirects: 'allow',
      });
    } finally {
      server.close();
    }
    for (const url of toCheck) {
      cache[url] = answers.get(url) ?? { at: Date.now(), ok: false, status: 0, reason: 'not checked (linkinator gave no result)' };
    }
    writeCache(options.cacheDir, cache);
  }
  return [...uses].map(([url, list]) => ({ url, ok: cache[url].ok, status: cache[url].status, reason: cache[url].reason, cached: !toCheck.includes(url), uses: list }));
}

/** The dead links grouped by page, each with its line: what the command prints. */
export function formatReport(verdicts: LinkVerdict[]): string {
  const byPage = new Map<string, string[]>();
  for (const v of verdicts.filter((x) => !x.ok)) {
    for (const u of v.uses) {
      const lines = byPage.get(u.file) ?? [];
      lines.push(`  ${u.file}:${u.line}: ${v.url} (${v.reason})`);
      byPage.set(u.file, lines);
    }
  }
  return [...byPage].sort(([a], [b]) => a.localeCompare(b)).map(([file, lines]) => `${file}\n${lines.sort((a, b) => a.localeCompare(b, undefined, { numeric: true })).join('\n')}`).join('\n');
}
