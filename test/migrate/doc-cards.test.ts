// Docusaurus's category cards in a migration: `<DocCardList />` on a category's page becomes
// ::doc-cards, elsewhere a list of links written once (build/migrate/doc-cards.ts); a
// generated-index category stays as it is (the build makes its page) and its old URL is redirected;
// `<TOCInline />` becomes ::toc; the converted site builds without a warning and shows the cards.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildConverted, runMigrate, type Run } from './helpers.ts';
import { tempDir, writeFileIn } from '../helpers/temp-dir.ts';

describe('migrate: category cards', { timeout: 120_000 }, () => {
  let dir: string;
  let run: Run;
  const write = (rel: string, text: string) => writeFileIn(dir, rel, text);
  const out = (rel: string) => readFileSync(path.join(dir, 'out', rel), 'utf8');
  before(() => {
    dir = tempDir('sg-migrate-cards-');
    write('site/docusaurus.config.js', "module.exports = { baseUrl: '/', presets: [['classic', { docs: { routeBasePath: 'docs' } }]] };\n");
    write('site/docs/intro.mdx', "import DocCardList from '@theme/DocCardList';\n\n# Введение\n\nТекст.\n\n<DocCardList />\n");
    write('site/docs/basics/_category_.json', '{ "label": "Основы", "position": 2, "link": { "type": "generated-index", "description": "Главное за пять минут.", "slug": "/category/basics" } }\n');
    write('site/docs/basics/deploy.md', '---\nsidebar_position: 2\n---\n# Развернуть сайт\n\nТекст.\n');
    write('site/docs/basics/create-a-page.md', '---\ntitle: Создать страницу\ndescription: Первая страница за минуту.\nsidebar_position: 1\n---\nТекст.\n');
    write('site/docs/basics/more/_category_.json', '{ "label": "Ещё" }\n');
    write('site/docs/basics/more/extra.md', '# Дополнительно\n\nТекст.\n');
    // Without a slug: Docusaurus's page was /docs/category/<label slugged>; here it is at the folder's route.
    write('site/docs/03-tools/_category_.yml', 'label: Инструменты и CLI\nlink:\n  type: generated-index\n');
    write('site/docs/03-tools/cli.md', '# Командная строка\n\nТекст.\n');
    write('site/docs/guide/index.mdx', "import DocCardList from '@theme/DocCardList';\nimport TOCInline from '@theme/TOCInline';\n\n# Руководство\n\n<TOCInline toc={toc} maxHeadingLevel={3} />\n\n## Разделы\n\n<DocCardList />\n");
    write('site/docs/guide/02-second.md', '# Второй шаг\n\nТекст.\n');
    write('site/docs/guide/01-first.md', '---\nsidebar_label: Первый шаг\n---\n# Шаг первый\n\nТекст.\n');
    run = runMigrate([path.join(dir, 'site'), path.join(dir, 'out')]);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('writes <DocCardList /> as ::doc-cards on a category\'s page, as a list of links elsewhere, and <TOCInline /> as ::toc', () => {
    assert.equal(run.status, 0, run.stderr);
    assert.equal(out('guide/index.md'), '# Руководство\n\n::toc{max=3}\n\n## Разделы\n\n::doc-cards\n');
    // Not a category's page: the folder's pages and folders, in sidebar order, written once.
    assert.equal(out('intro.md'), '# Введение\n\nТекст.\n\n- [Основы](./basics/create-a-page.md)\n- [Инструменты и CLI](./03-tools/cli.md)\n- [guide](./guide/index.md)\n');
    assert.match(run.stdout, /DocCardList: on 1 page\(s\) that no category links to, written as a list of links/);
  });

  it('keeps a generated-index category as it is (the build makes its page), its old URL redirected', () => {
    assert.equal(out('basics/_category_.json'), readFileSync(path.join(dir, 'site/docs/basics/_category_.json'), 'utf8'));
    assert.match(run.stdout, /\{ from: "\/docs\/category\/basics", to: "\/category\/basics" \}/);
    assert.match(run.stdout, /\{ from: "\/docs\/category\/инструменты-и-cli", to: "\/tools" \}/);
  });

  it('builds with this generator without a warning', () => {
    const built = buildConverted({ dir, docs: path.join(dir, 'out'), ...run });
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
