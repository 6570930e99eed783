// The correctness rule of builds with a cache: after any sequence of edits, a build that starts
// from the previous output and the cache writes exactly the bytes a cold build (--no-cache, empty
// output) writes for the same sources. And a cache that is corrupt, truncated, from another
// version, or left by a build killed midway is either used correctly or ignored with one warning.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { projectRoot } from '../helpers/paths.ts';
import { assertSameTree, treeOf } from '../helpers/output-tree.ts';

function cliArgs(site: FixtureCopy, out: string, cache: string | null): string[] {
  return ['--import', 'tsx', 'scripts/build.ts', '--docs', site.docs, '--pages', path.join(site.dir, 'pages'), '--static', path.join(site.dir, 'static'),
    '--config', path.join(site.dir, 'site.config.ts'), '--out', out, '--quiet', ...(cache ? ['--cache-dir', cache] : ['--no-cache'])];
}

function run(site: FixtureCopy, out: string, cache: string | null) {
  const r = spawnSync(process.execPath, cliArgs(site, out, cache), { cwd: projectRoot, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r;
}

describe('incremental builds write what cold builds write', () => {
  let site: FixtureCopy;
  let cache: string;
  let coldOut: string;
  const read = (rel: string) => readFileSync(path.join(site.dir, rel), 'utf8');
  const edit = (rel: string, change: (s: string) => string) => site.write(rel, change(read(rel)));
  const buildBoth = (step: string) => {
    run(site, site.out, cache);
    rmSync(coldOut, { recursive: true, force: true });
    run(site, coldOut, null);
    assertSameTree(site.out, coldOut, step);
  };

  before(() => {
    site = copyFixture();
    cache = path.join(site.dir, '.cache');
    coldOut = path.join(site.dir, 'cold-dist');
    run(site, site.out, cache);
  });

  it('after each edit of a sequence: text, title, new page, deleted page, renamed heading, config, static file, cards, tags, snippets (in docs/ and outside)', () => {
    const llmsTxt = path.join(site.out, 'llms.txt');
    edit('docs/guide/intro.md', (s) => `${s}\nАбзац, добавленный правкой текста.\n`);
    buildBoth('text edit');
    // The first paragraph is the page's description, listed in llms.txt.
    edit('docs/guide/install.md', (s) => s.replace('Вернуться к [введению]', 'Сначала прочтите [введение]'));
    buildBoth('description edit');
    assert.match(readFileSync(llmsTxt, 'utf8'), /Сначала прочтите введение/);
    edit('docs/reference/api.md', (s) => s.replace(/^title: .*$/m, 'title: Справочник API, новое название'));
    buildBoth('title edit');
    // Its label in its neighbours' pagers only: their pages change, the sidebars do not.
    edit('docs/reference/api.md', (s) => s.replace(/^title: .*$/m, (t) => `${t}\npagination_label: К справочнику API`));
    buildBoth('pagination label edit');
    site.write('docs/reference/new-page.md', '---\ntitle: Новая страница\n---\n\nСсылка на [введение](../guide/intro.md#установка-агента).\n\n## Раздел новой страницы\n');
    buildBoth('new page');
    unlinkSync(path.join(site.dir, 'docs/reference/new-page.md'));
    buildBoth('deleted page');
    // A heading other pages link to is renamed, and the links follow it.
    edit('docs/guide/intro.md', (s) => s.replace('## Установка агента', '## Установка и запуск агента'));
    edit('docs/guide/install.md', (s) => s.replace('intro.md#установка-агента', 'intro.md#установка-и-запуск-агента'));
    buildBoth('renamed heading');
    edit('site.config.ts', (s) => s.replace("copyright: '© 2025 Тестовая компания'", "copyright: '© 2026 Тестовая компания'"));
    buildBoth('config change');
    site.write('static/img/extra.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>\n');
    edit('static/img/logo.svg', (s) => s.replace('<svg', '<svg data-edited="1"'));
    buildBoth('static files');
    // An image beside a page: its URL carries its content hash, so the page shows a new one.
    edit('docs/guide/diagram.svg', (s) => s.replace('<svg', '<svg data-edited="1"'));
    buildBoth('image edited');
    // A file a page links to for download: published under its content hash, like an image.
    site.write('docs/guide/_files/example.yaml', 'listen: 0.0.0.0:9000\n');
    edit('docs/guide/install.md', (s) => `${s}\nСкачайте [пример](./_files/example.yaml).\n`);
    buildBoth('link to a file added');
    edit('docs/guide/_files/example.yaml', (s) => s.replace('9000', '9001'));
    buildBoth('linked file edited');
    // A page appears where another page's link pointed at nothing: that link becomes a real one.
    site.write('docs/guide/missing.md', '---\ntitle: Была ненайденной\n---\n\nТеперь есть.\n');
    buildBoth('linked page added');
    // ::doc-cards: the cards show the category's pages with their descriptions, which no sidebar shows.
    site.write('docs/reference/tools/_category_.json', JSON.stringify({ label: 'Инструменты', link: { type: 'doc', id: 'reference/tools/index' } }));
    site.write('docs/reference/tools/index.md', '---\ntitle: Инструменты\n---\n\n::doc-cards\n');
    site.write('docs/reference/tools/cli.md', '---\ntitle: Командная строка\ndescription: Из терминала.\n---\n\nТекст.\n');
    buildBoth('a page with doc cards');
    edit('docs/reference/tools/cli.md', (s) => s.replace('description: Из терминала.', 'description: Правила из терминала.'));
    buildBoth('a card\'s description edited');
    assert.match(readFileSync(path.join(site.out, 'reference/tools/index.html'), 'utf8'), /<span class="doc-card__text">Правила из терминала\.<\/span>/);
    site.write('docs/reference/tools/tf.md', '---\ntitle: Terraform\n---\n\nТекст.\n');
    buildBoth('a card added');
    // The category makes its own page instead (generated-index), then names it otherwise.
    unlinkSync(path.join(site.dir, 'docs/reference/tools/index.md'));
    site.write('docs/reference/tools/_category_.json', JSON.stringify({ label: 'Инструменты', link: { type: 'generated-index', description: 'Всё для правил.' } }));
    buildBoth('a generated-index category');
    site.write('docs/reference/tools/_category_.json', JSON.stringify({ label: 'Инструменты', link: { type: 'generated-index', title: 'Все инструменты', description: 'Всё для правил.' } }));
    buildBoth('its title changed');
    // Tags: a page per tag lists its docs (titles and descriptions), and one page lists every tag.
    edit('docs/guide/intro.md', (s) => s.replace('keywords: [фикстура, тест]', 'keywords: [фикстура, тест]\ntags: [nftables, агент]'));
    edit('docs/reference/tools/cli.md', (s) => s.replace('title: Командная строка', 'title: Командная строка\ntags: [nftables]'));
    buildBoth('tags added');
    edit('docs/reference/tools/cli.md', (s) => s.replace('description: Правила из терминала.', 'description: Правила nftables из терминала.'));
    buildBoth('a tagged page\'s description edited');
    assert.match(readFileSync(path.join(site.out, 'tags/nftables/index.html'), 'utf8'), /<span class="doc-card__text">Правила nftables из терминала\.<\/span>/);
    site.write('docs/tags.yml', 'nftables:\n  label: nftables\n  permalink: /nft\n  description: Таблицы и цепочки.\n');
    buildBoth('a tags file');
    edit('docs/guide/intro.md', (s) => s.replace('tags: [nftables, агент]', 'tags: [агент]'));
    buildBoth('a tag taken off a page');
    // Code from a file (`<<<`): the file is part of the page's input.
    site.write('docs/guide/_snippets/rules.yaml', 'rules:\n  - from: web\n    to: db\n');
    edit('docs/guide/install.md', (s) => `${s}\n<<< ./_snippets/rules.yaml [rules.yaml]\n`);
    buildBoth('a snippet');
    site.write('docs/guide/_snippets/rules.yaml', 'rules:\n  - from: web\n    to: cache\n');
    buildBoth('a snippet\'s file edited');
    assert.match(readFileSync(path.join(site.out, 'guide/install/index.html'), 'utf8'), /cache/);
    // A file outside docs/ is an input as much (build/cache/up-to-date.ts: externalInputs).
    site.write('examples/nft.conf', 'table inet filter {}\n');
    edit('docs/guide/install.md', (s) => `${s}\n<<< ../../examples/nft.conf\n`);
    buildBoth('a snippet outside docs/');
    site.write('examples/nft.conf', 'table inet sgroups {}\n');
    buildBoth('a snippet outside docs/ edited');
    assert.match(readFileSync(path.join(site.out, 'guide/install/index.html'), 'utf8'), /sgroups/);
    // Number prefixes: the file or folder moves, the ids and URLs stay, the sidebar's order changes.
    renameSync(path.join(site.docs, 'reference/api.md'), path.join(site.docs, 'reference/05-api.md'));
    buildBoth('a number prefix given to a file');
    renameSync(path.join(site.docs, 'reference/tools'), path.join(site.docs, 'reference/01-tools'));
    buildBoth('a number prefix given to a folder');
    assert.ok(existsSync(path.join(site.out, 'reference/tools/cli/index.html')) && existsSync(path.join(site.out, 'reference/api/index.html')));
  });
});

describe('a damaged cache', () => {
  let site: FixtureCopy;
  let cache: string;
  let coldOut: string;
  const cacheFile = () => path.join(cache, 'markdown.v8');

  before(() => {
    site = copyFixture();
    cache = path.join(site.dir, '.cache');
    coldOut = path.join(site.dir, 'cold-dist');
    run(site, coldOut, null);
  });

  const damages: [string, (file: string) => void][] = [
    ['truncated', (f) => writeFileSync(f, readFileSync(f).subarray(0, Math.floor(statSync(f).size / 2)))],
    ['corrupt', (f) => { const b = readFileSync(f); b[b.length - 10] ^= 0xff; writeFileSync(f, b); }],
    ['from another version', (f) => writeFileSync(f, Buffer.concat([Buffer.from('sg-kv-cache 1 v8 0.0\n'), readFileSync(f).subarray(readFileSync(f).indexOf(0x0a) + 1)]))],
    ['not a cache at all', (f) => writeFileSync(f, 'hello')],
  ];
  for (const [name, damage] of damages) {
    it(`${name}: ignored with one warning, and the output is the cold build's`, () => {
      rmSync(site.out, { recursive: true, force: true });
      rmSync(cache, { recursive: true, force: true });
      run(site, site.out, cache);
      assert.ok(existsSync(cacheFile()), 'the first build wrote a cache');
      damage(cacheFile());
      rmSync(site.out, { recursive: true, force: true }); // no up-to-date shortcut: the cache must be read
      const r = run(site, site.out, cache);
      const lines = r.stderr.split('\n').filter((l) => /warning: cache .*ignored/.test(l));
      assert.equal(lines.length, 1, `one warning about the cache, got:\n${r.stderr}`);
      assertSameTree(site.out, coldOut, name);
      // The cache was rewritten and is good again: no warning the next time.
      rmSync(site.out, { recursive: true, force: true });
      const again = run(site, site.out, cache);
      assert.doesNotMatch(again.stderr, /warning: cache/);
    });
  }

  // The pages' compiled HTML and Markdown lie in pack files (build/cache/body-store.ts).
  const bodyFiles = () => readdirSync(path.join(cache, 'bodies'), { recursive: true, encoding: 'utf8' })
    .map((rel) => path.join(cache, 'bodies', rel)).filter((f) => statSync(f).isFile()).sort();
  const bodyDamages: [string, (files: string[]) => void, RegExp][] = [
    ['lost or cut short: those pages are compiled again', (files) => {
      assert.ok(files.length > 0, 'the build kept its pages\' bodies');
      // Cut short in the middle: the pages whose bodies lay in the second half are lost.
      const data = readFileSync(files[0]);
      writeFileSync(files[0], data.subarray(0, data.length >> 1));
      for (const f of files.slice(1)) unlinkSync(f);
    }, /warning: the cache had lost the compiled text of \d+ page/],
    ['changed in place (same size): the build starts again without the compile cache', (files) => {
      for (const f of files) {
        const b = readFileSync(f);
        b[0] ^= 0x20;
        writeFileSync(f, b);
      }
    }, /warning: cache .*bodies.* is damaged; ignored/],
  ];
  for (const [name, damage, warning] of bodyDamages) {
    it(`page bodies ${name}, with one warning; the output is the cold build's`, () => {
      rmSync(site.out, { recursive: true, force: true });
      rmSync(cache, { recursive: true, force: true });
      run(site, site.out, cache);
      damage(bodyFiles());
      rmSync(site.out, { recursive: true, force: true });
      const r = run(site, site.out, cache);
      assert.equal(r.stderr.split('\n').filter((l) => /^warning: .*cache/.test(l)).length, 1, r.stderr);
      assert.match(r.stderr, warning);
      assertSameTree(site.out, coldOut, name);
      rmSync(site.out, { recursive: true, force: true });
      assert.doesNotMatch(run(site, site.out, cache).stderr, /warning: .*cache/);
    });
  }

  it('a build killed midway (SIGKILL, SIGINT) leaves a cache the next build uses or discards, and the previous output in place', async () => {
    rmSync(cache, { recursive: true, force: true });
    run(site, site.out, cache);
    const before1 = treeOf(site.out);
    site.write('docs/guide/intro.md', `${readFileSync(path.join(site.docs, 'guide/intro.md'), 'utf8')}\nПравка перед прерванной сборкой.\n`);
    for (const [signal, delay] of [['SIGKILL', 1500], ['SIGINT', 2500], ['SIGKILL', 3500]] as const) {
      const child = spawn(process.execPath, cliArgs(site, site.out, cache), { cwd: projectRoot, stdio: 'ignore' });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      await new Promise((r) => setTimeout(r, delay));
      child.kill(signal);
      await exited;
      // Either it finished before the signal (the output is the new one) or it left the old one whole.
      const now = treeOf(site.out);
      const unchanged = [...before1.keys()].every((k) => now.get(k)?.equals(before1.get(k)!));
      if (!unchanged) assert.match(now.get(path.join('guide', 'intro', 'index.html'))!.toString(), /Правка перед прерванной сборкой/);
    }
    const r = run(site, site.out, cache);
    assert.doesNotMatch(r.stderr, /warning: cache/, 'a killed build never leaves a half-written cache file in place');
    rmSync(coldOut, { recursive: true, force: true });
    run(site, coldOut, null);
    assertSameTree(site.out, coldOut, 'after killed builds');
  });
});

describe('what an edit rebuilds', () => {
  let site: FixtureCopy;
  let cache: string;
  const statsOf = () => {
    const file = path.join(site.dir, 'stats.json');
    const r = spawnSync(process.execPath, [...cliArgs(site, site.out, cache), '--stats-json', file], { cwd: projectRoot, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(readFileSync(file, 'utf8')) as { pages: number; compiled?: number; rendered?: number; framesReused?: number };
  };

  before(() => {
    site = copyFixture();
    cache = path.join(site.dir, '.cache');
    const first = statsOf();
    const markdownFiles = [site.docs, path.join(site.dir, 'pages')].flatMap((d) => readdirSync(d, { recursive: true, encoding: 'utf8' }).filter((f) => /\.mdx?$/.test(f)));
    assert.equal(first.compiled, markdownFiles.length, 'a cold build compiles every Markdown page');
  });

  it('nothing changed: nothing compiled, nothing rendered', () => {
    const s = statsOf();
    assert.equal(s.compiled, 0);
    assert.equal(s.rendered, 0);
  });

  it('one page\'s text edited: only that page is compiled again', () => {
    site.write('docs/guide/install.md', `${readFileSync(path.join(site.docs, 'guide/install.md'), 'utf8')}\nЕщё один абзац.\n`);
    const s = statsOf();
    assert.equal(s.compiled, 1);
    assert.equal(s.rendered, 1, 'only the edited page is rendered again; the rest is copied from the previous output');
  });

  it('one page\'s text edited: the other pages\' files stay in the output as they were (same files), the edited page\'s are new', () => {
    const inodes = () => new Map(readdirSync(site.out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
      .map((e) => {
        const file = path.join(e.parentPath ?? e.path, e.name);
        // A hard link to a file changes its ctime too: an untouched file keeps both.
        const { ino, ctimeMs } = statSync(file);
        return [path.relative(site.out, file), `${ino} ${ctimeMs}`] as const;
      }));
    const before = inodes();
    site.write('docs/guide/install.md', `${readFileSync(path.join(site.docs, 'guide/install.md'), 'utf8')}\nАбзац, после которого остальные страницы не меняются.\n`);
    statsOf();
    const after = inodes();
    // The pages' files (a sidebar's JSON and a redirect's page are under 1 KB here, and small files are written anew: build/output/previous-output.ts).
    const pages = [...after.keys()].filter((rel) => (/(^|\/)index\.html(\.gz|\.br)?$/.test(rel) && !rel.startsWith('old-intro/')) || (rel.startsWith('_data/') && !rel.startsWith('_data/sidebars/')));
    const replaced = pages.filter((rel) => before.get(rel) !== after.get(rel));
    assert.ok(replaced.includes('guide/install/index.html'), 'the edited page is written anew');
    assert.deepEqual(replaced.filter((rel) => !rel.startsWith('guide/install/') && !rel.startsWith('_data/guide/install.')), [],
      'no other page\'s HTML, compressed copies or page data is written, linked or moved');
  });

  it('one page\'s text edited: another page\'s Markdown file is the previous output\'s, linked, unless it was edited by hand', () => {
    // Files of 1 KB or more are reused (smaller ones are written: build/output/previous-output.ts).
    const other = path.join(site.out, 'guide/intro.md');
    assert.ok(statSync(other).size >= 1024, 'the fixture\'s page is large enough to be reused');
    const editText = () => site.write('docs/guide/install.md', `${readFileSync(path.join(site.docs, 'guide/install.md'), 'utf8')}\nЕщё абзац.\n`);
    const before = statSync(other).ino;
    editText();
    statsOf();
    assert.equal(statSync(other).ino, before, 'the unchanged page\'s .md is the same file');
    // Edited by hand after the build, keeping its size: found by its time stamp and bytes.
    const good = readFileSync(other);
    const edited = Buffer.from(good);
    edited[0] ^= 0x01;
    writeFileSync(other, edited, { flag: 'r+' });
    editText();
    statsOf();
    assert.notEqual(statSync(other).ino, before, 'the hand-edited .md is written anew');
    assert.ok(readFileSync(other).equals(good));
  });

  it('one page\'s text edited: llms-full.txt is the cold build\'s, even when the previous one was edited by hand', () => {
    // Unchanged pages' parts are copied from the previous llms-full.txt (build/output/llms-full-parts.ts),
    // which is trusted only while it is the file the previous build wrote.
    const full = path.join(site.out, 'llms-full.txt');
    const text = readFileSync(full, 'utf8');
    // The first page's part (guide/intro; the page edited below is guide/install).
    const other = text.indexOf('-->', text.indexOf('<!-- https://docs.example.com/guide/intro -->'));
    assert.ok(other > 0, 'llms-full.txt holds guide/intro');
    const edited = Buffer.from(text);
    const at = Buffer.byteLength(text.slice(0, other + '-->\n\n# '.length)); // in that page's title, inside its part
    edited[at] = edited[at] === 0x21 ? 0x22 : 0x21; // one byte, same size
    writeFileSync(full, edited, { flag: 'r+' });
    site.write('docs/guide/install.md', `${readFileSync(path.join(site.docs, 'guide/install.md'), 'utf8')}\nАбзац для llms-full.\n`);
    statsOf();
    const cold = path.join(site.dir, 'cold-llms');
    rmSync(cold, { recursive: true, force: true });
    const r = spawnSync(process.execPath, cliArgs(site, cold, null), { cwd: projectRoot, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(readFileSync(full).equals(readFileSync(path.join(cold, 'llms-full.txt'))), 'llms-full.txt differs from the cold build\'s');
    assert.match(readFileSync(full, 'utf8'), /Абзац для llms-full\./);
    // Its gzip copy, made from cached segments (build/output/segmented-gzip.ts): the cold build's
    // bytes, the new text, and no brotli copy beside it (an earlier output's would be stale).
    assert.ok(readFileSync(`${full}.gz`).equals(readFileSync(path.join(cold, 'llms-full.txt.gz'))), 'llms-full.txt.gz differs from the cold build\'s');
    assert.ok(gunzipSync(readFileSync(`${full}.gz`)).equals(readFileSync(full)));
    assert.ok(!existsSync(`${full}.br`) && !existsSync(path.join(cold, 'llms-full.txt.br')));
  });

  it('a static file changed: no page compiled or rendered', () => {
    site.write('static/img/extra.txt', 'новый файл\n');
    // A brotli copy of llms-full.txt, as outputs had before its gzip copy was made in segments: stale, so removed.
    writeFileSync(path.join(site.out, 'llms-full.txt.br'), 'устаревшая копия');
    const s = statsOf();
    assert.equal(s.compiled, 0);
    assert.equal(s.rendered, 0);
    assert.ok(!existsSync(path.join(site.out, 'llms-full.txt.br')), 'the stale llms-full.txt.br is gone');
  });

  it('a page\'s sidebar label edited: the pages that show it render again, nothing is compiled but that page', () => {
    const file = path.join(site.docs, 'guide/intro.md');
    site.write('docs/guide/intro.md', readFileSync(file, 'utf8').replace(/^sidebar_label: .*$/m, 'sidebar_label: Введение (новое название)'));
    const s = statsOf();
    assert.equal(s.compiled, 1);
    assert.ok(s.rendered! > 1, `its sidebar changed: the pages that show it are made again (${JSON.stringify(s)})`);
    // Only the sidebar's list changed in them: each keeps its frame (the server render around the
    // list) from the previous output. The edited page and the neighbours whose pager names it
    // change themselves, and render.
    assert.ok(s.framesReused! > 0 && s.framesReused! >= s.rendered! - 3, `the pages keep their frames (${JSON.stringify(s)})`);
  });

  it('a title in a closed category edited: the pages that show that category closed keep their files', () => {
    const filesOf = (dir: string) => readdirSync(path.join(site.out, dir)).map((f) => `${dir}/${f}`);
    const stampsOf = (rels: string[]) => rels.map((rel) => {
      const { ino, ctimeMs } = statSync(path.join(site.out, rel));
      return `${rel} ${ino} ${ctimeMs}`;
    });
    // The guide's pages show «Справочник» closed; its own pages show it open, with the title.
    const closed = [...filesOf('guide/intro'), ...filesOf('guide/install'), '_data/guide/intro.json', '_data/guide/install.json'];
    const before = stampsOf(closed);
    const apiBefore = readFileSync(path.join(site.out, 'reference/index.html'), 'utf8');
    site.write('docs/reference/api.md', readFileSync(path.join(site.docs, 'reference/api.md'), 'utf8').replace(/^title: .*$/m, 'title: API, новое название'));
    const s = statsOf();
    assert.equal(s.compiled, 1);
    assert.deepEqual(stampsOf(closed), before, 'not written, linked or moved');
    assert.match(readFileSync(path.join(site.out, 'reference/index.html'), 'utf8'), /API, новое название/, 'a page that shows the category open has the new title');
    assert.notEqual(readFileSync(path.join(site.out, 'reference/index.html'), 'utf8'), apiBefore);
    const sidebar = JSON.parse(readFileSync(path.join(site.out, '_data/sidebars/guide.json'), 'utf8')) as { items: { items?: { label: string }[] }[] };
    assert.ok(sidebar.items[2].items!.some((i) => i.label === 'API, новое название'), 'the sidebar\'s file has it, under its name');
  });

  it('a sidebar change does not take the frame of a page edited by hand in the output: the output is the cold build\'s', () => {
    const html = path.join(site.out, 'reference/api/index.html');
    const before = readFileSync(html, 'utf8');
    const { mtime } = statSync(html);
    // A page of the sidebar that is not intro's neighbour (its own data does not change); inside
    // its frame (the content), same length and time, a new inode.
    assert.match(before, /<main/);
    writeFileSync(`${html}.tmp`, before.replace('<main', '<MAIN'));
    renameSync(`${html}.tmp`, html);
    utimesSync(html, mtime, mtime);
    const file = path.join(site.docs, 'guide/intro.md');
    site.write('docs/guide/intro.md', readFileSync(file, 'utf8').replace(/^sidebar_label: .*$/m, 'sidebar_label: Введение (ещё раз)'));
    const s = statsOf();
    assert.ok(s.framesReused! > 0, JSON.stringify(s));
    const cold = path.join(site.dir, 'cold-frames');
    rmSync(cold, { recursive: true, force: true });
    const r = spawnSync(process.execPath, cliArgs(site, cold, null), { cwd: projectRoot, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const pagesOf = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html') || (f.startsWith('_data') && f.endsWith('.json'))).sort();
    assert.deepEqual(pagesOf(site.out), pagesOf(cold));
    for (const f of pagesOf(cold)) assert.ok(readFileSync(path.join(site.out, f)).equals(readFileSync(path.join(cold, f))), `${f} differs from the cold build's`);
    assert.doesNotMatch(readFileSync(html, 'utf8'), /<MAIN/);
  });

  it('a hand-edited output file is not trusted: that page is rendered again', () => {
    const html = path.join(site.out, 'guide/intro/index.html');
    writeFileSync(html, readFileSync(html, 'utf8').replace('</body>', '<!-- edited --></body>'));
    site.write('static/img/extra.txt', 'ещё раз\n'); // something changed, so the build is not skipped
    const s = statsOf();
    assert.equal(s.rendered, 1);
    assert.doesNotMatch(readFileSync(html, 'utf8'), /edited/);
  });

  it('an output file edited without changing its size or time is still not trusted when its bytes differ', () => {
    // The stamp (inode, size, mtime) lets an untouched file be linked unread; a file whose bytes
    // were swapped under the same stamp is caught only if the stamp check is the inode's too.
    const html = path.join(site.out, 'guide/install/index.html');
    const before = readFileSync(html, 'utf8');
    const { mtime } = statSync(html);
    // Same length, same mtime, a new inode (written elsewhere and renamed over it).
    writeFileSync(`${html}.tmp`, before.replace('</body>', '</BODY>'));
    renameSync(`${html}.tmp`, html);
    utimesSync(html, mtime, mtime);
    site.write('static/img/extra.txt', 'и ещё\n');
    const s = statsOf();
    assert.equal(s.rendered, 1);
    assert.equal(readFileSync(html, 'utf8'), before);
  });

  it('a page added or removed compiles itself and the pages whose links name its file, nothing else', () => {
    const intro = path.join(site.out, 'guide/intro/index.html');
    assert.match(readFileSync(intro, 'utf8'), /class="broken-link"[^>]*>несуществующую страницу/);
    site.write('docs/guide/missing.md', '---\ntitle: Теперь есть\n---\n\nСтраница, на которую уже ссылались.\n');
    assert.equal(statsOf().compiled, 2, 'the new page and guide/intro, whose link named it');
    assert.match(readFileSync(intro, 'utf8'), /<a href="\/guide\/missing">несуществующую страницу<\/a>/);
    unlinkSync(path.join(site.docs, 'guide/missing.md'));
    assert.equal(statsOf().compiled, 1, 'guide/intro, whose link names nothing again');
    assert.match(readFileSync(intro, 'utf8'), /class="broken-link"/);
  });

  it('an image a page shows edited: that page compiles again and shows it under its new name', () => {
    const intro = () => readFileSync(path.join(site.out, 'guide/intro/index.html'), 'utf8');
    const before = /\/assets\/img\/diagram\.[0-9a-f]{10}\.svg/.exec(intro())![0];
    site.write('docs/guide/diagram.svg', readFileSync(path.join(site.docs, 'guide/diagram.svg'), 'utf8').replace('<svg', '<svg data-new="1"'));
    assert.equal(statsOf().compiled, 1);
    const after = /\/assets\/img\/diagram\.[0-9a-f]{10}\.svg/.exec(intro())![0];
    assert.notEqual(after, before);
    assert.match(readFileSync(path.join(site.out, after), 'utf8'), /data-new="1"/);
    assert.ok(!existsSync(path.join(site.out, before)), 'the old name is gone');
  });

  it('a file a page links to edited: that page compiles again and links to it under its new name', () => {
    const install = () => readFileSync(path.join(site.out, 'guide/install/index.html'), 'utf8');
    site.write('docs/guide/_files/rules.json', '{"rules": []}\n');
    site.write('docs/guide/install.md', `${readFileSync(path.join(site.docs, 'guide/install.md'), 'utf8')}\nПравила: [rules.json](./_files/rules.json).\n`);
    statsOf();
    const before = /\/assets\/files\/rules\.[0-9a-f]{10}\.json/.exec(install())![0];
    site.write('docs/guide/_files/rules.json', '{"rules": [1]}\n');
    assert.equal(statsOf().compiled, 1);
    const after = /\/assets\/files\/rules\.[0-9a-f]{10}\.json/.exec(install())![0];
    assert.notEqual(after, before);
    assert.equal(readFileSync(path.join(site.out, after), 'utf8'), '{"rules": [1]}\n');
    assert.ok(!existsSync(path.join(site.out, before)), 'the old name is gone');
  });

  it('an output file touched but unchanged is reused, not rendered', () => {
    const html = path.join(site.out, 'guide/intro/index.html');
    const later = new Date(Date.now() + 60_000);
    utimesSync(html, later, later);
    site.write('static/img/extra.txt', 'снова\n');
    assert.equal(statsOf().rendered, 0);
  });
});
