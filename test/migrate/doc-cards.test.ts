// Docusaurus's category cards in a migration (build/migrate/doc-cards.ts): `<DocCardList />` and a
// `generated-index` category are written once as Markdown lists of links, in the sidebar's order,
// the category then links to the written page; `<TOCInline />` becomes ::toc; and the converted
// site builds without a warning.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildConverted, runMigrate, type Run } from './helpers.ts';
import { tempDir } from '../helpers/temp-dir.ts';

describe('migrate: category cards', { timeout: 120_000 }, () => {
  let dir: string;
  let run: Run;
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  const out = (rel: string) => readFileSync(path.join(dir, 'out', rel), 'utf8');
  before(() => {
    dir = tempDir('sg-migrate-cards-');
    write('site/docusaurus.config.js', "module.exports = { baseUrl: '/', presets: [['classic', { docs: { routeBasePath: 'docs' } }]] };\n");
    write('site/docs/intro.md', '# Введение\n\nТекст.\n');
    write('site/docs/basics/_category_.json', '{ "label": "Основы", "position": 2, "link": { "type": "generated-index", "description": "Главное за пять минут.", "slug": "/category/basics" } }\n');
    write('site/docs/basics/deploy.md', '---\nsidebar_position: 2\n---\n# Развернуть сайт\n\nТекст.\n');
    write('site/docs/basics/create-a-page.md', '---\ntitle: Создать страницу\ndescription: Первая страница за минуту.\nsidebar_position: 1\n---\nТекст.\n');
    write('site/docs/basics/more/_category_.json', '{ "label": "Ещё" }\n');
    write('site/docs/basics/more/extra.md', '# Дополнительно\n\nТекст.\n');
    write('site/docs/guide/index.mdx', "import DocCardList from '@theme/DocCardList';\nimport TOCInline from '@theme/TOCInline';\n\n# Руководство\n\n<TOCInline toc={toc} maxHeadingLevel={3} />\n\n## Разделы\n\n<DocCardList />\n");
    write('site/docs/guide/02-second.md', '# Второй шаг\n\nТекст.\n');
    write('site/docs/guide/01-first.md', '---\nsidebar_label: Первый шаг\n---\n# Шаг первый\n\nТекст.\n');
    run = runMigrate([path.join(dir, 'site'), path.join(dir, 'out')]);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('writes <DocCardList /> as the list of the folder\'s pages in sidebar order, with their labels, and <TOCInline /> as ::toc', () => {
    assert.equal(run.status, 0, run.stderr);
    assert.equal(out('guide/index.md'), '# Руководство\n\n::toc{max=3}\n\n## Разделы\n\n- [Первый шаг](./first.md)\n- [Второй шаг](./second.md)\n');
    assert.match(run.stdout, /DocCardList: written as a list of links to the folder's pages on 1 page\(s\)/);
  });

  it('writes a generated-index category as its folder\'s index page and links the category to it', () => {
    assert.equal(out('basics/index.md'), [
      '---', 'title: "Основы"', 'description: "Главное за пять минут."', '---', '',
      'Главное за пять минут.', '',
      '- [Создать страницу](./create-a-page.md) — Первая страница за минуту.',
      '- [Развернуть сайт](./deploy.md)',
      '- [Ещё](./more/extra.md)', '',
    ].join('\n'));
    assert.deepEqual(JSON.parse(out('basics/_category_.json')), { label: 'Основы', position: 2, link: { type: 'doc', id: 'basics/index' } });
    assert.match(run.stdout, /Category basics: its generated-index page is written as basics\/index\.md/);
    assert.match(run.stdout, /\{ from: "\/docs\/category\/basics", to: "\/basics" \}/, 'its old URL is in the suggested redirects');
  });

  it('builds with this generator without a warning', () => {
    const built = buildConverted({ dir, docs: path.join(dir, 'out'), ...run });
    assert.equal(built.status, 0, `${built.stdout}\n${built.stderr}`);
    assert.match(built.stdout, /warnings: 0/);
    assert.match(readFileSync(path.join(built.out, 'basics/index.html'), 'utf8'), /href="\/basics\/create-a-page"/);
    assert.match(readFileSync(path.join(built.out, 'guide/index.html'), 'utf8'), /<nav class="inline-toc" aria-label="Содержание страницы"><ul><li><a href="#разделы">Разделы<\/a>/, '<TOCInline /> as ::toc');
  });
});
