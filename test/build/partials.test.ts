// Partials: `::include{file="…"}` puts a fragment's Markdown into a page, with the fragment's own
// relative links and images, its headings in the page's TOC, nested includes, and errors that name
// both files. Editing a fragment compiles again exactly the pages that include it.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { sessionOf } from '../dev/harness.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const STEPS = [
  '## Общие шаги {#common-steps}',
  '',
  'Текст из общего фрагмента. Подробности в [справочнике](../reference/api.md#ответ), схема ниже.',
  '',
  '![Схема фрагмента](./fragment-diagram.svg)',
  '',
  '::include{file="./_tail.md"}',
  '',
].join('\n');
const TAIL = '### Хвост фрагмента\n\nВложенный фрагмент тоже на месте.\n';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

describe('partials', { timeout: 240_000 }, () => {
  let site: FixtureCopy;
  let install = '';
  const data = (route: string) => JSON.parse(readFileSync(path.join(site.out, '_data', `${route}.json`), 'utf8'));
  const stats = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { compiled: number };

  before(() => {
    site = copyFixture();
    install = readFileSync(path.join(site.docs, 'guide/install.md'), 'utf8');
    site.write('docs/_shared/steps.md', STEPS);
    site.write('docs/_shared/_tail.md', TAIL);
    site.write('docs/_shared/fragment-diagram.svg', SVG);
    site.write('docs/guide/install.md', `${install}\n::include{file="../_shared/steps.md"}\n`);
  });
  after(() => site && rmSync(site.dir, { recursive: true, force: true }));

  it('the fragment\'s text, headings, links and image are part of the page; the fragment is no page', () => {
    const r = site.build();
    assert.equal(r.status, 0, r.stderr);
    const page = data('/guide/install');
    assert.match(page.html, /Текст из общего фрагмента/);
    assert.match(page.html, /Вложенный фрагмент тоже на месте/);
    assert.ok(page.html.includes(`href="/reference/api#${encodeURIComponent('ответ')}"`), 'a relative link of the fragment resolves against the fragment\'s folder');
    const img = /<img[^>]+src="(\/assets\/img\/fragment-diagram\.[0-9a-f]+\.svg)"/.exec(page.html);
    assert.ok(img, 'the fragment\'s image is found next to the fragment and copied');
    assert.ok(existsSync(path.join(site.out, img[1])));
    assert.deepEqual(page.toc.map((t: { id: string }) => t.id).filter((id: string) => ['common-steps', 'хвост-фрагмента'].includes(id)), ['common-steps', 'хвост-фрагмента']);
    assert.equal(existsSync(path.join(site.out, '_shared')), false, 'no page for the fragment');
    assert.match(readFileSync(path.join(site.out, 'guide/install.md'), 'utf8'), /Текст из общего фрагмента/, 'the page\'s Markdown for machines has it too');
    assert.doesNotMatch(r.stderr, /_shared|_tail/, 'no warning about the fragments');
  });

  it('editing a fragment compiles again only the pages that include it, and gives the bytes of a cold build', () => {
    const cache = tempDir('sg-partials-cache-');
    try {
      const statsFile = path.join(cache, 'stats.json');
      assert.equal(site.build(['--stats-json', statsFile], cache).status, 0);
      site.write('docs/_shared/_tail.md', TAIL.replace('тоже на месте', 'изменён'));
      const r = site.build(['--stats-json', statsFile], cache);
      assert.equal(r.status, 0, r.stderr);
      assert.equal(stats(statsFile).compiled, 1, 'only /guide/install compiled again');
      const incremental = readFileSync(path.join(site.out, 'guide/install/index.html'), 'utf8');
      assert.match(incremental, /Вложенный фрагмент изменён/);
      assert.equal(site.build().status, 0);
      assert.equal(readFileSync(path.join(site.out, 'guide/install/index.html'), 'utf8'), incremental, 'same bytes as a cold build');
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });

  const fails = (setup: () => void, pattern: RegExp) => {
    const steps = readFileSync(path.join(site.docs, '_shared/steps.md'), 'utf8');
    const page = readFileSync(path.join(site.docs, 'guide/install.md'), 'utf8');
    setup();
    try {
      const r = site.build();
      assert.notEqual(r.status, 0);
      assert.match(r.stderr, pattern);
    } finally {
      site.write('docs/_shared/steps.md', steps);
      site.write('docs/guide/install.md', page);
    }
  };
  const includeLine = () => readFileSync(path.join(site.docs, 'guide/install.md'), 'utf8').split('\n').findIndex((l) => l.startsWith('::include')) + 1;

  it('a missing fragment names the page, the line and the path', () => {
    const line = includeLine();
    fails(() => site.write('docs/guide/install.md', `${install}\n::include{file="../_shared/nope.md"}\n`),
      new RegExp(`docs/guide/install\\.md:${line}: ::include of \\.\\./_shared/nope\\.md: \\S*docs/_shared/nope\\.md does not exist\\n  fix: correct the path`));
  });

  it('a missing file whose name has no "_" is said to be missing, not to be a page', () => {
    const line = includeLine();
    fails(() => site.write('docs/guide/install.md', `${install}\n::include{file="./nope.md"}\n`),
      new RegExp(`docs/guide/install\\.md:${line}: ::include of \\./nope\\.md: \\S*docs/guide/nope\\.md does not exist\\n  fix: correct the path`));
  });

  it('an include cycle is an error naming every file of the cycle', () => {
    fails(() => site.write('docs/_shared/steps.md', `${STEPS}\n::include{file="./steps.md"}\n`),
      /docs\/guide\/install\.md:\d+: include cycle: \S*docs\/guide\/install\.md → \S*docs\/_shared\/steps\.md → \S*docs\/_shared\/steps\.md \(in \S*docs\/_shared\/steps\.md, included at this line\)\n  fix: remove one of these ::include lines/);
  });

  it('a page cannot be included as a fragment', () => {
    fails(() => site.write('docs/guide/install.md', `${install}\n::include{file="./intro.md"}\n`),
      /docs\/guide\/install\.md:\d+: ::include of \.\/intro\.md: that file is a page, not a fragment\n  fix: rename it so that its name starts with "_" \(_intro\.md\), or link to it instead/);
  });

  it('a broken link inside a fragment warns at the include line, naming the fragment', () => {
    const steps = readFileSync(path.join(site.docs, '_shared/steps.md'), 'utf8');
    site.write('docs/_shared/steps.md', `${steps}\n[нет такой](./missing-page.md)\n`);
    try {
      const r = site.build(['--no-link-check']);
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stderr, new RegExp(`docs/guide/install\\.md:${includeLine()}: link to "\\.\\./_shared/missing-page\\.md" does not match any page; rendered as text \\(fix the path or remove the link\\) \\(in \\S*docs/_shared/steps\\.md, included at this line\\)`));
    } finally {
      site.write('docs/_shared/steps.md', steps);
    }
  });

  it('in the dev server, saving a fragment updates exactly the pages that include it', async () => {
    const { session, out, change } = sessionOf(site);
    try {
      assert.deepEqual((await session.start()).errors, []);
      site.write('docs/_shared/_tail.md', TAIL.replace('тоже на месте', 'сохранён в редакторе'));
      const r = await change('docs/_shared/_tail.md');
      assert.deepEqual(r.routes, ['/guide/install']);
      assert.equal(r.compiled, 1);
      assert.match(readFileSync(path.join(out, '_data/guide/install.json'), 'utf8'), /сохранён в редакторе/);
      assert.ok(!readdirSync(out).includes('_shared'));
    } finally {
      await session.close();
    }
  });
});
