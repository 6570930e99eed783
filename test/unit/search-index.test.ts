// The search index: sections from rendered HTML, the shard format, and the build stage read
// back by the browser's engine (through a fetch over the output folder).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildSearchIndex, extractSections, SearchIndexer } from '../../build/search/index.ts';
import { OutdatedIndexError, SearchEngine } from '../../src/client/search/engine.ts';
import { encodeShard, FORMAT_VERSION, FRAGMENT_GROUP, Shard, shardsFor } from '../../src/client/search/format.ts';
import type { PageData } from '../../src/data/types.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const h = (level: number, id: string, text: string) =>
  `<h${level} id="${id}">${text}<a class="hash-link" href="#${id}" aria-label="Прямая ссылка на раздел «${text}»">#</a></h${level}>`;

const page = (route: string, title: string, html: string, extra: Partial<PageData> = {}): PageData => ({
  route, kind: 'doc', title, html, toc: [], unlisted: false, breadcrumbs: [], ...extra,
});

describe('sections from rendered HTML', () => {
  it('splits at headings with ids, drops anchors and a code block\'s controls, keeps code apart', () => {
    const html = `<p>Вступление &amp; обзор.</p>${h(2, 'установка', 'Установка')}<p>Текст <code>sgroups</code>.</p>`
      + '<div class="code-block"><input type="checkbox" id="code-wrap-1" class="code-block__wrap-input sr-only">'
      + `<pre><code><span class="token">curl</span> /v2/sync\n</code></pre>`
      + '<div class="code-block__actions"><label for="code-wrap-1" class="code-block__wrap">Перенос</label><button type="button">Копировать</button></div></div>'
      + `${h(3, 'шаг-1', 'Шаг 1')}<aside class="admonition"><p class="admonition__title">Внимание</p><p>Осторожно.</p></aside>`;
    assert.deepEqual(extractSections(html), [
      { anchor: '', heading: '', text: 'Вступление & обзор.', code: '' },
      { anchor: 'установка', heading: 'Установка', text: 'Текст sgroups .', code: 'curl /v2/sync' },
      { anchor: 'шаг-1', heading: 'Шаг 1', text: 'Внимание Осторожно.', code: '' },
    ]);
  });

  it('separates adjacent inline badges and decodes entities', () => {
    const [s] = extractSections('<div class="api-endpoint"><span>POST</span><code>/v2/sync</code></div><p>a&lt;b &#x41;&#65;</p>');
    assert.equal(s.text, 'POST /v2/sync a<b AA');
  });

  it('finds the text of a tab that is not selected (hidden until found), not of an element that is hidden', () => {
    const [s] = extractSections('<div role="tabpanel" class="tabs__panel tabs__panel--default"><p>apt</p></div>'
      + '<div role="tabpanel" tabindex="-1" class="tabs__panel" hidden="until-found"><p>dnf</p></div><div hidden><p>черновик</p></div><p hidden="">ещё</p>');
    assert.equal(s.text, 'apt dnf');
  });
});

describe('shard format', () => {
  it('round-trips terms, page ids and weights', () => {
    const terms = [
      { term: 'v2/sync', ids: Uint32Array.of(0, 5, 300, 70000), weights: Uint8Array.of(1, 128, 255, 7) },
      { term: 'группа', ids: Uint32Array.of(2), weights: Uint8Array.of(200) },
      { term: 'правил', ids: new Uint32Array(0), weights: new Uint8Array(0) },
    ];
    const shard = new Shard(encodeShard(terms));
    assert.deepEqual(shard.terms, ['v2/sync', 'группа', 'правил']);
    const p = shard.postings(shard.indexOf('v2/sync'));
    assert.deepEqual([...p.ids], [0, 5, 300, 70000]);
    assert.deepEqual([...p.weights], [1, 128, 255, 7]);
    assert.equal(shard.df(1), 1);
    assert.equal(shard.indexOf('нет'), -1);
  });

  it('finds the shards a term or a prefix range falls into', () => {
    const shards: [string, string][] = [['', 'a'], ['m', 'b'], ['п', 'c']];
    assert.deepEqual(shardsFor(shards, 'k', 'k'), [0]);
    assert.deepEqual(shardsFor(shards, 'm', 'm'), [1]);
    assert.deepEqual(shardsFor(shards, 'l', 'n'), [0, 1]);
    assert.deepEqual(shardsFor(shards, 'пр', 'пр\uffff'), [2]);
  });
});

describe('search index build, read by the engine', () => {
  let dir: string;
  let engine: SearchEngine;
  const fetched: string[] = [];
  const pages: PageData[] = [
    page('/rules', 'Правила', `<p>Правило разрешает трафик между группами.</p>${h(2, 'приоритет', 'Приоритет')}<p>Порядок правил. Файл config.yaml.</p>`),
    page('/groups', 'Группа безопасности', `<p>Группа объединяет сети.</p>${h(2, 'ресурс', 'Ресурс Terraform')}<pre><code>resource "sgroups_groups" "g" {}</code></pre>`, { breadcrumbs: [{ label: 'Конфигурация', href: '/groups' }] }),
    page('/api/sync', 'POST /v2/sync', `<p>Метод <code>POST /v2/sync</code> меняет данные.</p>${h(2, 'ошибки', 'Ошибки')}<p>Код 400 для сети 10.0.0.0/8.</p>`),
    page('/api/status', 'GET /v2/sync/status', '<p>Статус синхронизации. Флаг <code>--config</code> задаёт файл настроек.</p>'),
    page('/hidden', 'Скрытая группа безопасности', '<p>Группа безопасности.</p>', { unlisted: true }),
    page('/404', 'Страница не найдена', '<p>Группа безопасности.</p>', { kind: 'not-found', unlisted: true }),
    page('/', 'Главная', '', { kind: 'react-page' }),
  ];

  before(async () => {
    dir = tempDir('sg-search-');
    const stats = await buildSearchIndex(dir, pages, { shardTargetBytes: 64 });
    assert.equal(stats.pages, 4, 'unlisted, 404 and React pages are not indexed');
    assert.ok(stats.shards > 1, 'small shards for the test: several files');
    engine = new SearchEngine('/', async (url) => {
      fetched.push(url);
      return new Response(readFileSync(path.join(dir, url.slice(1))));
    });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const routes = async (q: string) => (await Promise.all((await engine.search(q)).hits.map(async (h) => (await engine.fragment(h.page)).route)));

  it('writes content-hashed shards and fragments with compressed copies, and a manifest', () => {
    const files = readdirSync(path.join(dir, 'assets', 'search'), { recursive: true, encoding: 'utf8' });
    assert.ok(files.some((f) => /^s\.[0-9a-f]{12}\.bin$/.test(f)));
    assert.ok(files.some((f) => /^f\.[0-9a-f]{12}\/0\.json$/.test(f.split(path.sep).join('/'))));
    const manifest = JSON.parse(readFileSync(path.join(dir, 'search', 'manifest.json'), 'utf8'));
    assert.equal(manifest.pages, 4);
  });

  it('finds inflected Russian words, title first', async () => {
    assert.equal((await routes('группы безопасности'))[0], '/groups');
    assert.equal((await routes('правилами'))[0], '/rules');
    assert.ok(!(await routes('группа безопасности')).includes('/hidden'));
  });

  it('finds technical names as typed, the exact one before completions', async () => {
    assert.deepEqual((await routes('/v2/sync')).slice(0, 2), ['/api/sync', '/api/status']);
    assert.deepEqual(await routes('sgroups_groups'), ['/groups']);
    assert.deepEqual(await routes('10.0.0.0/8'), ['/api/sync']);
    assert.deepEqual(await routes('sync/stat'), ['/api/status']);
  });

  it('matches an address, network or port range exactly, and finds nothing for one no page has', async () => {
    // /api/sync has 10, 0, 8 and 400 in its text: sharing the numbers is not a match.
    assert.deepEqual(await routes('10.0.0.0/16'), []);
    assert.deepEqual(await routes('192.168.0.0/8'), []);
    assert.deepEqual(await routes('400-8000'), []);
    assert.deepEqual(await routes('10.0.0.0/8'), ['/api/sync']);
  });

  it('matches a command-line flag as written, and finds nothing for a flag no page has', async () => {
    assert.deepEqual(await routes('--config'), ['/api/status']);
    assert.deepEqual(await routes('--conf'), ['/api/status'], 'a flag being typed completes');
    assert.deepEqual(await routes('--verbose'), []);
    assert.deepEqual(await routes('--rules'), [], 'a page with the word but not the flag is no match');
    assert.deepEqual((await routes('config')).sort(), ['/api/status', '/rules']);
  });

  it('completes the word being typed', async () => {
    assert.equal((await routes('безоп'))[0], '/groups');
    assert.deepEqual(await routes('безоп '), [], 'a finished word is not completed');
  });

  it('finds a word typed with a typo that no page has as typed, and highlights the word the page has', async () => {
    assert.deepEqual(await routes('безопастности '), ['/groups'], 'a letter wrong');
    assert.deepEqual(await routes('првила '), ['/rules'], 'a letter missing');
    assert.deepEqual(await routes('синхронизацяи '), ['/api/status'], 'two letters swapped');
    assert.deepEqual(await routes('безапас'), ['/groups'], 'the word being typed');
    const r = await engine.search('порядок првил');
    const item = await engine.describe(r, r.hits[0]);
    assert.deepEqual(item.snippet.filter((x) => x.hit).map((x) => x.text), ['Порядок', 'правил']);
  });

  it('looks for typos only where nothing matches, not in short words, flags or numbers', async () => {
    assert.deepEqual(await routes('грпа '), [], 'three letters of a stem get no typo');
    assert.deepEqual(await routes('--confog'), [], 'a flag is matched as written');
    assert.deepEqual(await routes('10.0.0.0/9'), []);
    assert.deepEqual(await routes('порядок '), ['/rules'], 'a word a page has is found as it is');
  });

  it('falls back to pages with some of the words when none has all', async () => {
    const r = await engine.search('правила несуществующее');
    assert.equal(r.partial, true);
    assert.equal(r.hits.length > 0, true);
  });

  it('describes a hit: its best section, heading, breadcrumbs and a marked snippet', async () => {
    const r = await engine.search('порядок правил');
    const item = await engine.describe(r, r.hits[0]);
    assert.equal(item.href, '/rules#приоритет');
    assert.equal(item.heading.map((s) => s.text).join(''), 'Приоритет');
    assert.deepEqual(item.snippet.filter((s) => s.hit).map((s) => s.text), ['Порядок', 'правил']);
    const groups = await engine.describe(await engine.search('группа'), (await engine.search('группа')).hits[0]);
    assert.equal(groups.crumbs, 'Конфигурация');
    assert.equal(groups.href, '/groups', 'a page named after the query opens at its top');
  });

  it('runs again into the same folder (watch mode): the new index replaces the old files', async () => {
    const again = tempDir('sg-search-');
    try {
      await buildSearchIndex(again, pages, { incremental: true });
      const changed = pages.map((p) => (p.route === '/rules' ? { ...p, title: 'Правила фильтрации' } : p));
      await buildSearchIndex(again, changed, { incremental: true });
      // A file being written beside the index (the compressor's temporary copy of a shard) is not the index's to remove.
      const beside = path.join(again, 'assets', 'search', `${readdirSync(path.join(again, 'assets', 'search')).find((f) => f.startsWith('s.'))}.gz.4242.1.tmp`);
      writeFileSync(beside, 'x');
      await buildSearchIndex(again, changed, { incremental: true });
      const listing = readdirSync(path.join(again, 'assets', 'search'));
      assert.equal(listing.filter((f) => f.startsWith('f.')).length, 1, 'one fragment folder: the old one is gone');
      assert.ok(existsSync(beside), 'the temporary file stays');
      const fresh = new SearchEngine('/', async (url) => new Response(readFileSync(path.join(again, url.slice(1)))));
      const r = await fresh.search('фильтрации');
      assert.equal((await fresh.fragment(r.hits[0].page)).route, '/rules');
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  });

  it('keeps fragments in folders of a few pages: an edit to one page moves only its folder', async () => {
    const many = Array.from({ length: FRAGMENT_GROUP * 2 + 5 }, (_, i) => page(`/p${String(i).padStart(3, '0')}`, `Страница ${i}`, `<p>Текст страницы номер ${i}.</p>`));
    const folders = async (list: PageData[]) => {
      const out = tempDir('sg-search-');
      try {
        await buildSearchIndex(out, list);
        const manifest = JSON.parse(readFileSync(path.join(out, 'search', 'manifest.json'), 'utf8'));
        const engine = new SearchEngine('/', async (url) => new Response(readFileSync(path.join(out, url.slice(1)))));
        // Every page's fragment is where the manifest says, the last one of the last folder too.
        assert.equal((await engine.fragment(many.length - 1)).route, many.at(-1)!.route);
        assert.equal((await engine.fragment(FRAGMENT_GROUP)).route, many[FRAGMENT_GROUP].route);
        return manifest.fragments as string[];
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    };
    const before = await folders(many);
    assert.equal(before.length, 3);
    const edited = many.map((p, i) => (i === FRAGMENT_GROUP + 1 ? { ...p, html: `${p.html}<p>Ещё абзац.</p>` } : p));
    const after = await folders(edited);
    assert.deepEqual(after.map((f, i) => f === before[i]), [true, false, true], 'the folder of the edited page, and only it, is new');
  });

  it('read in a thread of its own (a cold build\'s many pages), the pages give the same files', async () => {
    // More pages than the thread may have waiting (512): read without a pause, as here, the rest
    // are read on this thread, and the index is the same.
    const many = [...pages, ...Array.from({ length: 600 }, (_, i) => page(`/p${i}`, `Страница ${i}`, `<p>Правила группы ${i}.</p>${h(2, `r${i}`, `Раздел ${i}`)}<pre><code>sgroups ${i}</code></pre>`, { breadcrumbs: [{ label: 'Раздел', href: '/p0' }] }))];
    const inThread = tempDir('sg-search-');
    const inWorker = tempDir('sg-search-');
    try {
      await buildSearchIndex(inThread, many);
      const indexer = new SearchIndexer({ readWorkerAfter: 10 });
      indexer.expect(many.length);
      for (const p of many) indexer.read(p);
      const stats = await indexer.write(inWorker);
      assert.equal(stats.pages, many.length - 3);
      const tree = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort().map((f) => [f, statSync(path.join(dir, f)).isDirectory() ? '' : readFileSync(path.join(dir, f), 'utf8')]);
      assert.deepEqual(tree(inWorker), tree(inThread));
    } finally {
      rmSync(inThread, { recursive: true, force: true });
      rmSync(inWorker, { recursive: true, force: true });
    }
  });

  it('tells an index of another format apart (a deploy since the page was loaded) from a failure', async () => {
    const other = new SearchEngine('/', async (url) => {
      const body = readFileSync(path.join(dir, url.slice(1)));
      if (!url.endsWith('manifest.json')) return new Response(body);
      return new Response(JSON.stringify({ ...JSON.parse(body.toString('utf8')), v: FORMAT_VERSION + 1 }));
    });
    await assert.rejects(other.search('правила'), (e: unknown) => e instanceof OutdatedIndexError && /Перезагрузите страницу/.test(e.message));
  });

  it('loads only the shards a query needs', async () => {
    fetched.length = 0;
    const fresh = new SearchEngine('/', async (url) => {
      fetched.push(url);
      return new Response(readFileSync(path.join(dir, url.slice(1))));
    });
    await fresh.search('sgroups_groups');
    const manifest = JSON.parse(readFileSync(path.join(dir, 'search', 'manifest.json'), 'utf8'));
    const shardsRead = fetched.filter((u) => u.endsWith('.bin')).length;
    assert.ok(shardsRead >= 1 && shardsRead < manifest.shards.length, `${shardsRead} of ${manifest.shards.length} shards read`);
  });
});
