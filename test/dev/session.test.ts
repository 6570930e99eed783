// The dev session without a browser: what each kind of change rebuilds, and how errors are kept.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { planChanges, type FileEvent } from '../../build/dev/changes.ts';
import { DevSession } from '../../build/dev/session.ts';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { projectRoot } from '../helpers/paths.ts';
import { treeOf } from '../helpers/output-tree.ts';

describe('dev session: incremental rebuilds', () => {
  let site: FixtureCopy;
  let session: DevSession;
  const out = () => path.join(site.dir, '.dev');
  const change = (type: FileEvent['type'], rel: string) => session.update(planChanges([{ type, file: path.join(site.dir, rel) }], session.dirs));
  const edit = (rel: string, fn: (s: string) => string) => {
    const file = path.join(site.dir, rel);
    writeFileSync(file, fn(readFileSync(file, 'utf8')));
    return change('change', rel);
  };
  const data = (route: string) => JSON.parse(readFileSync(path.join(out(), '_data', `${route}.json`), 'utf8'));

  before(async () => {
    site = copyFixture();
    session = new DevSession({
      projectRoot, docsDir: site.docs, pagesDir: path.join(site.dir, 'pages'), staticDir: path.join(site.dir, 'static'),
      configPath: path.join(site.dir, 'site.config.ts'), outDir: out(),
    });
    const first = await session.start();
    assert.deepEqual(first.errors, []);
    assert.ok(first.built);
  });
  after(async () => {
    await session?.close();
    if (site) rmSync(site.dir, { recursive: true, force: true });
  });

  it('builds the whole site into its own folder, with warnings, and no dist/', () => {
    for (const f of ['index.html', '404.html', 'guide/intro/index.html', '_data/guide/intro.json', 'sitemap.xml', 'robots.txt', '_headers/csp.txt', 'img/logo.svg']) {
      assert.ok(existsSync(path.join(out(), f)), f);
    }
    assert.equal(existsSync(site.out), false);
  });

  it('a body edit compiles and renders that page only', async () => {
    const r = await edit('docs/guide/install.md', (s) => s.replace('## Шаги', 'Ещё одна строка.\n\n## Шаги'));
    assert.equal(r.compiled, 1);
    assert.equal(r.rendered, 1);
    assert.deepEqual(r.routes, ['/guide/install']);
    assert.equal(r.reload, false);
    assert.match(data('/guide/install').html, /Ещё одна строка/);
  });

  it('saving a file unchanged rebuilds nothing', async () => {
    const r = await edit('docs/guide/install.md', (s) => s);
    assert.equal(r.compiled, 0);
    assert.deepEqual(r.routes, []);
  });

  it('a sidebar label change re-renders the pages of that sidebar, and the neighbours\' prev/next', async () => {
    const r = await edit('docs/guide/intro.md', (s) => s.replace('sidebar_label: Введение', 'sidebar_label: Начало'));
    assert.equal(r.compiled, 1);
    // The fixture has no home page of its own: the generated one lists the sidebar's labels too.
    assert.deepEqual(new Set(r.routes), new Set(['/guide/intro', '/guide/install', '/reference', '/reference/api', '/']));
    assert.equal(data('/guide/install').prev.label, 'Начало');
    const sidebar = JSON.parse(readFileSync(path.join(out(), '_data/sidebars/guide.json'), 'utf8'));
    assert.equal(sidebar.items[0].label, 'Начало');
  });

  it('a title in a closed category re-renders the pages that show that category open, not the others', async () => {
    const r = await edit('docs/reference/api.md', (s) => s.replace(/^title: .*$/m, 'title: API, другое название'));
    assert.equal(r.compiled, 1);
    // /guide/* show «Справочник» closed: their view of the sidebar has no API in it.
    assert.deepEqual(new Set(r.routes), new Set(['/reference', '/reference/api']));
    assert.match(readFileSync(path.join(out(), 'reference/index.html'), 'utf8'), /API, другое название/);
    const sidebar = JSON.parse(readFileSync(path.join(out(), '_data/sidebars/guide.json'), 'utf8'));
    assert.equal(sidebar.items[2].items[1].label, 'API, другое название');
  });

  it('a new page gets a route, a sidebar place, and the pages linking to it compile again', async () => {
    // intro.md links to ./missing.md: a warning until the page exists.
    site.write('docs/guide/missing.md', '# Нашлась\n\nТеперь есть.\n');
    const r = await change('add', 'docs/guide/missing.md');
    assert.ok(r.routes.includes('/guide/missing'));
    assert.equal(r.compiled, 2, 'the new page and intro.md, which links to it');
    assert.match(data('/guide/intro').html, /href="\/guide\/missing"/);
    assert.ok(existsSync(path.join(out(), 'guide/missing/index.html')));
  });

  it('a renamed page moves; a deleted page is removed', async () => {
    renameSync(path.join(site.docs, 'guide/missing.md'), path.join(site.docs, 'guide/found.md'));
    const r = await session.update(planChanges([
      { type: 'unlink', file: path.join(site.docs, 'guide/missing.md') },
      { type: 'add', file: path.join(site.docs, 'guide/found.md') },
    ], session.dirs));
    assert.ok(r.routes.includes('/guide/found') && r.routes.includes('/guide/missing'));
    assert.equal(existsSync(path.join(out(), 'guide/missing/index.html')), false);
    assert.ok(existsSync(path.join(out(), 'guide/found/index.html')));
    // intro.md's link is broken again: a warning, the text stays unlinked.
    assert.ok(r.warnings.some((w) => /missing\.md/.test(w.message)));
    unlinkSync(path.join(site.docs, 'guide/found.md'));
    const gone = await change('unlink', 'docs/guide/found.md');
    assert.ok(gone.routes.includes('/guide/found'));
    assert.equal(existsSync(path.join(out(), '_data/guide/found.json')), false);
  });

  it('a slug edited in front matter moves the page, and the pages linking to its file follow', async () => {
    // The file stays where it is: only its route changes, and intro.md links to ./install.md.
    const r = await edit('docs/guide/install.md', (s) => `---\nslug: /guide/setup\n---\n${s}`);
    assert.ok(r.routes.includes('/guide/setup') && r.removed.includes('/guide/install'), r.routes.join(' '));
    assert.match(data('/guide/intro').html, /href="\/guide\/setup"/);
    assert.equal(existsSync(path.join(out(), 'guide/install/index.html')), false);
    const back = await edit('docs/guide/install.md', (s) => s.replace('---\nslug: /guide/setup\n---\n', ''));
    assert.ok(back.routes.includes('/guide/install') && back.removed.includes('/guide/setup'), back.routes.join(' '));
    assert.match(data('/guide/intro').html, /href="\/guide\/install"/);
  });

  it('keeps the last good page while its front matter is broken, and reports file:line', async () => {
    const r = await edit('docs/guide/install.md', (s) => `---\ntitle: [oops\n---\n${s}`);
    assert.equal(r.errors.length, 1);
    assert.match(r.errors[0], /guide\/install\.md:2: invalid YAML in front matter/);
    assert.deepEqual(r.routes, []);
    assert.match(data('/guide/install').html, /Ещё одна строка/);
    const fixed = await edit('docs/guide/install.md', (s) => s.replace('---\ntitle: [oops\n---\n', ''));
    assert.deepEqual(fixed.errors, []);
  });

  it('reports two files claiming one route, and recovers', async () => {
    site.write('docs/dup.md', '---\nslug: /guide/install\n---\n\nДубль.\n');
    const r = await change('add', 'docs/dup.md');
    assert.ok(r.errors.some((e) => /route \/guide\/install is claimed by two files/.test(e)));
    unlinkSync(path.join(site.docs, 'dup.md'));
    const fixed = await change('unlink', 'docs/dup.md');
    assert.deepEqual(fixed.errors, []);
  });

  it('a doc the config names, deleted, is a sidebar error until it is back', async () => {
    const file = path.join(site.docs, 'guide/install.md');
    const text = readFileSync(file, 'utf8');
    unlinkSync(file);
    const r = await change('unlink', 'docs/guide/install.md');
    assert.ok(r.errors.some((e) => /names the doc "guide\/install", which does not exist/.test(e)), r.errors.join('\n'));
    writeFileSync(file, text);
    const back = await change('add', 'docs/guide/install.md');
    assert.deepEqual(back.errors, []);
  });

  it('a config change re-renders every page and asks the tabs to reload', async () => {
    const r = await edit('site.config.ts', (s) => s.replace("copyright: '© 2025 Тестовая компания'", "copyright: '© 2026 Тестовая компания'"));
    assert.equal(r.reload, true);
    assert.equal(r.compiled, 0);
    assert.match(readFileSync(path.join(out(), 'guide/install/index.html'), 'utf8'), /© 2026/);
  });

  it('a config edit that changes how Markdown is read (formulas on or off) compiles every page again', async () => {
    await edit('docs/guide/install.md', (s) => `${s}\nДоля $\\frac{a}{b}$.\n`);
    assert.match(data('/guide/install').html, /Доля \$\\frac\{a\}\{b\}\$/);
    const on = await edit('site.config.ts', (s) => s.replace('prism: {', 'markdown: { math: true },\n  prism: {'));
    assert.match(data('/guide/install').html, /Доля <math [^>]*><semantics><mrow><mfrac>/);
    const off = await edit('site.config.ts', (s) => s.replace('markdown: { math: true },\n  ', ''));
    assert.match(data('/guide/install').html, /Доля \$\\frac\{a\}\{b\}\$/);
    assert.ok(on.compiled > 1 && on.compiled === off.compiled, `every page, both times: ${on.compiled}, ${off.compiled}`);
    await edit('docs/guide/install.md', (s) => s.replace('\nДоля $\\frac{a}{b}$.\n', ''));
  });

  it('a page with ::doc-cards shows its category\'s pages, a new page in that category and a card\'s new description as soon as they are there', async () => {
    site.write('docs/reference/tools/_category_.json', JSON.stringify({ label: 'Инструменты', link: { type: 'doc', id: 'reference/tools/index' } }));
    await change('add', 'docs/reference/tools/_category_.json');
    site.write('docs/reference/tools/index.md', '---\ntitle: Инструменты\n---\n\n::doc-cards\n');
    await change('add', 'docs/reference/tools/index.md');
    site.write('docs/reference/tools/cli.md', '---\ntitle: Командная строка\ndescription: Из терминала.\n---\n\nТекст.\n');
    await change('add', 'docs/reference/tools/cli.md');
    const page = () => readFileSync(path.join(out(), 'reference/tools/index.html'), 'utf8');
    assert.match(page(), /<a class="doc-card" href="\/reference\/tools\/cli"><span class="doc-card__title">Командная строка<\/span><span class="doc-card__text">Из терминала\.<\/span>/);
    assert.match(data('/reference/tools').html, /class="doc-card" href="\/reference\/tools\/cli"/, 'the page data has the cards too (a tab that navigates)');
    site.write('docs/reference/tools/tf.md', '---\ntitle: Terraform\n---\n\nТекст.\n');
    await change('add', 'docs/reference/tools/tf.md');
    assert.match(page(), /<span class="doc-card__title">Terraform<\/span>/);
    // A card's description edited: the page of the cards shows it at once, though it was not compiled again.
    site.write('docs/reference/tools/cli.md', '---\ntitle: Командная строка\ndescription: Правила из терминала.\n---\n\nТекст.\n');
    const r = await change('change', 'docs/reference/tools/cli.md');
    assert.ok(r.routes.includes('/reference/tools'), r.routes.join(' '));
    assert.match(page(), /<span class="doc-card__text">Правила из терминала\.<\/span>/);
    assert.match(data('/reference/tools').html, /Правила из терминала\./);
  });

  it('a category turned generated-index gets its own page at once, and loses it when turned back', async () => {
    unlinkSync(path.join(site.dir, 'docs/reference/tools/index.md'));
    await change('unlink', 'docs/reference/tools/index.md');
    site.write('docs/reference/tools/_category_.json', JSON.stringify({ label: 'Инструменты', link: { type: 'generated-index', description: 'Всё для правил.' } }));
    const r = await change('change', 'docs/reference/tools/_category_.json');
    assert.deepEqual(r.errors, []);
    const page = readFileSync(path.join(out(), 'reference/tools/index.html'), 'utf8');
    assert.match(page, /<p>Всё для правил\.<\/p>\s*<nav class="doc-cards" aria-label="Страницы раздела"><ul>/);
    assert.match(page, /<span class="doc-card__title">Командная строка<\/span>/);
    site.write('docs/reference/tools/_category_.json', JSON.stringify({ label: 'Инструменты' }));
    await change('change', 'docs/reference/tools/_category_.json');
    assert.equal(existsSync(path.join(out(), 'reference/tools/index.html')), false);
  });

  it('a redirect moved to another path or taken out of the config leaves no forwarding page behind', async () => {
    const page = (rel: string) => path.join(out(), rel, 'index.html');
    assert.match(readFileSync(page('old-intro'), 'utf8'), /\/guide\/intro/);
    await edit('site.config.ts', (s) => s.replace("from: '/old-intro'", "from: '/older-intro'"));
    assert.equal(existsSync(page('old-intro')), false);
    assert.match(readFileSync(page('older-intro'), 'utf8'), /\/guide\/intro/);
    await edit('site.config.ts', (s) => s.replace("redirects: [{ from: '/older-intro', to: '/guide/intro' }],", ''));
    assert.equal(existsSync(page('older-intro')), false);
    assert.ok(existsSync(page('guide/intro')));
  });

  it('an image next to a page recompiles the pages that show it', async () => {
    const r = await edit('docs/guide/diagram.svg', (s) => s.replace('</svg>', '<!-- changed --></svg>'));
    assert.deepEqual(r.routes, ['/guide/intro']);
    const img = /src="(\/assets\/img\/diagram\.[0-9a-f]+\.svg)"/.exec(data('/guide/intro').html)?.[1];
    assert.ok(img && readFileSync(path.join(out(), img), 'utf8').includes('<!-- changed -->'));
  });

  it('a file a page links to is published, and an edit gives it a new URL on the pages that link to it', async () => {
    mkdirSync(path.join(site.docs, 'guide/_files'), { recursive: true });
    writeFileSync(path.join(site.docs, 'guide/_files/rules.json'), '{"rules": []}\n');
    await change('add', 'docs/guide/_files/rules.json');
    await edit('docs/guide/install.md', (s) => `${s}\nПравила: [rules.json](./_files/rules.json).\n`);
    const href = () => /href="(\/assets\/files\/rules\.[0-9a-f]{10}\.json)"/.exec(data('/guide/install').html)?.[1];
    const before = href();
    assert.equal(readFileSync(path.join(out(), before!), 'utf8'), '{"rules": []}\n');
    const r = await edit('docs/guide/_files/rules.json', () => '{"rules": [1]}\n');
    assert.deepEqual(r.routes, ['/guide/install']);
    assert.notEqual(href(), before);
    assert.equal(readFileSync(path.join(out(), href()!), 'utf8'), '{"rules": [1]}\n');
  });

  it('makes llms.txt and llms-full.txt when asked for, from the pages as they are then', async () => {
    const read = (f: string) => readFileSync(path.join(out(), f), 'utf8');
    await session.machineFiles();
    assert.doesNotMatch(read('llms-full.txt'), /Абзац, дописанный в режиме разработки/);
    // A body edit: no rebuild writes them (they hold every page); the next request has it.
    await edit('docs/guide/intro.md', (s) => `${s}\nАбзац, дописанный в режиме разработки.\n`);
    assert.doesNotMatch(read('llms-full.txt'), /Абзац, дописанный в режиме разработки/);
    await session.machineFiles();
    assert.match(read('llms-full.txt'), /Абзац, дописанный в режиме разработки\./);
    const title = /^title: (.*)$/m.exec(readFileSync(path.join(site.docs, 'guide/intro.md'), 'utf8'))![1];
    await edit('docs/guide/intro.md', (s) => s.replace(/^title: .*$/m, 'title: Название после правки'));
    await session.machineFiles();
    assert.ok(read('llms.txt').includes('[Название после правки]') && !read('llms.txt').includes(`[${title}]`), read('llms.txt'));
    await edit('docs/guide/intro.md', (s) => s.replace('title: Название после правки', `title: ${title}`).replace('\nАбзац, дописанный в режиме разработки.\n', ''));
  });

  it('finds broken links in changed pages as warnings', async () => {
    await edit('docs/reference/api.md', (s) => `${s}\n[нет такой](/nowhere) и [нет якоря](/guide/install#nope)\n`);
    const warnings = session.brokenLinks(['/reference/api']).map((w) => w.message);
    assert.ok(warnings.some((m) => m.includes('/nowhere points at a page or file that does not exist')), warnings.join('\n'));
    assert.ok(warnings.some((m) => m.includes('/guide/install#nope names an anchor that does not exist')), warnings.join('\n'));
  });

  it('prints a missing Cyrillic anchor as written, with the line of the link', async () => {
    await edit('docs/reference/api.md', (s) => `${s}\nСм. [раздел](../guide/install.md#нет-такого-раздела).\n`);
    const found = session.brokenLinks(['/reference/api']).find((w) => w.message.includes('нет-такого-раздела'));
    assert.ok(found, 'warned');
    assert.match(found.message, /\/guide\/install#нет-такого-раздела names an anchor that does not exist/);
    assert.doesNotMatch(found.message, /%D0/);
    const lines = readFileSync(path.join(site.docs, 'reference/api.md'), 'utf8').split('\n');
    assert.equal(found.line, lines.findIndex((l) => l.includes('нет-такого-раздела')) + 1);
  });
});

describe('dev session: a rebuild that touches many pages', () => {
  // deferAbove: 0 makes the fixture behave as a large site does past 50 pages to render.
  let site: FixtureCopy;
  let session: DevSession;
  const out = (s: FixtureCopy) => path.join(s.dir, '.dev');
  const sessionOf = (s: FixtureCopy, deferAbove?: number) => new DevSession({
    projectRoot, docsDir: s.docs, pagesDir: path.join(s.dir, 'pages'), staticDir: path.join(s.dir, 'static'),
    configPath: path.join(s.dir, 'site.config.ts'), outDir: out(s), deferAbove,
  });
  const read = (rel: string) => readFileSync(path.join(out(site), rel), 'utf8');
  const relabel = (label: string) => {
    const file = path.join(site.docs, 'guide/intro.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/sidebar_label: .*/, `sidebar_label: ${label}`));
    return session.update(planChanges([{ type: 'change', file }], session.dirs));
  };

  before(async () => {
    site = copyFixture();
    session = sessionOf(site, 0);
    assert.deepEqual((await session.start()).errors, []);
  });
  after(async () => {
    await session?.close();
    if (site) rmSync(site.dir, { recursive: true, force: true });
  });

  it('renders the edited page at once and the rest of its sidebar after, each page when asked for first', async () => {
    const r = await relabel('Начало');
    assert.equal(r.rendered, 1, 'only the edited page is rendered before the result');
    assert.ok(r.deferred >= 3, `deferred: ${r.deferred}`);
    assert.ok(r.routes.includes('/guide/install'), 'the neighbour is announced as changed: its tab asks for it');
    // The neighbour's data names the new label as soon as it is asked for.
    await session.prepare('/_data/guide/install.json');
    assert.equal(JSON.parse(read('_data/guide/install.json')).prev.label, 'Начало');
    await session.prepare('/reference/api');
    assert.match(read('reference/api/index.html'), /Начало/);
  });

  it('ends with the files a rebuild rendering every page writes, also when edits come during the background pass', async () => {
    await relabel('Первые шаги');
    await relabel('Введение в тему');
    await session.idle();
    const whole = copyFixture();
    const reference = sessionOf(whole);
    try {
      // The same sources, built in one pass.
      for (const rel of ['docs/guide/intro.md']) writeFileSync(path.join(whole.dir, rel), readFileSync(path.join(site.dir, rel)));
      assert.deepEqual((await reference.start()).errors, []);
      const files = (dir: string) => [...treeOf(dir).keys()].filter((f) => !f.startsWith('assets/') && !f.endsWith('.pdf'));
      // The same files (a sidebar keeps its file's name), with the same bytes.
      assert.deepEqual(files(out(site)), files(out(whole)));
      for (const f of files(out(whole))) {
        assert.equal(readFileSync(path.join(out(site), f), 'utf8'), readFileSync(path.join(out(whole), f), 'utf8'), f);
      }
    } finally {
      await reference.close();
      rmSync(whole.dir, { recursive: true, force: true });
    }
  });
});

describe('dev changes: what a file event means', () => {
  const dirs = { configPath: '/s/site.config.ts', srcDir: '/p/src', docsDir: '/s/docs', pagesDir: '/p/src/pages', staticDir: '/s/static' };
  const plan = (type: FileEvent['type'], file: string) => planChanges([{ type, file }], dirs);

  it('tells pages, images, theme, static files and the config apart', () => {
    assert.deepEqual([...plan('change', '/s/docs/a/b.md').pages], [['/s/docs/a/b.md', 'changed']]);
    assert.deepEqual([...plan('unlink', '/s/docs/a/b.mdx').pages], [['/s/docs/a/b.mdx', 'removed']]);
    assert.deepEqual([...plan('change', '/s/docs/a/img.svg').pageAssets], ['/s/docs/a/img.svg']);
    assert.equal(plan('change', '/p/src/theme/Footer/Footer.tsx').theme, true);
    assert.equal(plan('change', '/p/src/pages/markdown-page.md').theme, false, 'a Markdown page in src/pages is content');
    const react = plan('add', '/p/src/pages/new.tsx');
    assert.equal(react.theme, true);
    assert.equal(react.pages.get('/p/src/pages/new.tsx'), 'changed');
    assert.equal(plan('change', '/s/site.config.ts').config, true);
    assert.deepEqual([...plan('change', '/s/static/img/x.png').statics], [['/s/static/img/x.png', 'changed']]);
  });

  it('a fragment or a snippet\'s file is not a page: the pages including it compile again', () => {
    for (const f of ['/s/docs/_partial.md', '/s/docs/_shared/steps.md', '/s/docs/guide/_snippets/main.tf']) {
      const p = plan('change', f);
      assert.equal(p.pages.size, 0, f);
      assert.deepEqual([...p.pageAssets], [f]);
    }
  });

  it('a file outside the site\'s folders is watched because pages show or include it: they compile again', () => {
    const p = plan('change', '/s/examples/main.tf');
    assert.deepEqual([...p.pageAssets], ['/s/examples/main.tf']);
    assert.equal(p.pages.size + p.statics.size + Number(p.theme) + Number(p.config), 0);
    assert.equal(plan('change', '/s/examples/main.tf~').pageAssets.size, 0, 'an editor\'s backup of it is not');
  });

  it('a file the config imports is the config', () => {
    const p = planChanges([{ type: 'change', file: '/s/sidebars.ts' }], { ...dirs, configFiles: new Set(['/s/site.config.ts', '/s/sidebars.ts']) });
    assert.equal(p.config, true);
    assert.equal(p.pageAssets.size, 0);
  });

  it('ignores editor swap files', () => {
    for (const f of ['/s/docs/.a.md.swp', '/s/docs/a.md~', '/s/docs/_partial.md.swp', '/s/docs/_partial.md~', '/p/src/theme/4913', '/s/docs/.git/x.md']) {
      const p = plan('change', f);
      assert.equal(p.pages.size + p.pageAssets.size + p.statics.size + Number(p.theme) + Number(p.config), 0, f);
    }
  });
});
