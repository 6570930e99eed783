// The dev server's link warnings (build/dev/links.ts): a broken link names its file and line, and
// a page's Markdown is read only for a page that has a broken link — the check over the whole
// site after the first build must not decode every source.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { describe, it } from 'node:test';
import { linkWarnings, type PageSource } from '../../build/dev/links.ts';
import type { PageData } from '../../src/data/types.ts';

const page = (route: string, html: string): PageData => ({ route, kind: 'doc', title: route, html, toc: [], unlisted: false, breadcrumbs: [] });

describe('dev link warnings', () => {
  const pages = new Map([
    page('/а', '<p>Кириллица</p>'),
    page('/a', '<h2 id="настройка">Настройка</h2><p><a href="/b#порты">b</a></p>'),
    page('/b', '<h2 id="порты">Порты</h2><p><a href="/a#настройка">a</a> <a href="/a#нет">нет</a> <a href="/gone">gone</a> <a href="/docs/%D0%B0">docs</a></p>'),
  ].map((p) => [p.route, p]));
  const read: string[] = [];
  const sourceOf = (route: string): PageSource => ({ file: `docs${route}.md`, text: () => (read.push(route), '# B\n\nСм. [a](a.md#настройка).\nИ [нет](a.md#нет), [gone](gone.md).\n') });

  it('warns for each broken link with its file and line, reading the Markdown of that page only', () => {
    const warnings = linkWarnings(pages.values(), pages, tmpdir(), sourceOf);
    assert.deepEqual(warnings.map((w) => [w.file, w.line]), [['docs/b.md', 4], ['docs/b.md', 4], ['docs/b.md', undefined]]);
    assert.match(warnings[0].message, /broken link on \/b: \/a#нет names an anchor that does not exist/);
    assert.match(warnings[1].message, /broken link on \/b: \/gone points at a page or file that does not exist \(a warning/);
    assert.match(warnings[2].message, /broken link on \/b: \/docs\/а points at a page or file that does not exist \(the page nearest to it: \/а\)/, 'a Docusaurus URL: the page it meant');
    assert.ok(read.length > 0 && read.every((r) => r === '/b'), `read: ${read.join(', ')}`);
  });
});
