// Each page's Markdown for machines (build/output/page-markdown.ts): the author's own source, with
// only what this site alone understands written out as plain Markdown. The build makes it in the
// compile (compileMarkdown) and the dev server from the source (pageMarkdown): both must agree.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { compileMarkdown } from '../../build/markdown/compile.ts';
import { pageMarkdown, publishedMarkdown } from '../../build/output/page-markdown.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const SITE = 'https://docs.example.org/base';
const routes = new Map([
  ['/site/docs/info/intro.md', '/info/intro'],
  ['/site/docs/sgroups/database.md', '/tech-docs/sgroups/database'],
]);
const file = '/site/docs/info/intro.md';

/** The page's published Markdown both ways; asserts they are the same and returns it. */
function markdownOf(body: string, title = 'Введение', absPath = file): string {
  const compiled = compileMarkdown({ file: 'docs/info/intro.md', absPath, body, lineOffset: 0 }, routes);
  const fromBuild = publishedMarkdown(title, compiled.markdown, SITE);
  const fromDev = pageMarkdown(title, body, absPath, { siteUrl: SITE, routeOfFile: routes });
  assert.equal(fromDev, fromBuild, 'the dev server and the build give the same Markdown');
  return fromBuild;
}

describe('page Markdown for machines', () => {
  it('keeps the author\'s own formatting where nothing needs to change', () => {
    const body = '\nАбзац с *курсивом* и __жирным__.\n\n* пункт\n* ещё пункт\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n\n***\n';
    assert.equal(markdownOf(body), `# Введение\n\n${body.trim()}\n`);
  });

  it('leaves out a ::toc: a reader of the Markdown has the headings themselves', () => {
    assert.equal(markdownOf('Вступление.\n\n::toc{max=4}\n\n## Раздел\n\nТекст.\n'), '# Введение\n\nВступление.\n\n## Раздел\n\nТекст.\n');
    assert.equal(markdownOf('[[toc]]\n\n## Раздел\n\nТекст.\n'), '# Введение\n\n## Раздел\n\nТекст.\n', 'VitePress\'s [[toc]] too');
  });

  it('keeps a leading # h1, and writes a setext title as one', () => {
    assert.equal(markdownOf('# Свой заголовок\n\nТекст.\n'), '# Свой заголовок\n\nТекст.\n');
    assert.equal(markdownOf('Свой заголовок\n==============\n\nТекст.\n'), '# Свой заголовок\n\nТекст.\n');
  });

  it('makes links to other docs and site paths absolute, keeping the link text as written', () => {
    const md = markdownOf('См. [**базу** данных](../sgroups/database.md#схема "Схема"), [файл](/files/a.pdf) и [внешнюю](https://example.com/x.md).\n\n[опр]: ./intro.md\n');
    assert.match(md, /\[\*\*базу\*\* данных\]\(https:\/\/docs\.example\.org\/base\/tech-docs\/sgroups\/database#схема "Схема"\)/);
    assert.match(md, /\[файл\]\(https:\/\/docs\.example\.org\/base\/files\/a\.pdf\)/);
    assert.match(md, /\[внешнюю\]\(https:\/\/example\.com\/x\.md\)/);
    assert.match(md, /^\[опр\]: https:\/\/docs\.example\.org\/base\/info\/intro$/m);
  });

  it('points images and linked files next to the page at their published site URLs, so that they load outside the site', () => {
    const dir = tempDir('sg-md-files-');
    writeFileSync(path.join(dir, 'scheme.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 12"></svg>');
    writeFileSync(path.join(dir, 'manual.pdf'), '%PDF-1.4');
    const body = '![Схема](./scheme.svg "Подпись") и ![по ссылке][s], [руководство](./manual.pdf#page=2), ![логотип](/img/logo.svg), ![нет](./missing.png).\n\n:::tip\n![в блоке](./scheme.svg)\n:::\n\n[s]: ./scheme.svg\n';
    const md = markdownOf(body, 'Введение', path.join(dir, 'page.md'));
    const image = String.raw`https:\/\/docs\.example\.org\/base\/assets\/img\/scheme\.[0-9a-f]{10}\.svg`;
    assert.match(md, new RegExp(String.raw`^!\[Схема\]\(${image} "Подпись"\) и !\[по ссылке\]\[s\], \[руководство\]\(https:\/\/docs\.example\.org\/base\/assets\/files\/manual\.[0-9a-f]{10}\.pdf#page=2\), !\[логотип\]\(https:\/\/docs\.example\.org\/base\/img\/logo\.svg\), !\[нет\]\(\.\/missing\.png\)\.$`, 'm'));
    assert.match(md, new RegExp(String.raw`^> !\[в блоке\]\(${image}\)$`, 'm'), 'inside what is written out too');
    assert.match(md, new RegExp(String.raw`^\[s\]: ${image}$`, 'm'), 'an image reference\'s definition points at the image');
  });

  it('keeps a link\'s query with its page, before the anchor', () => {
    const md = markdownOf('[установка](../sgroups/database.md?tab=pg#схема) и [себя](./intro.md?v=2)\n');
    assert.match(md, /\[установка\]\(https:\/\/docs\.example\.org\/base\/tech-docs\/sgroups\/database\?tab=pg#схема\)/);
    assert.match(md, /\[себя\]\(https:\/\/docs\.example\.org\/base\/info\/intro\?v=2\)/);
  });

  it('drops a heading\'s {#id} and the highlight comments and line ranges of code, keeping its title', () => {
    const md = markdownOf('## Установка {#install}\n\n```go title="main.go" {2}\n// highlight-next-line\nfmt.Println(1)\nfmt.Println(2)\n```\n');
    assert.match(md, /^## Установка$/m);
    assert.match(md, /^```go title="main.go"\nfmt\.Println\(1\)\nfmt\.Println\(2\)\n```$/m);
    assert.doesNotMatch(md, /highlight|\{#|\{2\}/);
  });

  it('prints a heading whose {#id} is written with escapes, its link made absolute once', () => {
    const md = markdownOf('## См. [базу](../sgroups/database.md) {#my\\_id}\n\nТекст.\n');
    assert.match(md, /^## См\. \[базу\]\(https:\/\/docs\.example\.org\/base\/tech-docs\/sgroups\/database\)$/m);
  });

  it('writes admonitions as quotes with a bold title, tabs under their labels, an API badge as code', () => {
    const md = markdownOf(':::warning[Потеря данных]\nСначала [копия](./intro.md).\n:::\n\n::::tabs\n:::tab{label="Debian"}\napt install x\n:::\n:::tab{label="RHEL"}\ndnf install x\n:::\n::::\n\nВызов :api-endpoint{method="POST" path="/v2/sync"} меняет правила.\n');
    assert.match(md, /^> \*\*Потеря данных\*\*\n>\n> Сначала \[копия\]\(https:\/\/docs\.example\.org\/base\/info\/intro\)\.$/m);
    assert.match(md, /^\*\*Debian\*\*\n\napt install x\n\n\*\*RHEL\*\*\n\ndnf install x$/m);
    assert.match(md, /^Вызов `POST \/v2\/sync` меняет правила\.$/m);
    assert.doesNotMatch(md, /:::|:api-endpoint/);
  });

  it('writes VitePress\'s details as its bold summary and text, a code group as its blocks', () => {
    const md = markdownOf('::: details Как проверить\nКоманда.\n:::\n\n::: details\nСкрыто.\n:::\n\n::: code-group\n```bash [Debian]\napt install x\n```\n\n```bash [RHEL]\ndnf install x\n```\n:::\n');
    assert.equal(md, '# Введение\n\n**Как проверить**\n\nКоманда.\n\n**Подробнее**\n\nСкрыто.\n\n```bash [Debian]\napt install x\n```\n\n```bash [RHEL]\ndnf install x\n```\n');
  });

  it('takes VitePress\'s highlight marks out of the code and keeps those of lines added and removed, which say something', () => {
    assert.equal(markdownOf('```bash\napt update # [!code highlight]\napt install a # [!code --]\napt install b # [!code ++]\n```\n'),
      '# Введение\n\n```bash\napt update\napt install a # [!code --]\napt install b # [!code ++]\n```\n');
  });

  it('keeps what it writes out inside a list item or a quote in that container', () => {
    const md = markdownOf('- Шаг:\n\n  :::note\n  Первая строка.\n\n  Вторая строка.\n  :::\n\n> ```sh {1}\n> ls\n> ```\n');
    assert.match(md, /^- Шаг:\n\n {2}> \*\*Примечание\*\*\n {2}>\n {2}> Первая строка\.\n {2}>\n {2}> Вторая строка\.$/m);
    assert.match(md, /^> ```sh\n> ls\n> ```$/m);
  });
});
