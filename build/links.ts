// Checks every link and #anchor of the built site with linkinator, served by our own static
// server so that routing is exactly production's. External links are not checked (no network).
import { LinkChecker, LinkState } from 'linkinator';
import { BuildError, BuildErrors } from './errors.ts';
import { createStaticServer, listen } from './serve.ts';

export interface BrokenLink {
  page: string;
  href: string;
  status: number | undefined;
}

export async function checkLinks(outDir: string, routes: string[], sourceOfRoute: Map<string, string>): Promise<void> {
  const server = createStaticServer({ root: outDir });
  const port = await listen(server, 0);
  const origin = `http://127.0.0.1:${port}`;
  try {
    const checker = new LinkChecker();
    const result = await checker.check({
      path: routes.map((r) => origin + encodeURI(r)),
      recurse: true,
      // Anchors are checked by build/anchors.ts (exact, independent of crawl order).
      checkFragments: false,
      concurrency: 64,
      timeout: 10_000,
      linksToSkip: async (link) => !link.startsWith(origin),
    });
    const broken = result.links.filter((l) => l.state === LinkState.BROKEN);
    if (broken.length === 0) return;
    const errors = broken.slice(0, 50).map((l) => {
      const pageRoute = decodeURI((l.parent ?? '').replace(origin, '')) || '(start)';
      const href = decodeURI(l.url.replace(origin, ''));
      const source = sourceOfRoute.get(pageRoute);
      const what = l.status === 404 || !l.status ? 'points at a page or file that does not exist' : `answered ${l.status}`;
      return new BuildError(`broken link on ${pageRoute}: ${href} ${what}`, source, undefined, 'correct the link target');
    });
    throw errors.length === 1 ? errors[0] : new BuildErrors(errors);
  } finally {
    server.close();
  }
}
