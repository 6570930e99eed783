// The migration's converter on small strings: each Docusaurus form, and what it becomes here.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { convertBody, type BodyEnv } from '../../build/migrate/convert-body.ts';
import { convertFrontMatter } from '../../build/migrate/front-matter.ts';
import { readLiteral, matchingBrace } from '../../build/migrate/js-literal.ts';
import { rewriteUrls } from '../../build/migrate/urls.ts';
import { takeMarkers, UNCONVERTED_TITLE } from '../../build/migrate/unconverted.ts';
import { docusaurusDoc } from '../../build/migrate/docusaurus-site.ts';
import { splitNumberPrefix } from '../../build/model/number-prefix.ts';
import { compileMarkdown } from '../../build/markdown/compile.ts';

const env: BodyEnv = {
  mode: 'mdx',
  includePath: (from) => (from.includes('missing') ? undefined : `./${from.split('/').pop()!.replace(/\.mdx?$/, '.md')}`),
  snippetPath: (from) => (from.includes('missing') ? undefined : `./_snippets/${from.split('/').pop()!}`),
};

/** The converted Markdown without the report markers, and the report items. */
function convert(source: string, options: Partial<BodyEnv> = {}) {
  const r = convertBody(source, { ...env, ...options });
  return { md: takeMarkers(r.markdown).text, items: r.items };
}

const TABS_IMPORTS = "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n";

describe('migrate: Tabs', () => {
  it('takes labels and their order from values, keeps values, marks the default and turns groupId into group', () => {
    const { md, items } = convert(`${TABS_IMPORTS}<Tabs groupId="os" defaultValue="rpm" values={[
  {label: 'Debian', value: 'deb'},
  {label: "RHEL", value: 'rpm'},
]}>
  <TabItem value="rpm">dnf</TabItem>
  <TabItem value="deb">apt</TabItem>
</Tabs>
`);
    assert.equal(md, '::::tabs{group="os"}\n:::tab{label="Debian" value="deb"}\napt\n:::\n:::tab{label="RHEL" value="rpm" default}\ndnf\n:::\n::::\n');
    assert.deepEqual(items, []);
  });

  it('reads label and default from the TabItems, and dedents their indented content (no indented code block)', () => {
    const { md } = convert(`${TABS_IMPORTS}<Tabs>
  <TabItem value="a" label="Первый">

    Текст первой вкладки.

    \`\`\`bash
    echo 1
      echo 2
    \`\`\`

  </TabItem>
  <TabItem value="b" label="Второй" default>
    Второй.
  </TabItem>
</Tabs>
`);
    assert.equal(md, [
      '::::tabs', ':::tab{label="Первый" value="a"}', 'Текст первой вкладки.', '', '```bash', 'echo 1', '  echo 2', '```', ':::',
      ':::tab{label="Второй" value="b" default}', 'Второй.', ':::', '::::', '',
    ].join('\n'));
  });

  it('gives containers around nested containers more colons', () => {
    const { md } = convert(`${TABS_IMPORTS}<Tabs>
<TabItem value="x" label="X">

:::note Внутри
Текст.
:::

</TabItem>
</Tabs>
`);
    assert.equal(md, ':::::tabs\n::::tab{label="X" value="x"}\n:::note[Внутри]\nТекст.\n:::\n::::\n:::::\n');
  });

  it('quotes a label with quotes in it', () => {
    const { md } = convert(`${TABS_IMPORTS}<Tabs><TabItem value="a" label='Вкладка "А"'>Текст</TabItem></Tabs>\n`);
    assert.match(md, /:::tab\{label="Вкладка &quot;А&quot;" value="a"\}/);
  });
});

describe('migrate: partials', () => {
  it('turns an imported partial used as a component into ::include, relative or @site/', () => {
    const { md, items } = convert("import Foo from './_foo.mdx';\nimport Bar from '@site/docs/_bar.md';\n\nТекст.\n\n<Foo />\n\n<Bar/>\n");
    assert.equal(md, 'Текст.\n\n::include{file="./_foo.md"}\n\n::include{file="./_bar.md"}\n');
    assert.deepEqual(items, []);
  });

  it('keeps a partial whose file is missing in a marked block', () => {
    const { md, items } = convert("import Gone from './_missing.mdx';\n\n<Gone />\n");
    assert.match(md, new RegExp(`^:::warning\\[${UNCONVERTED_TITLE}\\]`));
    assert.equal(items.length, 1);
    assert.equal(items[0].kind, 'not-converted');
  });
});

describe('migrate: HTML and JSX', () => {
  it('unwraps <div className> wrappers, keeps their Markdown, and never writes className', () => {
    const { md } = convert('Перед.\n<div className="card shadow">\n  **Жирный** текст.<br/>\n  Строка.\n</div>\nПосле.\n');
    assert.equal(md, 'Перед.\n\n**Жирный** текст.<br>\nСтрока.\n\nПосле.\n');
    assert.doesNotMatch(md, /className|class=/);
  });

  it('keeps other HTML with HTML attribute names and no className', () => {
    const { md } = convert('<details className="x">\n<summary>Подробнее</summary>\n\nСкрытый **текст**.\n\n</details>\n\nНажмите <kbd className="k">Ctrl</kbd>.\n');
    assert.equal(md, '<details>\n\n<summary>Подробнее</summary>\n\nСкрытый **текст**.\n\n</details>\n\nНажмите <kbd>Ctrl</kbd>.\n');
  });

  it('writes <img src={require(…)}> as a Markdown image and <a href> as a Markdown link', () => {
    const { md, items } = convert('<img src={require(\'./img/a.png\').default} alt="Схема" width={300} />\n\nСм. <a href="./b.mdx" target="_blank">страницу</a>.\n');
    assert.equal(md, '![Схема](./img/a.png)\n\nСм. [страницу](./b.mdx).\n');
    assert.deepEqual(items.map((i) => i.kind), ['dropped']);
  });

  it('turns an Admonition component and a CodeBlock into our forms', () => {
    const { md } = convert("import Admonition from '@theme/Admonition';\nimport CodeBlock from '@theme/CodeBlock';\n\n"
      + '<Admonition type="caution" title="Осторожно">\n  Текст.\n</Admonition>\n\n<CodeBlock language="bash" title="run.sh">{`echo 1\necho 2`}</CodeBlock>\n');
    assert.equal(md, ':::caution[Осторожно]\nТекст.\n:::\n\n```bash title="run.sh"\necho 1\necho 2\n```\n');
  });

  it('keeps a CodeBlock\'s line numbers and highlighted lines, and reports the props of theme components that have nothing to become', () => {
    const { md, items } = convert("import Admonition from '@theme/Admonition';\nimport CodeBlock from '@theme/CodeBlock';\n\n"
      + '<CodeBlock language="go" showLineNumbers={5} metastring="{2}" live>{`a\nb`}</CodeBlock>\n\n<CodeBlock language="bash" showLineNumbers>echo 1</CodeBlock>\n\n'
      + `${TABS_IMPORTS}<Tabs queryString="os" lazy>\n<TabItem value="a" label="A" attributes={{className: 'red'}}>а</TabItem>\n</Tabs>\n\n<Admonition type="tip" icon="💡">Текст</Admonition>\n`);
    assert.match(md, /^```go showLineNumbers=5 \{2\}\na\nb\n```$/m);
    assert.match(md, /^```bash showLineNumbers\necho 1\n```$/m);
    assert.deepEqual(items.filter((i) => i.kind === 'dropped').map((i) => i.what), ['live of <CodeBlock>', 'queryString, lazy of <Tabs>', 'attributes of <TabItem>', 'icon of <Admonition>']);
  });

  it('turns a CodeBlock of a raw-loaded file into a <<< line that shows the file', () => {
    const { md, items } = convert("import CodeBlock from '@theme/CodeBlock';\nimport Main from '!!raw-loader!./examples/main.tf';\nimport Rules from './rules.yaml?raw';\n"
      + "import Gone from '!!raw-loader!./missing.go';\n\n"
      + '<CodeBlock language="hcl" title="main.tf">{Main}</CodeBlock>\n\n<CodeBlock>{Rules}</CodeBlock>\n\n<CodeBlock language="go">{Gone}</CodeBlock>\n\n'
      + '<CodeBlock language="hcl" showLineNumbers metastring="{2-3}">{Main}</CodeBlock>\n\n<CodeBlock showLineNumbers>{Rules}</CodeBlock>\n');
    assert.match(md, /^<<< \.\/_snippets\/main\.tf\{hcl\} \[main\.tf\]\n\n<<< \.\/_snippets\/rules\.yaml\n\n/);
    assert.match(md, /^<<< \.\/_snippets\/main\.tf\{2-3 hcl:line-numbers\}\n\n<<< \.\/_snippets\/rules\.yaml\{:line-numbers\}$/m, 'line numbers and highlighted lines too');
    assert.deepEqual(items.map((i) => [i.kind, i.what]), [['not-converted', '<CodeBlock> of the file "./missing.go"']]);
  });

  it('leaves JSX-looking text inside code alone', () => {
    const source = '```jsx\n<Tabs groupId="x">{value}</Tabs>\n```\n\nИнлайн: `<Highlight>{x}</Highlight>`.\n';
    const { md, items } = convert(source);
    assert.equal(md, source);
    assert.deepEqual(items, []);
  });

  it('drops import lines', () => {
    assert.equal(convert("import A from '@site/src/components/A';\nimport {b, c as d} from './x';\n\nТекст.\n").md, 'Текст.\n');
  });
});

describe('migrate: what cannot be converted', () => {
  it('keeps a custom component on its own lines in a marked block with its source, reported with its line', () => {
    const { md, items } = convert("import Highlight from '@site/src/components/Highlight';\n\nАбзац.\n\n<Highlight color=\"red\">\n  Важно.\n</Highlight>\n");
    assert.equal(md, `Абзац.\n\n:::warning[${UNCONVERTED_TITLE}]\nКомпонент React \`<Highlight>\` не поддерживается генератором: перепишите этот фрагмент на Markdown.\n\n\`\`\`text\n<Highlight color="red">\n  Важно.\n</Highlight>\n\`\`\`\n:::\n`);
    assert.equal(items.length, 1);
    assert.equal(items[0].sourceLine, 5);
    assert.match(items[0].what, /component <Highlight>/);
  });

  it('keeps the text of an inline component in its sentence and puts the block after the paragraph', () => {
    const { md } = convert('Это <Highlight color="red">важно</Highlight> знать,\nи это тоже.\n\nСледующий абзац.\n');
    const [first, ...rest] = md.split(`:::warning[${UNCONVERTED_TITLE}]`);
    assert.equal(first, 'Это важно знать,\nи это тоже.\n\n');
    assert.match(rest.join(''), /```text\n<Highlight color="red">важно<\/Highlight>\n```\n:::\n\nСледующий абзац\.\n$/);
  });

  it('reports a JS expression and keeps it visible; comments and string literals convert', () => {
    const { md, items } = convert('Год: {new Date().getFullYear()}.\n\n{/* заметка */}\n\nПробел:{" "}здесь.\n');
    assert.match(md, /^Год: `\{new Date\(\)\.getFullYear\(\)\}`\.\n\n:::warning/);
    assert.match(md, /<!-- заметка -->/);
    assert.match(md, /Пробел: здесь\./);
    assert.deepEqual(items.map((i) => [i.what, i.sourceLine]), [['JS expression {new Date().getFullYear()}', 1]]);
  });

  it('keeps an export statement in a marked block', () => {
    const { md, items } = convert('export const versions = [\n  "1.0",\n  "2.0",\n];\n\nТекст.\n');
    assert.match(md, /^:::warning\[[^\]]+\]\n[^\n]*export[^\n]*\n\n```text\nexport const versions = \[\n {2}"1\.0",/);
    assert.equal(items[0].what, 'export statement');
  });

  it('marks blocks for the report: the marker gives the block\'s line in the output', () => {
    const r = convertBody('Один.\n\n{props.x}\n', env);
    const { text, lines } = takeMarkers(r.markdown);
    assert.equal(lines.get(r.items[0].marker!), 3);
    assert.doesNotMatch(text, /\u0000/);
  });
});

describe('migrate: Markdown forms', () => {
  it('writes admonition titles as labels and keeps [Title] and untitled ones', () => {
    const { md } = convert(':::note Заголовок [1]\nА\n:::\n\n:::tip[Готово]\nБ\n:::\n\n:::danger\nВ\n:::\n');
    assert.equal(md, ':::note[Заголовок \\[1\\]]\nА\n:::\n\n:::tip[Готово]\nБ\n:::\n\n:::danger\nВ\n:::\n');
  });

  it('keeps heading ids and maps old admonition kinds', () => {
    const { md, items } = convert('## Установка {#install}\n\n:::success\nОк.\n:::\n');
    assert.equal(md, '## Установка {#install}\n\n:::tip\nОк.\n:::\n');
    assert.equal(items.length, 1);
  });

  it('reads .md files as CommonMark when the site says markdown.format: detect', () => {
    // Braces are text; a capitalised tag is escaped, since the build stops on one as JSX.
    assert.equal(convert('Фигурные {скобки} и <Tag> как текст, <b>жирный</b>.\n', { mode: 'md' }).md, 'Фигурные {скобки} и \\<Tag> как текст, <b>жирный</b>.\n');
  });
});

describe('migrate: links and images', () => {
  const decide = (url: string) => (/\.mdx(#|$)/.test(url) ? { url: url.replace(/\.mdx(?=#|$)/, '.md') }
    : url === '/gone' ? { asText: true as const, problem: { what: 'link to /gone', todo: 'fix' } } : { url });

  it('rewrites Markdown links, images and definitions, and not code', () => {
    const { text, problems } = rewriteUrls('См. [раздел](./a.mdx#x), ![](b.mdx) и `[код](c.mdx)`.\n\n[ref]: ./d.mdx\n\n[ушла](/gone) [[вложенная]](e.mdx)\n', decide);
    assert.equal(text, 'См. [раздел](./a.md#x), ![](b.md) и `[код](c.mdx)`.\n\n[ref]: ./d.md\n\nушла [[вложенная]](e.md)\n');
    assert.deepEqual(problems, [{ line: 5, what: 'link to /gone', todo: 'fix' }]);
  });
});

describe('migrate: front matter', () => {
  const docIdOf = (id: string) => ({ 'guide/install': 'guide/install', 'guide/configure': 'guide/configure' } as Record<string, string>)[id];

  it('keeps our keys, drops and reports the others', () => {
    const r = convertFrontMatter('---\ntitle: Заголовок\nsidebar_position: 3\ntags: [a]\nhide_title: true\nsidebar_class_name: red\npagination_label: Далее\nimage: /img/card.png\n---\n\nТекст.\n', { stem: 'page', docIdOf });
    assert.equal(r.block, '---\ntitle: Заголовок\nsidebar_position: 3\ntags: [a]\nhide_title: true\npagination_label: Далее\nimage: /img/card.png\n---\n');
    assert.equal(r.body, '\nТекст.\n');
    assert.equal(r.sourceLines, 9);
    assert.deepEqual(r.items.map((i) => [i.what, i.sourceLine, i.kind]), [['front matter key "sidebar_class_name"', 6, 'dropped']]);
  });

  it('turns an id that renames the page into a relative slug, and drops slug: /', () => {
    assert.equal(convertFrontMatter('---\nid: api-reference\n---\n', { stem: 'api', docIdOf }).block, '---\nslug: api-reference\n---\n');
    assert.equal(convertFrontMatter('---\nid: api\ntitle: T\n---\n', { stem: 'api', docIdOf }).block, '---\ntitle: T\n---\n');
    const home = convertFrontMatter('---\nslug: /\ntitle: Главная\n---\n', { stem: 'intro', docIdOf });
    assert.equal(home.block, '---\ntitle: Главная\n---\n');
    assert.equal(home.items.length, 1);
  });

  it('translates pagination doc ids and a string position; a prefix kept in the id is written as parse_number_prefixes', () => {
    const r = convertFrontMatter('---\npagination_next: guide/configure\npagination_prev: nowhere\nsidebar_position: "2"\n---\n', { stem: 'x', docIdOf });
    assert.equal(r.block, '---\npagination_next: guide/configure\nsidebar_position: 2\n---\n');
    assert.equal(convertFrontMatter('Текст.\n', { stem: 'x', docIdOf }).block, '');
    assert.equal(convertFrontMatter('Текст.\n', { stem: '04-x', keepOwnPrefix: true, docIdOf }).block, '---\nparse_number_prefixes: false\n---\n');
    assert.equal(convertFrontMatter('---\ntitle: Т\n---\n', { stem: '04-x', keepOwnPrefix: true, docIdOf }).block, '---\ntitle: Т\nparse_number_prefixes: false\n---\n');
  });

  it('drops a value the build would reject, and says so', () => {
    const r = convertFrontMatter('---\ntitle: Т\ntoc_max_heading_level: 9\n---\n', { stem: 'x', docIdOf });
    assert.equal(r.block, '---\ntitle: Т\n---\n');
    assert.equal(r.items[0].kind, 'not-converted');
  });
});

describe('migrate: Docusaurus ids, URLs and literals', () => {
  it('computes ids and URLs as Docusaurus does', () => {
    const site = { routeBasePath: 'docs', parsesNumberPrefixes: true };
    assert.deepEqual(splitNumberPrefix('02-configure'), { number: 2, name: 'configure' });
    assert.deepEqual(splitNumberPrefix('2024-notes'.replace('-', '')), { name: '2024notes' });
    assert.deepEqual(docusaurusDoc('01-guide/02-configure.mdx', '', site), { id: 'guide/configure', route: '/docs/guide/configure' });
    assert.deepEqual(docusaurusDoc('01-guide/02-configure.mdx', '---\nparse_number_prefixes: false\n---\n', site), { id: 'guide/02-configure', route: '/docs/guide/02-configure' });
    assert.deepEqual(docusaurusDoc('01-guide/02-configure.mdx', '', { ...site, parsesNumberPrefixes: false }), { id: '01-guide/02-configure', route: '/docs/01-guide/02-configure' });
    assert.deepEqual(docusaurusDoc('guide/index.md', '', site), { id: 'guide/index', route: '/docs/guide' });
    assert.deepEqual(docusaurusDoc('api.md', '---\nid: api-ref\n---\n', { routeBasePath: '', parsesNumberPrefixes: true }), { id: 'api-ref', route: '/api-ref' });
    assert.deepEqual(docusaurusDoc('a/b.md', '---\nslug: /top\n---\n', site), { id: 'a/b', route: '/docs/top' });
  });

  it('reads literals and refuses code', () => {
    assert.deepEqual(readLiteral("[{label: 'A', value: \"a\"}, {'x': 1, y: true,},] // c")?.value, [{ label: 'A', value: 'a' }, { x: 1, y: true }]);
    assert.equal(readLiteral('[a, b]'), undefined);
    assert.equal(readLiteral('require("x")'), undefined);
    assert.equal(readLiteral('`a ${b}`'), undefined);
    assert.equal(matchingBrace('{a: "}", b: `${ {c: 1} }`} tail', 0), 26);
  });
});

describe('migrate: the output is Markdown this generator reads without a warning', () => {
  const samples: Record<string, string> = {
    'tabs in a list item': '1. Шаг:\n\n   <Tabs>\n     <TabItem value="a" label="A">\n\n     ```text\n     echo a\n     ```\n\n     </TabItem>\n     <TabItem value="b" label="B">Текст B</TabItem>\n   </Tabs>\n\n2. Шаг два с <Foo x={1} /> внутри.\n',
    'tabs in tabs with an admonition': '<Tabs groupId="g">\n<TabItem value="x" label="X">\n<Tabs>\n<TabItem value="1" label="Один">\n\n:::note\nВложено\n:::\n\n</TabItem>\n</Tabs>\n</TabItem>\n</Tabs>\n',
    'HTML in a table': '| a | b |\n|---|---|\n| x<br/>y | <code>z</code> |\n',
    'comments and literals': '<Tabs>\n  {/* первая */}\n  <TabItem value="a">А</TabItem>\n</Tabs>\n\nТекст {\'{\'}скобки{\'}\'} и <kbd>Ctrl</kbd>+<kbd>C</kbd>.\n',
    'tags never closed': 'Текст <Foo> без закрытия.\n\n<div>\nАбзац\n',
    'details in an admonition': ':::tip Подробности\n<details>\n  <summary>Развернуть</summary>\n\n  Скрытое.\n</details>\n:::\n',
    'components and expressions inline': '<Highlight color={theme.red}>текст</Highlight> и {props.name}\nследующая строка.\n- пункт {x}\n',
    'an export': 'export const x = {a: 1};\n\nТекст.\n',
  };
  for (const [name, source] of Object.entries(samples)) {
    it(name, () => {
      const { md } = convert(source);
      const compiled = compileMarkdown({ file: 'docs/x.md', absPath: '/nowhere/docs/x.md', body: md, lineOffset: 0 }, new Map());
      assert.deepEqual(compiled.warnings, [], md);
      assert.doesNotMatch(compiled.html, /<\/?(?:Tabs|TabItem|Highlight)\b|className/, md);
    });
  }
});
