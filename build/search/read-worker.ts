// The search index's reading thread (build/search/index.ts, SearchIndexer.expect): a cold build
// hands it each rendered page's HTML, title and breadcrumbs and goes on rendering; the reading
// (sections, term counts, fragment: build/search/read-page.ts) comes back as a message. One
// thread, so that the memo of words' terms serves every page.
import { parentPort } from 'node:worker_threads';
import { readPage, TermCache, type PageReading, type PageToRead } from './read-page.ts';

export type ReadReply = { route: string; reading: PageReading } | { route: string; error: string };

const terms = new TermCache();
parentPort!.on('message', (page: PageToRead) => {
  let reply: ReadReply;
  try {
    reply = { route: page.route, reading: readPage(page, terms) };
  } catch (e) {
    reply = { route: page.route, error: (e as Error).stack ?? String(e) };
  }
  parentPort!.postMessage(reply);
});
