// Docusaurus's category cards in a migration: `<DocCardList />` on a category's page becomes
// ::doc-cards, elsewhere a list of links written once (build/migrate/doc-cards.ts); a
// generated-index category stays as it is (the build makes its page) and its old URL is redirected;
// `<TOCInline />` becomes ::toc; the converted site builds without a warning and shows the cards.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { buildConverted, migrateSite, type MigratedSite } from './helpers.ts';

describe('migrate: category cards', { timeout: 120_000 }, () => {
  let site: MigratedSite;
  before(() => {
    site = migrateSite('sg-migrate-cards-', {
      'docusaurus.config.js': "module.exports = { baseUrl: '/', presets: [['classic', { docs: { routeBasePath: 'docs' } }]] };\n",
      'docs/intro.mdx': "import DocCardList from '@theme/DocCardList';\n\n# Введение\n\nТекст.\n\n<DocCardList />\n",
      'docs/basics/_category_.json': '{ "label": "Основы", "position": 2, "link": { "type": "generated-index", "description": "Главное за пять минут.", "slug": "/category/basics" } }\n',
      'docs/basics/deploy.md': '---\nsidebar_position: 2\n---\n# Развернуть сайт\n\nТекст.\n',
      'docs/basics/create-a-page.md': '---\ntitle: Создать страницу\ndescription: Первая страница за минуту.\nsidebar_position: 1\n---\nТекст.\n',
      'docs/basics/more/_category_.json': '{ "label": "Ещё" }\n',
      'docs/basics/more/extra.md': '# Дополнительно\n\nТекст.\n',
      // Without a slug: Docusaurus's page was /docs/category/<label slugged>; here it is at the folder's route.
      'docs/03-tools/_category_.yml': 'label: Инструменты и CLI\nlink:\n  type: generated-index\n',
      'docs/03-tools/cli.md': '# Командная строка\n\nТекст.\n',
      'docs/guide/index.mdx': "import DocCardList from '@theme/DocCardList';\nimport TOCInline from '@theme/TOCInline';\n\n# Руководство\n\n<TOCInline toc={toc} maxHeadingLevel={3} />\n\n## Разделы\n\n<DocCardList />\n",
      'docs/guide/02-second.md': '# Второй шаг\n\nТекст.\n',
      'docs/guide/01-first.md': '---\nsidebar_label: Первый шаг\n---\n# Шаг первый\n\nТекст.\n',
    });
  });

  it('writes <DocCardList /> as ::doc-cards on a category\'s page, as a list of links elsewhere, and <TOCInline /> as ::toc', () => {
    assert.equal(site.status, 0, site.stderr);
    assert.equal(site.out('guide/index.md'), '# Руководство\n\n::toc{max=3}\n\n## Разделы\n\n::doc-cards\n');
    // Not a category's page: the folder's pages and folders, in sidebar order, written once.
    assert.equal(site.out('intro.md'), '# Введение\n\nТекст.\n\n- [Основы](./basics/create-a-page.md)\n- [Инструменты и CLI](./03-tools/cli.md)\n- [guide](./guide/index.md)\n');
    assert.match(site.stdout, /DocCardList: on 1 page\(s\) that no category links to, written as a list of links/);
  });

  it('keeps a generated-index category as it is (the build makes its page), its old URL redirected', () => {
    assert.equal(site.out('basics/_category_.json'), readFileSync(path.join(site.dir, 'site/docs/basics/_category_.json'), 'utf8'));
    assert.match(site.stdout, /\{ from: "\/docs\/category\/basics", to: "\/category\/basics" \}/);
    assert.match(site.stdout, /\{ from: "\/docs\/category\/инструменты-и-cli", to: "\/tools" \}/);
  });

  it('builds with this generator without a warning', () => {
    const built = buildConverted(site);
    assert.equal(built.status, 0, `${built.stdout}\n${built.stderr}`);
    assert.match(built.stdout, /warnings: 0/);
    // The cards follow the sidebar: a page's label and description, a sub-category's page count.
    const cards = (route: string) => [...readFileSync(path.join(built.out, route, 'index.html'), 'utf8').matchAll(/<a class="doc-card" href="([^"]+)"><span class="doc-card__title">([^<]+)<\/span>(?:<span class="doc-card__text">([^<]+)<\/span>)?/g)].map((m) => m.slice(1).filter(Boolean).join(' | '));
    assert.deepEqual(cards('category/basics'), ['/basics/create-a-page | Создать страницу | Первая страница за минуту.', '/basics/deploy | Развернуть сайт | Текст.', '/basics/more/extra | Ещё | 1 страница']);
    // Its folder's number prefix is not part of URLs, as in Docusaurus.
    assert.deepEqual(cards('tools'), ['/tools/cli | Командная строка | Текст.']);
    assert.deepEqual(cards('guide'), ['/guide/first | Первый шаг | Текст.', '/guide/second | Второй шаг | Текст.']);
    assert.match(readFileSync(path.join(built.out, 'guide/index.html'), 'utf8'), /<nav class="inline-toc" aria-label="Содержание страницы"><ul><li><a href="#разделы">Разделы<\/a>/, '<TOCInline /> as ::toc');
  });
});
