// `npm run write-heading-ids`: writes the id each heading has today into its Markdown, leaves what
// it must alone, and changes no id of the built site; --check and --overwrite; paths given.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { treeOf } from '../helpers/output-tree.ts';
import { projectRoot } from '../helpers/paths.ts';

const PAGE = [
  '---',
  'title: Заголовки',
  '---',
  '',
  '# Заголовки',
  '',
  '## Установка агента',
  '',
  'Текст со ссылкой на [второй раздел](#установка-агента-1).',
  '',
  '## Установка агента',
  '',
  '### Шаг первый {#first-step}',
  '',
  '```md',
  '## Не заголовок',
  '```',
  '',
  'Проверка `nft`',
  '--------------',
  '',
  '## Закрытый ##',
  '',
  '> ## В цитате',
  '',
  '<h2>Сырой HTML</h2>',
  '',
  '::include{file="./_part.md"}',
  '',
  '## Установка агента',
  '',
].join('\n');

const WRITTEN = PAGE
  .replace('## Установка агента\n\nТекст', '## Установка агента {#установка-агента}\n\nТекст')
  .replace('## Установка агента\n\n###', '## Установка агента {#установка-агента-1}\n\n###')
  .replace('Проверка `nft`\n', 'Проверка `nft` {#проверка-nft}\n')
  .replace('## Закрытый ##', '## Закрытый {#закрытый} ##')
  .replace('> ## В цитате', '> ## В цитате {#в-цитате}')
  .replace(/## Установка агента\n$/, '## Установка агента {#установка-агента-2}\n');

function run(site: FixtureCopy, ...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/write-heading-ids.ts', '--docs', site.docs, '--pages', path.join(site.dir, 'pages'), ...args], { cwd: projectRoot, encoding: 'utf8' });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

/** Every page's ids, in order, as the built HTML has them. */
function idsOf(out: string): Map<string, string[]> {
  const html = [...treeOf(out)].filter(([f]) => f.endsWith('.html'));
  return new Map(html.map(([f, bytes]) => [f, [...bytes.toString('utf8').matchAll(/ id="([^"]*)"/g)].map((m) => m[1])]));
}

describe('npm run write-heading-ids', () => {
  it('writes every heading\'s id as the build gives it, and the built site keeps every id', () => {
    const site = copyFixture();
    site.write('docs/headings.md', PAGE);
    site.write('docs/_part.md', '## Из фрагмента\n\nТекст фрагмента.\n');
    site.write('docs/crlf.md', '# Окна\r\n\r\n## Строки Windows\r\n\r\nТекст.\r\n');
    assert.equal(site.build().status, 0);
    const before = idsOf(site.out);
    assert.ok(before.get('headings/index.html')?.includes('установка-агента-2'), 'the page is built with its generated ids');

    const checked = run(site, '--check');
    assert.equal(checked.status, 1, checked.out + checked.err);
    assert.match(checked.out, /headings\.md:7: ## Установка агента — no \{#id\}; it is #установка-агента today/);
    assert.match(checked.out, /headings\.md:19: Проверка `nft` — no \{#id\}; it is #проверка-nft today/);
    assert.match(checked.out, /headings\.md:28: the fragment included here has headings without an id/);
    assert.equal(readFileSync(path.join(site.docs, 'headings.md'), 'utf8'), PAGE, '--check writes nothing');

    const written = run(site);
    assert.equal(written.status, 0, written.err);
    assert.equal(readFileSync(path.join(site.docs, 'headings.md'), 'utf8'), WRITTEN,
      'the title, the code block, the raw HTML and the fragment are left; an id given by hand stays');
    assert.equal(readFileSync(path.join(site.docs, 'crlf.md'), 'utf8'), '# Окна\r\n\r\n## Строки Windows {#строки-windows}\r\n\r\nТекст.\r\n', 'CRLF line ends are kept');
    assert.equal(readFileSync(path.join(site.docs, '_part.md'), 'utf8'), '## Из фрагмента\n\nТекст фрагмента.\n', 'a fragment is not written');
    assert.match(written.out, /ids? written in \d+ files?\./);

    assert.equal(site.build().status, 0);
    assert.deepEqual(idsOf(site.out), before, 'every id of every built page is as it was');

    const again = run(site);
    assert.match(again.out, /Every heading has an id already\./);
    assert.equal(readFileSync(path.join(site.docs, 'headings.md'), 'utf8'), WRITTEN);
    assert.equal(run(site, '--check').status, 0, 'nothing left without an id');
  });

  it('--overwrite gives reworded headings the id of their new text; paths limit the pages', () => {
    const site = copyFixture();
    site.write('docs/one.md', '# Один\n\n## Установка сервера {#установка-агента}\n\n## Проверка {#проверка}\n');
    site.write('docs/two.md', '# Два\n\n## Без id\n');
    const plan = run(site, '--check', '--overwrite', path.join(site.docs, 'one.md'));
    assert.equal(plan.status, 1);
    assert.match(plan.out, /one\.md:3: ## Установка сервера \{#установка-агента\} — \{#установка-агента\} would become \{#установка-сервера\}/);
    assert.doesNotMatch(plan.out, /one\.md:5|two\.md/, 'an id that stays the same is not listed, nor a page outside the paths');

    const done = run(site, '--overwrite', path.join(site.docs, 'one.md'));
    assert.equal(done.status, 0, done.err);
    assert.equal(readFileSync(path.join(site.docs, 'one.md'), 'utf8'), '# Один\n\n## Установка сервера {#установка-сервера}\n\n## Проверка {#проверка}\n');
    assert.equal(readFileSync(path.join(site.docs, 'two.md'), 'utf8'), '# Два\n\n## Без id\n', 'a page outside the paths is left');
  });

  it('a path with no page, or a page that does not compile, changes nothing and says why', () => {
    const site = copyFixture();
    const none = run(site, path.join(site.docs, '_nothing.md'));
    assert.equal(none.status, 2);
    assert.match(none.err, /_nothing\.md does not exist/);
    site.write('docs/a.md', '# А\n\n## Раздел\n');
    site.write('docs/broken.md', '# Б\n\n::include{file="./_missing.md"}\n');
    const failed = run(site);
    assert.equal(failed.status, 1);
    assert.match(failed.err, /broken\.md:3: ::include of \.\/_missing\.md: .*does not exist/);
    assert.equal(readFileSync(path.join(site.docs, 'a.md'), 'utf8'), '# А\n\n## Раздел\n', 'no page is written when one fails');
  });
});
