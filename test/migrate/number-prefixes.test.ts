// Number prefixes in a migration: pages keep their file names (`01-install.mdx` → `01-install.md`),
// which the build reads as Docusaurus did (id and URL without the prefix, the number as the sidebar
// position), so nothing is renamed and no sidebar_position is written. A prefixed page that
// Docusaurus told apart from a namesake by its `id` keeps its prefix in its id
// (`parse_number_prefixes: false`), and a page that had that key keeps it; so does every page of a
// site whose Docusaurus kept prefixes in its URLs (`numberPrefixParser: false`).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { buildConverted, migrateSite, type MigratedSite } from './helpers.ts';

describe('migrate: number prefixes', { timeout: 120_000 }, () => {
  let site: MigratedSite;
  before(() => {
    site = migrateSite('sg-migrate-prefixes-', {
      // routeBasePath '/': Docusaurus's URLs are those of this generator, so any redirect is a URL that moved.
      'docusaurus.config.js': "module.exports = { baseUrl: '/', presets: [['classic', { docs: { routeBasePath: '/' } }]] };\n",
      'docs/intro.md': '# Введение\n\nСначала [установка](./guide/01-install.md), потом [настройка](./guide/02-configure.mdx).\n',
      'docs/guide/02-configure.mdx': '---\npagination_next: guide/install-legacy\n---\n# Настройка\n\nТекст.\n',
      'docs/guide/01-install.md': '---\npagination_next: guide/04-v2-notes\n---\n# Установка\n\nТекст.\n',
      'docs/guide/03-install.md': '---\nid: install-legacy\n---\n# Установка старых версий\n\nСм. [установку](./01-install.md).\n',
      'docs/guide/04-v2-notes.md': '---\nparse_number_prefixes: false\n---\n# Заметки о второй версии\n\nТекст.\n',
    });
  });

  it('keeps the file names and writes no position; a prefix Docusaurus kept in the id stays in it', () => {
    assert.equal(site.status, 0, site.stderr);
    assert.equal(site.out('guide/01-install.md'), '---\npagination_next: guide/04-v2-notes\n---\n\n# Установка\n\nТекст.\n');
    assert.equal(site.out('guide/02-configure.md'), '---\npagination_next: guide/03-install\n---\n\n# Настройка\n\nТекст.\n');
    assert.equal(site.out('guide/03-install.md'), '---\nslug: install-legacy\nparse_number_prefixes: false\n---\n\n# Установка старых версий\n\nСм. [установку](./01-install.md).\n');
    assert.match(site.out('guide/04-v2-notes.md'), /^---\nparse_number_prefixes: false\n---\n/);
    assert.match(site.out('intro.md'), /\[установка\]\(\.\/guide\/01-install\.md\), потом \[настройка\]\(\.\/guide\/02-configure\.md\)/);
    assert.ok(!existsSync(path.join(site.docs, 'guide/install.md')));
    assert.doesNotMatch(site.stdout, /\{ from: "\/guide/, 'every page keeps its Docusaurus URL: nothing to redirect');
  });

  it('builds at the Docusaurus URLs, in the order of the prefixes', () => {
    const built = buildConverted(site);
    assert.equal(built.status, 0, `${built.stdout}\n${built.stderr}`);
    assert.match(built.stdout, /warnings: 0/);
    for (const route of ['intro', 'guide/install', 'guide/configure', 'guide/install-legacy', 'guide/04-v2-notes']) {
      assert.ok(existsSync(path.join(built.out, route, 'index.html')), route);
    }
    const html = readFileSync(path.join(built.out, 'guide/configure/index.html'), 'utf8');
    const menu = html.slice(html.indexOf('<nav class="menu"'), html.indexOf('</nav>', html.indexOf('<nav class="menu"')));
    const order = [...menu.matchAll(/href="(\/guide\/[^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(order, ['/guide/install', '/guide/configure', '/guide/install-legacy', '/guide/04-v2-notes']);
    // pagination_next, written with Docusaurus's ids, points at the renamed page and the one that kept its prefix.
    const next = (route: string) => /class="pagination-nav"[\s\S]*?class="pagination-nav__link pagination-nav__link--next" href="([^"]+)"/.exec(readFileSync(path.join(built.out, route, 'index.html'), 'utf8'))?.[1];
    assert.equal(next('guide/configure'), '/guide/install-legacy');
    assert.equal(next('guide/install'), '/guide/04-v2-notes');
  });
});

describe('migrate: a site whose number prefixes are part of its URLs (numberPrefixParser: false)', { timeout: 120_000 }, () => {
  let site: MigratedSite;
  before(() => {
    site = migrateSite('sg-migrate-no-prefix-parser-', {
      'docusaurus.config.js': "module.exports = { baseUrl: '/', presets: [['classic', { docs: { routeBasePath: '/', numberPrefixParser: false } }]] };\n",
      'docs/intro.md': '---\npagination_next: 02-start\n---\n# Введение\n\nТекст.\n',
      'docs/02-start.md': '---\npagination_next: 01-basics/01-first\n---\n# Начало\n\nТекст.\n',
      'docs/01-basics/01-first.md': '# Первая\n\nТекст.\n',
    });
  });

  it('keeps every page\'s prefix in its id and URL; a folder\'s, which no URL here has, is redirected and said', () => {
    assert.equal(site.status, 0, site.stderr);
    assert.equal(site.out('02-start.md'), '---\npagination_next: basics/01-first\nparse_number_prefixes: false\n---\n\n# Начало\n\nТекст.\n');
    assert.equal(site.out('01-basics/01-first.md'), '---\nparse_number_prefixes: false\n---\n\n# Первая\n\nТекст.\n');
    assert.match(site.stdout, /\{ from: "\/01-basics\/01-first", to: "\/basics\/01-first" \}/);
    assert.doesNotMatch(site.stdout, /from: "\/02-start"/, 'a page at the top keeps its URL');
    assert.match(site.stdout, /Number prefixes: Docusaurus kept them in ids and URLs \(numberPrefixParser: false\)/);
    const built = buildConverted(site);
    assert.equal(built.status, 0, `${built.stdout}\n${built.stderr}`);
    for (const route of ['02-start', 'basics/01-first']) assert.ok(existsSync(path.join(built.out, route, 'index.html')), route);
  });
});
