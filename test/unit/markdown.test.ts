import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { compileMarkdown } from '../../build/markdown/compile.ts';
import { useHighlightLanguages } from '../../build/markdown/highlighter.ts';
import siteConfig from '../../src/site.config.ts';
import { tempDir } from '../helpers/temp-dir.ts';

// The site's prism.languages decide what is highlighted, as in a build.
await useHighlightLanguages(siteConfig.prism.languages);

const routes = new Map([
  ['/site/docs/sgroups/database.md', '/tech-docs/sgroups/database'],
  ['/site/docs/info/intro.md', '/info/intro'],
]);
const compile = (body: string, lineOffset = 0) =>
  compileMarkdown({ file: 'docs/info/intro.md', absPath: '/site/docs/info/intro.md', body, lineOffset }, routes);

describe('Markdown pipeline', () => {
  it('renders GFM: tables, task lists, strikethrough, autolinks, footnotes', () => {
    const { html } = compile('| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] да\n\n~~нет~~ https://example.com\n\nТекст[^1].\n\n[^1]: Сноска.\n');
    assert.match(html, /<table tabindex="0">/);
    assert.match(html, /type="checkbox" checked disabled/);
    assert.match(html, /<del>нет<\/del>/);
    assert.match(html, /<a href="https:\/\/example.com" target="_blank" rel="noopener noreferrer">/);
    assert.match(html, /class="footnotes"/);
  });

  it('opens links to other sites in a new tab, from Markdown, references and raw HTML; links within the site stay', () => {
    const { html } = compile('[Исходники](https://github.com/H-BF/sgroups), [справка][s], [база](../sgroups/database.md), [почта](mailto:a@b.c)\n\n<a href="http://example.org/x">сырой</a>\n\n[s]: https://example.com/help\n');
    const targets = [...html.matchAll(/<a href="([^"]*)"([^>]*)>/g)].map(([, href, rest]) => `${href}${rest}`);
    assert.deepEqual(targets, [
      'https://github.com/H-BF/sgroups target="_blank" rel="noopener noreferrer"',
      'https://example.com/help target="_blank" rel="noopener noreferrer"',
      '/tech-docs/sgroups/database',
      'mailto:a@b.c',
      'http://example.org/x target="_blank" rel="noopener noreferrer"',
    ]);
  });

  it('gives headings Cyrillic ids, unique per page, with anchor links', () => {
    const { html, toc } = compile('## Установка агента\n\n### Шаг 1\n\n## Установка агента\n');
    assert.match(html, /<h2 id="установка-агента">Установка агента<a class="hash-link" href="#установка-агента"/);
    assert.match(html, /<h2 id="установка-агента-1">/);
    assert.deepEqual(toc.map((t) => [t.id, t.level]), [['установка-агента', 2], ['шаг-1', 3], ['установка-агента-1', 2]]);
  });

  it('gives a heading of emoji or punctuation alone an id that can be linked to, not "" or "-1"', () => {
    const { toc } = compile('## 🚀\n\n## ...\n\n## `--config`\n\n## 1.2.3\n\n## 1.2.3\n');
    assert.deepEqual(toc.map((t) => t.id), ['раздел', 'раздел-1', '--config', '123', '123-1']);
  });

  it('gives a heading whose text names an id of the layout around it the next free one, and warns about such an id given by hand', () => {
    const { html, toc, warnings } = compile('## Main\n\n## Root\n\n## Code wrap 1\n\n## Своё {#route-announcer}\n\n<div id="doc-sidebar-1">Сырой HTML</div>\n');
    assert.deepEqual(toc.map((t) => t.id), ['main-1', 'root-1', 'code-wrap-1-1', 'route-announcer']);
    assert.match(html, /<h2 id="main-1">Main<a class="hash-link" href="#main-1"/);
    assert.deepEqual(warnings.map((w) => [w.line, w.message.replace(/:.*/, '')]).sort(), [
      [7, 'the id "route-announcer" is the page layout\'s own (the main content, the sidebar, a code block\'s switch)'],
      [9, 'the id "doc-sidebar-1" is the page layout\'s own (the main content, the sidebar, a code block\'s switch)'],
    ]);
  });

  it('takes a leading h1 as the title and keeps the first paragraph as the excerpt', () => {
    const r = compile('# Заголовок\n\nПервый абзац страницы.\n\n## Раздел\n');
    assert.equal(r.h1, 'Заголовок');
    assert.equal(r.excerpt, 'Первый абзац страницы.');
    assert.doesNotMatch(r.html, /<h1/);
  });

  it('renders admonitions with Russian default titles and custom titles', () => {
    const { html } = compile(':::note\nа\n:::\n\n:::danger Осторожно\nб\n:::\n\n:::info\nв\n:::\n\n:::tip\nг\n:::\n\n:::warning\nд\n:::\n');
    for (const [kind, title] of [['note', 'Примечание'], ['danger', 'Осторожно'], ['info', 'Информация'], ['tip', 'Совет'], ['warning', 'Внимание']]) {
      assert.match(html, new RegExp(`<aside class="admonition admonition--${kind}" role="note"><p class="admonition__title">${title}</p>`));
    }
  });

  it('highlights code, keeps titles and highlighted lines, and adds a copy button', () => {
    const { html } = compile('```bash title="Установка" {2}\napt-get update\napt-get install -y hbf\n```\n');
    assert.match(html, /<div class="code-block__title">Установка<\/div>/);
    assert.match(html, /<span class="token function">apt-get<\/span>/);
    assert.match(html, /class="code-line highlight-line"><span class="token function">apt-get<\/span> <span class="token function">install/);
    assert.match(html, /class="code-block__copy"/);
  });

  it('::toc lists the page\'s headings of its levels where it stands, nested, and warns about a level that is none', () => {
    const { html, warnings } = compile('Вступление.\n\n::toc\n\n## Первый\n\n### Вложенный\n\n#### Глубже\n\n## Второй\n\n::toc{min=3 max=4}\n\n::toc{max=9}\n');
    const tocs = [...html.matchAll(/<nav class="inline-toc" aria-label="Содержание страницы">(.*?)<\/nav>/g)].map((m) => m[1]);
    const two = '<ul><li><a href="#первый">Первый</a><ul><li><a href="#вложенный">Вложенный</a></li></ul></li><li><a href="#второй">Второй</a></li></ul>';
    assert.deepEqual(tocs, [two, '<ul><li><a href="#вложенный">Вложенный</a><ul><li><a href="#глубже">Глубже</a></li></ul></li></ul>', two]);
    assert.deepEqual(warnings.map((w) => w.message), ['::toc max="9" is no heading level from 2 to 6; 3 is used']);
  });

  it('reads VitePress\'s [[toc]] on a line of its own as ::toc, and leaves it alone in code and inside a sentence', () => {
    const { html } = compile('[[toc]]\n\n## Первый\n\nТекст про [[toc]] в строке.\n\n```md\n[[toc]]\n```\n');
    assert.match(html, /^<section class="doc-section"><nav class="inline-toc" aria-label="Содержание страницы"><ul><li><a href="#первый">Первый<\/a><\/li><\/ul><\/nav>/);
    assert.match(html, /Текст про \[\[toc\]\] в строке\./);
    assert.match(html, /<code[^>]*>[\s\S]*\[\[toc\]\][\s\S]*<\/code>/);
  });

  it('gives every block a wrap toggle: a checkbox before the <pre>, unique on the page, and its label beside the copy button', () => {
    const { html } = compile('```bash\necho a\n```\n\nТекст.\n\n```json\n{}\n```\n');
    const ids = [...html.matchAll(/<div class="code-block[^"]*"[^>]*><input type="checkbox" id="([^"]+)" class="code-block__wrap-input sr-only"><pre/g)].map((m) => m[1]);
    assert.deepEqual(ids, ['code-wrap-1', 'code-wrap-2']);
    const labels = [...html.matchAll(/<\/pre><div class="code-block__actions"><label for="([^"]+)" class="code-block__wrap"[^>]*>Перенос<\/label><button type="button" class="code-block__copy"/g)].map((m) => m[1]);
    assert.deepEqual(labels, ids);
  });

  it('numbers the lines of a block with showLineNumbers, from the given start, in data-line', () => {
    const { html } = compile('```bash showLineNumbers=5 {2}\necho a\necho b\n```\n\n```bash\necho c\n```\n');
    const lines = [...html.matchAll(/<span class="code-line( highlight-line)?"( data-line="\d+")?>/g)].map((m) => `${m[1] ? '*' : ''}${m[2] ?? ''}`);
    assert.deepEqual(lines, [' data-line="5"', '* data-line="6"', ''], 'numbered from 5, the second line highlighted, the other block not numbered');
    assert.doesNotMatch(html, /\sline="|line-number/);
  });

  it('highlights every site language', () => {
    for (const lang of ['bash', 'hcl', 'json', 'docker', 'yaml', 'go', 'sql', 'ini', 'diff']) {
      const { html, warnings } = compile(`\`\`\`${lang}\nkey = "value"\n\`\`\`\n`);
      assert.equal(warnings.length, 0, lang);
      assert.match(html, new RegExp(`language-${lang}`), lang);
    }
  });

  it('renders an unknown language as plain text with a warning naming the line', () => {
    const { html, warnings } = compile('text\n\n```klingon\nqapla\n```\n', 5);
    assert.match(html, /qapla/);
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0].line, 8);
    assert.match(warnings[0].message, /klingon/);
  });

  it('warns at the fence when its highlighted lines go past the code, and not when they fit', () => {
    const { warnings } = compile('text\n\n```bash title="x" {1,3-9}\necho a\necho b\n```\n', 5);
    assert.deepEqual(warnings.map((w) => [w.line, w.message]), [[8, 'code block highlights line 9, but has 2 lines; correct the line numbers in its {…}']]);
    assert.equal(compile('```bash {1-2}\necho a\necho b\n```\n').warnings.length, 0);
    assert.equal(compile('```bash\n# highlight-next-line\necho a\necho b\n```\n').warnings.length, 0, 'highlight comments count the lines as shown');
  });

  it('warns at the second heading that is given an id already taken, and not for generated ids', () => {
    const { warnings, html } = compile('## Первый {#same}\n\nТекст.\n\n## Второй {#same}\n\n## Повтор\n\n## Повтор\n', 2);
    assert.deepEqual(warnings.map((w) => [w.line, w.message]), [[7, 'two headings have the id "same": links to #same reach the first only; give this one another {#id}']]);
    assert.match(html, /id="повтор-1"/, 'a repeated heading text gets its own id');
  });

  it('gives an image next to the page its own width and height, and lets it load lazily', () => {
    const dir = tempDir('sg-images-');
    writeFileSync(path.join(dir, 'scheme.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 120"></svg>');
    // A PNG's size is in its IHDR chunk: 640 × 360.
    writeFileSync(path.join(dir, 'shot.png'), Buffer.from('89504e470d0a1a0a0000000d49484452000002800000016808060000000000000000', 'hex'));
    writeFileSync(path.join(dir, 'odd.png'), 'not an image');
    const { html, warnings } = compileMarkdown({ file: 'docs/x.md', absPath: path.join(dir, 'x.md'), body: '![Схема](./scheme.svg)\n\n![Экран](./shot.png)\n\n![Странный](./odd.png)\n', lineOffset: 0 }, routes);
    assert.match(html, /<img src="\/assets\/img\/scheme\.[0-9a-f]{10}\.svg" alt="Схема" width="300" height="120" loading="lazy" decoding="async">/);
    assert.match(html, /<img src="\/assets\/img\/shot\.[0-9a-f]{10}\.png" alt="Экран" width="640" height="360" loading="lazy" decoding="async">/);
    assert.match(html, /<img src="\/assets\/img\/odd\.[0-9a-f]{10}\.png" alt="Странный" loading="lazy" decoding="async">/, 'a file whose size cannot be read is shown without one');
    assert.deepEqual(warnings, []);
  });

  it('shows an image written as a reference, `![alt][label]`, like one written in place', () => {
    const dir = tempDir('sg-image-refs-');
    writeFileSync(path.join(dir, 'scheme.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 120"></svg>');
    const body = 'Схема: ![Схема][scheme], она же ![scheme], и [ссылка на неё][scheme-file].\n\n[scheme]: ./scheme.svg "Подпись"\n[scheme-file]: ./scheme.svg\n';
    const { html, assets, warnings } = compileMarkdown({ file: 'docs/x.md', absPath: path.join(dir, 'x.md'), body, lineOffset: 0 }, routes);
    assert.deepEqual(warnings, []);
    assert.match(html, /Схема: <img src="\/assets\/img\/scheme\.[0-9a-f]{10}\.svg" alt="Схема" title="Подпись" width="300" height="120" loading="lazy" decoding="async">, она же <img src="\/assets\/img\/scheme\.[0-9a-f]{10}\.svg" alt="scheme" title="Подпись"/);
    assert.match(html, /<a href="\/assets\/files\/scheme\.[0-9a-f]{10}\.svg">ссылка на неё<\/a>/, 'a link reference to the same file links to it as a file');
    assert.deepEqual(assets.map((a) => a.url.replace(/\.[0-9a-f]{10}\./, '.#.')), ['/assets/img/scheme.#.svg', '/assets/files/scheme.#.svg'], 'each published once');
  });

  it('shows an image reference that a fragment holds, with its definition, like one of the page', () => {
    const dir = tempDir('sg-fragment-image-refs-');
    mkdirSync(path.join(dir, '_shared'));
    writeFileSync(path.join(dir, '_shared', 'scheme.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 12"></svg>');
    writeFileSync(path.join(dir, '_shared', '_steps.md'), 'Схема: ![Схема][s]\n\n[s]: ./scheme.svg\n');
    const { html, markdown, warnings } = compileMarkdown({ file: 'docs/x.md', absPath: path.join(dir, 'x.md'), body: '::include{file="./_shared/_steps.md"}\n', lineOffset: 0 }, routes);
    assert.deepEqual(warnings, []);
    assert.match(html, /<img src="\/assets\/img\/scheme\.[0-9a-f]{10}\.svg" alt="Схема" width="30" height="12"/);
    assert.match(markdown, /^\[s\]: https:\/\/sg-site-url\.invalid\/assets\/img\/scheme\.[0-9a-f]{10}\.svg$/m);
  });

  it('publishes a file a page links to under its name and a content hash, as Docusaurus does, and leaves a link to no file as written', () => {
    const dir = tempDir('sg-linked-files-');
    writeFileSync(path.join(dir, 'manual.pdf'), '%PDF-1.4 руководство');
    writeFileSync(path.join(dir, 'config example.yaml'), 'listen: 0.0.0.0:9000\n');
    const body = 'Скачайте [руководство](./manual.pdf#page=2), [пример](<./config example.yaml>) и [раздел](./nothing-here), [папку](../other/).\n';
    const { html, assets, warnings, deps } = compileMarkdown({ file: 'docs/x.md', absPath: path.join(dir, 'x.md'), body, lineOffset: 0 }, routes);
    assert.deepEqual(warnings, []);
    assert.match(html, /<a href="\/assets\/files\/manual\.[0-9a-f]{10}\.pdf#page=2">руководство<\/a>/, 'the fragment stays');
    assert.match(html, /<a href="\/assets\/files\/config%20example\.[0-9a-f]{10}\.yaml">пример<\/a>/);
    assert.match(html, /<a href="\.\/nothing-here">раздел<\/a>, <a href="\.\.\/other\/">папку<\/a>/, 'the link check names a link to nothing');
    assert.equal(assets.length, 2);
    assert.ok(deps.files?.includes(path.join(dir, 'nothing-here')), 'a file that appears there later makes the page compile again');
  });

  it('rewrites links and images written as raw HTML as it does the Markdown ones', () => {
    const dir = tempDir('sg-raw-urls-');
    writeFileSync(path.join(dir, 'scheme.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 120"></svg>');
    const pages = new Map([[path.join(dir, 'setup.md'), '/guide/setup']]);
    const body = '<p><a href="./setup.md#tls">Установка</a>, <a href="./gone.md">нет</a>, <a href="https://example.com/a.md">внешняя</a></p>\n\n'
      + '<img src="./scheme.svg" alt="Схема"> <img src="./scheme.svg" alt="Узкая" width="150"> ![Нет](./missing.png) <img src="./missing.png" alt="Нет">\n';
    const { html, warnings } = compileMarkdown({ file: 'docs/x.md', absPath: path.join(dir, 'x.md'), body, lineOffset: 0 }, pages);
    assert.match(html, /<a href="\/guide\/setup#tls">Установка<\/a>, <span class="broken-link" title=".\/gone.md">нет<\/span>, <a href="https:\/\/example.com\/a.md" target="_blank" rel="noopener noreferrer">внешняя<\/a>/);
    assert.match(html, /<img width="300" height="120" loading="lazy" decoding="async" src="\/assets\/img\/scheme\.[0-9a-f]{10}\.svg" alt="Схема">/);
    assert.match(html, /<img loading="lazy" decoding="async" src="\/assets\/img\/scheme\.[0-9a-f]{10}\.svg" alt="Узкая" width="150">/, 'the author\'s width alone: no height of ours');
    assert.deepEqual(warnings.map((w) => [w.line, w.message]), [
      [3, 'image "./missing.png" not found next to the page'],
      [1, 'link to "./gone.md" does not match any page; rendered as text (fix the path or remove the link)'],
    ], 'a missing image warns once');
  });

  it('reads a fragment and a code file saved with a byte order mark as their text alone', () => {
    const dir = tempDir('sg-bom-');
    writeFileSync(path.join(dir, '_fragment.md'), '\uFEFF---\ntitle: Фрагмент\n---\nТекст фрагмента.\n');
    writeFileSync(path.join(dir, 'start.sh'), '\uFEFFecho start\n');
    const { html, markdown, warnings } = compileMarkdown({ file: 'docs/x.md', absPath: path.join(dir, 'x.md'), body: '::include{file="./_fragment.md"}\n\n<<< ./start.sh\n', lineOffset: 0 }, routes);
    assert.deepEqual(warnings, []);
    assert.ok(!html.includes('\uFEFF') && !markdown.includes('\uFEFF'), 'no byte order mark in the page');
    assert.match(html, /<p>Текст фрагмента\.<\/p>/);
    assert.doesNotMatch(html, /title: Фрагмент/, 'the fragment\'s front matter is not text');
    assert.match(html, /<code class="language-bash[^"]*"><span class="code-line"><span class="token builtin class-name">echo<\/span> start/);
  });

  it('rewrites relative .md links to routes and keeps the anchor', () => {
    const { html, warnings } = compile('[база](../sgroups/database.md#схема) и [себя](./intro.md)\n');
    assert.match(html, /href="\/tech-docs\/sgroups\/database#/);
    assert.match(html, /href="\/info\/intro"/);
    assert.equal(warnings.length, 0);
  });

  it('keeps a .md link\'s query with its route, before the anchor, and reads a malformed escape as written', () => {
    const { html, warnings } = compile('[база](../sgroups/database.md?tab=pg#схема), [себя](./intro.md?v=2) и [битая](./in%tro.md)\n');
    assert.match(html, /href="\/tech-docs\/sgroups\/database\?tab=pg#/);
    assert.match(html, /href="\/info\/intro\?v=2"/);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0].message, /link to ".\/in%tro.md" does not match any page/);
  });

  it('warns about a .md link to a missing file and renders its text', () => {
    const { html, warnings } = compile('\n\n[нет такой](./missing.md)\n', 4);
    assert.match(html, /<span class="broken-link" title=".\/missing.md">нет такой<\/span>/);
    assert.equal(warnings[0].line, 7);
    assert.equal(warnings[0].file, 'docs/info/intro.md');
  });

  it('says so when a .md link that is no page names a file that is there: a draft, a fragment', () => {
    const dir = tempDir('sg-draft-link-');
    writeFileSync(path.join(dir, 'draft.md'), '---\ndraft: true\n---\n');
    const { html, warnings, deps } = compileMarkdown({ file: 'docs/x.md', absPath: path.join(dir, 'x.md'), body: '[черновик](./draft.md)\n', lineOffset: 0 }, routes);
    assert.match(html, /<span class="broken-link" title=".\/draft.md">черновик<\/span>/);
    assert.equal(warnings[0].message, 'link to "./draft.md" names a file that is no page of this build (a draft, a fragment whose name starts with "_"); rendered as text (fix the path or remove the link)');
    assert.ok(deps.files?.includes(path.join(dir, 'draft.md')), 'deleting the file changes what the warning says');
  });

  it('reads Docusaurus\'s pathname:// links as the path, keeps inline images, and warns about a link whose protocol the sanitiser removes', () => {
    const { html, warnings, markdown } = compile('[PDF](pathname:///files/guide.pdf), [FTP](ftp://example.com/a), ![точка](data:image/gif;base64,R0lGODlhAQABAAAAACw=)\n');
    assert.match(html, /<a href="\/files\/guide\.pdf">PDF<\/a>, <a>FTP<\/a>, <img src="data:image\/gif;base64,R0lGODlhAQABAAAAACw=" alt="точка">/);
    assert.deepEqual(warnings.map((w) => [w.line, w.message]), [[1, 'link "ftp://example.com/a" loses its address: a ftp: URL is removed by the sanitiser (links may use http, https, mailto, tel)']]);
    assert.match(markdown, /^\[PDF\]\(https:\/\/sg-site-url\.invalid\/files\/guide\.pdf\)/, 'the Markdown for machines has the full address');
  });

  it('names the sites its images come from, for the Content-Security-Policy, and no other', () => {
    const { imageOrigins } = compile('![a](https://img.example.org/a.png) <img src="http://cdn.example.com:8080/x.svg" alt="b"> ![c](//cdn.example.net/c.png)\n\n![d](https://img.example.org/d.png) [ссылка](https://example.com/page) ![e](data:image/gif;base64,R0lGODlhAQABAAAAACw=)\n');
    assert.deepEqual(imageOrigins, ['cdn.example.net', 'http://cdn.example.com:8080', 'https://img.example.org']);
    assert.equal(compile('Текст без картинок, [ссылка](https://example.com).\n').imageOrigins, undefined);
  });

  it('warns at the line of raw HTML the sanitiser removes, naming what, and not at HTML it keeps', () => {
    const { html, warnings } = compile('Видео:\n\n<iframe src="https://www.youtube.com/embed/x"></iframe>\n\n<span style="color:red" onclick="x()">красный</span> <a href="javascript:alert(1)" target="_blank">x</a>\n\n<kbd>Ctrl</kbd> <sup>1</sup> <div class="x" data-id="1" aria-label="y">d</div> <details open><summary>Ещё</summary>текст</details><br/>\n\n<!-- <iframe src="https://example.org"></iframe> в комментарии -->\n');
    assert.doesNotMatch(html, /iframe|style=|onclick|javascript|target=/);
    assert.deepEqual(warnings.map((w) => [w.line, w.message.replace(/ \(write it.*$/, '')]), [
      [3, 'raw HTML the page does not get, removed by the sanitiser: <iframe>'],
      [5, 'raw HTML the page does not get, removed by the sanitiser: style on <span>, onclick on <span>'],
      [5, 'raw HTML the page does not get, removed by the sanitiser: href="javascript:…" on <a>, target on <a>'],
    ]);
  });

  it('sanitises raw HTML: no script, no event handlers, no javascript: URLs', () => {
    const { html } = compile('<div class="x" onclick="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">a</a><img src="x.png" onerror="alert(4)"><b>ok</b></div>\n');
    assert.doesNotMatch(html, /script|onclick|onerror|javascript:/i);
    assert.match(html, /<div class="x"><a>a<\/a><img src="x.png"><b>ok<\/b><\/div>/);
  });

  it('builds accessible tabs with every panel in the HTML', () => {
    const { html } = compile('::::tabs{group="view"}\n:::tab{label="API"}\nа\n:::\n:::tab{label="Terraform"}\nб\n:::\n::::\n');
    assert.match(html, /<div class="tabs" data-group="view"><div role="tablist"/);
    assert.match(html, /role="tab" id="tabs-0-tab-0" aria-controls="tabs-0-panel-0" aria-selected="true"/);
    assert.match(html, /role="tabpanel" id="tabs-0-panel-1" aria-labelledby="tabs-0-tab-1"[^>]*>.*б/s);
    // A panel not shown is no Tab stop, and hidden so that find in page still finds its text.
    assert.match(html, /id="tabs-0-panel-0"[^>]* tabindex="0" class="tabs__panel tabs__panel--default">/);
    assert.match(html, /id="tabs-0-panel-1"[^>]* tabindex="-1" class="tabs__panel" hidden="until-found">/);
  });

  it('renders themed images and API badges', () => {
    const { html } = compile('::themed-image{light="/a-l.svg" dark="/a-d.svg" alt="Схема" width="10" height="5"}\n\n::api-endpoint{method="POST" path="/v2/sync"}\n');
    assert.match(html, /<a href="\/a-l.svg" title="Открыть изображение в полном размере" class="themed-image-link themed-image-link--light"><img src="\/a-l.svg" alt="Схема" class="themed-image themed-image--light" width="10" height="5"[^>]*><\/a>/);
    assert.match(html, /<a href="\/a-d.svg" [^>]*class="themed-image-link themed-image-link--dark"><img src="\/a-d.svg"/);
    assert.match(html, /themed-image--dark/);
    assert.match(html, /api-endpoint__method--post">POST<\/span><code class="api-endpoint__path">\/v2\/sync<\/code>/);
  });

  it('opens on the tab marked default, as Docusaurus\'s <TabItem default>; a tab outside tabs warns; an admonition takes its title as an attribute too', () => {
    const { html, warnings } = compile('::::tabs\n:::tab{label="Debian"}\nапт\n:::\n:::tab{label="RHEL" default}\nднф\n:::\n::::\n\n:::tab{label="Одна"}\nодинокая\n:::\n\n:::note{title="Своё название"}\nТекст.\n:::\n');
    assert.match(html, /aria-selected="false" tabindex="-1" data-value="debian" class="tabs__tab">Debian<\/button><button [^>]*aria-selected="true" tabindex="0" data-value="rhel"/);
    assert.match(html, /data-label="RHEL" tabindex="0" class="tabs__panel tabs__panel--default"><p>днф/);
    assert.match(html, /<p class="admonition__title">Своё название<\/p>/);
    assert.deepEqual(warnings.map((w) => [w.line, w.message]), [[10, 'a :::tab outside a ::::tabs block is shown as its text alone; put it inside ::::tabs … ::::']]);
  });

  it('reads VitePress\'s containers: a space after the colons, details with a summary, code groups as tabs', () => {
    const { html, warnings } = compile([
      '::: tip', 'Совет VitePress', ':::', '',
      '::: danger Осторожно', 'Текст', ':::', '',
      '::: details', 'Скрыто', ':::', '',
      '::: details Как проверить', 'Команда', ':::', '',
      '::: code-group', '```bash [Debian]', 'apt install nftables', '```', '',
      '```bash title="RHEL" {1}', 'dnf install nftables', '```', '',
      '```yaml', 'a: 1', '```', ':::', '',
      '```text', '::: tip', '```', '',
    ].join('\n'));
    assert.match(html, /<aside class="admonition admonition--tip" role="note"><p class="admonition__title">Совет<\/p><p>Совет VitePress<\/p><\/aside>/);
    assert.match(html, /admonition--danger" role="note"><p class="admonition__title">Осторожно<\/p>/);
    assert.match(html, /<details><summary>Подробнее<\/summary><p>Скрыто<\/p><\/details>/);
    assert.match(html, /<details><summary>Как проверить<\/summary><p>Команда<\/p><\/details>/);
    const tabs = [...html.matchAll(/role="tab" [^>]*data-value="([^"]*)" class="tabs__tab">([^<]*)</g)].map((m) => [m[1], m[2]]);
    assert.deepEqual(tabs, [['debian', 'Debian'], ['rhel', 'RHEL'], ['yaml', 'yaml']], 'labels from [label], title, else the language');
    assert.match(html, /id="tabs-0-panel-1"[^>]*class="tabs__panel" hidden="until-found">.*?<span class="code-line highlight-line">dnf /s, 'a block keeps its highlighted lines');
    assert.doesNotMatch(html, /code-block__title|\[Debian\]/, 'the label is the tab\'s, not a title bar over the code');
    assert.match(html, /<code class="language-text[^"]*">.*::: tip/s, 'a container in a code block is left as written');
    assert.deepEqual(warnings, []);
  });

  it('a code group warns about a block that is not code and keeps it in the tab before it', () => {
    const { html, warnings } = compile('::: code-group\n```bash [А]\nls\n```\n\nПояснение.\n:::\n');
    assert.match(html, /id="tabs-0-panel-0"[^>]*>.*ls.*<p>Пояснение\.<\/p><\/div>/s);
    assert.deepEqual(warnings.map((w) => [w.line, w.message]), [[6, 'a code group holds code blocks only (```bash [Debian]); this block is shown in the tab before it']]);
  });

  it('takes a title after a space for every admonition kind, and warns at a name after colons that is no container', () => {
    const { html, warnings } = compile(':::important Перед обновлением\nТекст.\n:::\n\n:::caution Осторожно\nТекст.\n:::\n\n:::attention Заголовок\nТекст.\n:::\n');
    assert.match(html, /<aside class="admonition admonition--important" role="note"><p class="admonition__title">Перед обновлением<\/p>/);
    assert.match(html, /<aside class="admonition admonition--warning" role="note"><p class="admonition__title">Осторожно<\/p>/);
    assert.match(html, /<p>:::attention Заголовок/, 'shown as written');
    assert.deepEqual(warnings.map((w) => w.line), [9]);
    assert.match(warnings[0].message, /":::attention" is no container this site knows and is shown as text; the containers are note, tip, info, important, warning, caution, danger, details, tabs and code-group/);
  });

  it('warns at a ":::" line that closes nothing, which nesting with as many colons leaves as text', () => {
    const { html, warnings } = compile(':::tip\nВнешний.\n\n:::danger\nВнутренний.\n:::\n\n:::\n\n::::tip\nВнешний.\n\n:::danger\nВнутренний.\n:::\n\n::::\n');
    assert.equal(warnings.length, 1, warnings.map((w) => w.message).join('\n'));
    assert.equal(warnings[0].line, 8);
    assert.match(warnings[0].message, /":::" closes no container and is shown as text/);
    assert.equal((html.match(/admonition--danger/g) ?? []).length, 2);
  });

  it('keeps text that only looks like a directive', () => {
    const { html, warnings } = compile('Встреча в 10:30, режим TLS:on.\n');
    assert.match(html, /10:30, режим TLS:on\./);
    assert.equal(warnings.length, 0);
  });
});

describe('h2 sections', () => {
  const sections = (html: string) => html.split('<section class="doc-section">').slice(1).map((s) => s.replace(/<\/section>\s*$/, ''));

  it('puts the introduction and each h2 with what follows it into sections of their own', () => {
    const { html } = compile('Вступление.\n\n## Первый\n\nТекст.\n\n### Подраздел\n\nЕщё.\n\n## Второй\n\n```bash\nls\n```\n');
    const parts = sections(html);
    assert.equal(parts.length, 3);
    assert.match(parts[0], /^<p>Вступление\.<\/p>\s*$/);
    assert.match(parts[1], /^<h2 id="первый">[\s\S]*<h3 id="подраздел">[\s\S]*<p>Ещё\.<\/p>\s*$/);
    assert.match(parts[2], /^<h2 id="второй">[\s\S]*class="code-block/);
  });

  it('starts with the first h2 when there is no introduction', () => {
    const { html } = compile('## Только раздел\n\nТекст.\n');
    assert.match(html, /^<section class="doc-section"><h2 id="только-раздел">/);
    assert.equal(sections(html).length, 1);
  });

  it('leaves a page without h2, and h2 nested in tabs, ungrouped', () => {
    assert.doesNotMatch(compile('Текст.\n\n### Мелкий заголовок\n').html, /<section/);
    const tabs = '::::tabs\n:::tab{label="А"}\n## Внутри\n:::\n::::\n';
    assert.doesNotMatch(compile(tabs).html, /doc-section/);
  });
});

describe('tab groups', () => {
  it('gives the same label the same value in every group of a page', () => {
    const group = '::::tabs{group="view"}\n:::tab{label="HTTP API"}\nа\n:::\n:::tab{label="Terraform"}\nб\n:::\n::::\n';
    const { html } = compile(`${group}\n${group}`);
    const values = [...html.matchAll(/role="tab"[^>]*data-value="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(values, ['http-api', 'terraform', 'http-api', 'terraform']);
  });

  it('renders GitHub alerts and :::important as admonitions, and leaves plain quotes alone', () => {
    const { html } = compile('> [!NOTE]\n> Текст заметки.\n\n> [!TIP]\n> Совет.\n\n> [!IMPORTANT]\n> Важно.\n\n> [!WARNING]\n> Внимание.\n\n> [!CAUTION]\n> Осторожно.\n\n> Обычная цитата.\n\n:::important\nТоже важно.\n:::\n');
    const kinds = [...html.matchAll(/admonition--(\w+)" role="note"><p class="admonition__title">([^<]+)</g)].map((m) => `${m[1]}:${m[2]}`);
    assert.deepEqual(kinds, ['note:Примечание', 'tip:Совет', 'important:Важно', 'warning:Внимание', 'danger:Опасно', 'important:Важно']);
    assert.doesNotMatch(html, /\[!/, 'the marker is not shown');
    assert.match(html, /<blockquote>\n<p>Обычная цитата\.<\/p>/);
  });

  it('takes a custom heading id from {#id}, hides the braces, and keeps generated ids apart from it', () => {
    const { html, toc } = compile('## Заголовок {#my-id}\n\n## Заголовок\n\n### my-id\n');
    assert.match(html, /<h2 id="my-id">Заголовок<a class="hash-link" href="#my-id"/);
    assert.doesNotMatch(html, /\{#/);
    assert.deepEqual(toc.map((t) => t.id), ['my-id', 'заголовок', 'my-id-1']);
  });

  it('highlights lines marked by highlight comments and removes the comments from the code', () => {
    const { html } = compile('```bash {1}\necho a\n# highlight-next-line\necho b\n# highlight-start\necho c\n# highlight-end\necho d\n```\n\n```hcl\n// highlight-next-line\nresource "x" "y" {}\n```\n');
    const lines = [...html.matchAll(/<span class="code-line( highlight-line)?">([\s\S]*?)\n?<\/span>(?=<span class="code-line|<\/code>)/g)].map((m) => `${m[1] ? '*' : ' '}${m[2].replace(/<[^>]+>/g, '')}`);
    assert.deepEqual(lines, ['*echo a', '*echo b', '*echo c', ' echo d', '*resource "x" "y" {}']);
    assert.doesNotMatch(html, /highlight-(next-line|start|end)/);
  });

  it('reads VitePress\'s line marks: [!code highlight] highlights, [!code ++] and [!code --] mark lines added and removed', () => {
    const { html } = compile('```hcl {4}\nresource "x" "y" {\n  port = 80 // [!code --]\n  port = 443 // [!code ++]\n}\nkeep = 1 # [!code highlight]\n```\n');
    const lines = [...html.matchAll(/<(span|ins|del) class="code-line([^"]*)">([\s\S]*?)\n?<\/\1>(?=<(?:span|ins|del) class="code-line|<\/code>)/g)].map((m) => [m[1], m[2].trim(), m[3].replace(/<[^>]+>/g, '')]);
    assert.deepEqual(lines, [
      ['span', '', 'resource "x" "y" {'],
      ['del', 'deleted', '  port = 80'],
      ['ins', 'inserted', '  port = 443'],
      ['span', 'highlight-line', '}'],
      ['span', 'highlight-line', 'keep = 1'],
    ], 'the marks leave the code; the fence\'s own {4} still counts');
    assert.doesNotMatch(html, /\[!code|diff-(ins|del)/);
  });

  it('reads VitePress\'s :line-numbers after the language as showLineNumbers', () => {
    const { html, warnings } = compile('```bash:line-numbers=5 {2}\necho a\necho b\n```\n\n```bash:no-line-numbers\necho c\n```\n');
    assert.deepEqual([...html.matchAll(/data-line="(\d+)"/g)].map((m) => m[1]), ['5', '6']);
    assert.match(html, /<span class="code-line highlight-line" data-line="6">/);
    assert.equal((html.match(/class="code-block code-block--bash"/g) ?? []).length, 2, 'both blocks are bash');
    assert.deepEqual(warnings, []);
  });
});

