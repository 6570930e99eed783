// The Docusaurus fixture converted through `npm run migrate`'s script: the target tree, the report
// (exactly the custom component and the JS expression are not converted, each with file:line),
// the CLI's argument errors, and a build of the converted docs that passes with no warning.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildConverted, convertedConfig, convertFixture, docusaurusFixture, runMigrate, type Converted } from './helpers.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const UNCONVERTED = ':::warning[Не перенесено при миграции]';

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(path.join(dir, f)).isFile())
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

/** The 1-based line of the first line of `file` that contains `needle`. */
function lineOf(file: string, needle: string): number {
  return readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes(needle)) + 1;
}

describe('migrate: the Docusaurus fixture', { timeout: 180_000 }, () => {
  let converted: Converted;
  const temps: string[] = [];
  before(() => {
    converted = convertFixture();
    temps.push(converted.dir);
  });
  after(() => {
    for (const t of temps) rmSync(t, { recursive: true, force: true });
  });

  it('finishes with exit 0 and writes .md pages, partials, category files and static images', () => {
    assert.equal(converted.status, 0, converted.stderr);
    assert.deepEqual(files(converted.docs), [
      '_partials/_Support.md',
      '_snippets/agent.yaml',
      '_static/img/logo.svg',
      '_static/img/schema.svg',
      'guide/02-configure.md',
      'guide/_Partial.md',
      'guide/_category_.json',
      'guide/install.md',
      'intro.md',
      'reference/_category_.yml',
      'reference/_limits.md',
      'reference/api.md',
      'reference/limits.md',
    ]);
    assert.equal(readFileSync(path.join(converted.docs, 'guide/_category_.json'), 'utf8'), readFileSync(path.join(docusaurusFixture, 'docs/guide/_category_.json'), 'utf8'));
    for (const f of files(converted.docs).filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(path.join(converted.docs, f), 'utf8');
      assert.doesNotMatch(text, /className|^import |\.mdx\b|<Tabs|<TabItem/m, f);
    }
  });

  it('writes the forms in our syntax', () => {
    const read = (f: string) => readFileSync(path.join(converted.docs, f), 'utf8');
    const install = read('guide/install.md');
    assert.match(install, /::::tabs\{group="os"\}\n:::tab\{label="Debian и Ubuntu" value="deb" default\}\n```bash\napt-get install -y hbf-agent\n```\n:::\n:::tab\{label="RHEL и CentOS" value="rpm"\}/);
    assert.match(install, /:::warning\[Перед установкой\]/);
    assert.match(install, /## Настройка агента \{#agent-setup\}/);
    assert.match(install, /^::include\{file="\.\/_Partial\.md"\}$/m);
    assert.match(install, /^<<< \.\.\/_snippets\/agent\.yaml\{yaml\} \[agent\.yaml\]$/m, 'a CodeBlock of a raw-loaded file shows the file');
    assert.match(install, /^Для установки нужны права \*\*root\*\* и доступ к репозиторию пакетов\.<br>$/m);
    const configure = read('guide/02-configure.md');
    assert.doesNotMatch(configure, /^sidebar_position:/m, 'the file keeps its number prefix, which the build reads as its position');
    assert.match(configure, /\[разделе об установке\]\(\.\/install\.md#agent-setup\)/);
    assert.match(configure, /:::note\[Где лежит файл\]/);
    const intro = read('intro.md');
    assert.match(intro, /!\[Схема компонентов\]\(\.\/_static\/img\/schema\.svg\)/);
    assert.match(intro, /^::include\{file="\.\/_partials\/_Support\.md"\}$/m);
    assert.match(intro, /^tags: \[обзор\]$/m, 'tags are built here too');
    assert.doesNotMatch(intro, /^sidebar_class_name:/m);
    const api = read('reference/api.md');
    assert.match(api, /^slug: api-reference$/m);
    assert.match(api, /\[«Установка»\]\(\.\.\/guide\/install\.md\)/);
    assert.match(api, /^::include\{file="\.\.\/guide\/_Partial\.md"\}$/m);
    assert.match(api, /^::include\{file="\.\/_limits\.md"\}$/m);
    assert.match(api, /!\[Логотип SGroups\]\(\.\.\/_static\/img\/logo\.svg\)/);
    assert.match(read('reference/_category_.yml'), /id: reference\/api$/m);
  });

  it('reports exactly the custom component and the JS expression as not converted, with file:line of the block and of the source', () => {
    const report = converted.stdout;
    const notConverted = report.split('\n').filter((l) => l.includes(': not converted: '));
    assert.equal(notConverted.length, 2, report);
    const target = path.join(converted.docs, 'guide/install.md');
    const source = path.join(docusaurusFixture, 'docs/guide/install.mdx');
    const shown = path.relative(process.cwd(), target).split(path.sep).join('/');
    const expected = [
      { what: 'component <Highlight>', needle: '<Highlight color="red">' },
      { what: 'JS expression {new Date().getFullYear()}', needle: '{new Date().getFullYear()}' },
    ];
    const targetLines = readFileSync(target, 'utf8').split('\n');
    for (const [i, { what, needle }] of expected.entries()) {
      const m = /^(.+):(\d+): not converted: (.+) \((.+):(\d+)\); (.+)$/.exec(notConverted[i]);
      assert.ok(m, notConverted[i]);
      const [, file, line, item, sourceFile, sourceLine, todo] = m;
      assert.equal(file, shown);
      assert.equal(item, what);
      assert.equal(sourceFile, 'docs/guide/install.mdx');
      assert.equal(Number(sourceLine), lineOf(source, needle));
      assert.ok(todo.length > 10);
      // The line is the marked block's title, and the block holds the original source.
      assert.equal(targetLines[Number(line) - 1], UNCONVERTED);
      assert.ok(targetLines.slice(Number(line), Number(line) + 6).some((l) => l.includes(needle)), `${needle} in the block at line ${line}`);
    }
    assert.match(report, /Summary: 9 file\(s\) converted, 2 thing\(s\) not converted, 3 dropped\./);
  });

  it('lists every converted file, the dropped keys, and a sidebars snippet with our doc ids', () => {
    const report = converted.stdout;
    for (const f of ['docs/intro.md', 'docs/guide/install.mdx', 'docs/guide/02-configure.mdx', 'docs/guide/_Partial.mdx', 'docs/reference/api.md', 'src/partials/_Support.mdx']) {
      assert.match(report, new RegExp(`^ {2}converted ${f.replace(/[.]/g, '\\.')} → `, 'm'), f);
    }
    assert.match(report, /intro\.md: dropped: front matter key "sidebar_class_name" \(docs\/intro\.md:6\)/);
    assert.match(report, /reference\/api\.md: dropped: front matter key "id" \(docs\/reference\/api\.md:2\); .*slug: api-reference/);
    assert.match(report, /Sidebars: sidebars\.js was not run\. Here sidebars are configured in src\/site\.config\.ts/);
    const snippet = report.slice(report.indexOf('sidebars: {'));
    assert.match(snippet, /"guide\/install",\s+"guide\/configure"/);
    assert.match(snippet, /dirName: "reference"/);
  });

  it('builds with this generator: exit 0 and no warning', () => {
    const built = buildConverted(converted);
    assert.equal(built.status, 0, `${built.stdout}\n${built.stderr}`);
    assert.doesNotMatch(`${built.stdout}\n${built.stderr}`, /warning:/i);
    assert.match(built.stdout, /warnings: 0/);
    for (const route of ['intro', 'guide/install', 'guide/configure', 'reference/api-reference', 'reference/limits']) {
      assert.ok(existsSync(path.join(built.out, route, 'index.html')), route);
    }
    const install = readFileSync(path.join(built.out, 'guide/install/index.html'), 'utf8');
    assert.match(install, /Проверка связи/, 'the partial is on the page');
    assert.match(install, /id="agent-setup"/);
    assert.match(install, /<div class="code-block__title">agent\.yaml<\/div>[\s\S]*?sgroups\.example\.org/, 'the raw-loaded file, shown from _snippets/');
  });

  it('suggests redirects from every old URL and the client-redirects plugin\'s, and the site built with them forwards', () => {
    const report = converted.stdout;
    const at = report.indexOf('redirects: [');
    assert.ok(at > 0, 'a redirects snippet');
    const snippet = report.slice(at, report.indexOf('\n],', at) + 3);
    assert.equal(snippet, [
      'redirects: [',
      '  { from: "/docs/guide/configure", to: "/guide/configure" },',
      '  { from: "/docs/guide/install", to: "/guide/install" },',
      '  { from: ["/docs/old-install", "/setup"], to: "/guide/install#agent-setup" },',
      '  { from: "/docs/intro", to: "/intro" },',
      '  { from: "/docs/reference/api-reference", to: "/reference/api-reference" },',
      '  { from: "/docs/reference/limits", to: "/reference/limits" },',
      '],',
    ].join('\n'));
    // Pasted into the config as the report says, it builds, and the old URLs lead to the pages.
    const config = path.join(converted.dir, 'with-redirects.config.ts');
    writeFileSync(config, readFileSync(convertedConfig, 'utf8').replace(/\};\s*$/, `${snippet}\n};\n`));
    const built = buildConverted(converted, config);
    assert.equal(built.status, 0, `${built.stdout}\n${built.stderr}`);
    const rules = JSON.parse(readFileSync(path.join(built.out, '_headers/redirects.json'), 'utf8')) as { from: string; to: string }[];
    assert.equal(rules.length, 7);
    assert.match(readFileSync(path.join(built.out, 'setup/index.html'), 'utf8'), /\/guide\/install#agent-setup/);
  });

  it('refuses wrong arguments with exit 2 and a clear message', () => {
    const none = runMigrate([]);
    assert.equal(none.status, 2);
    assert.match(none.stderr, /^npm run migrate: give the Docusaurus site folder and the target docs folder\nnpm run migrate -- --help lists the options/);
    const missing = runMigrate([path.join(os.tmpdir(), 'no-such-docusaurus-site'), path.join(os.tmpdir(), 'x')]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /no-such-docusaurus-site does not exist/);
    const noDocs = tempDir('sg-migrate-nodocs-');
    temps.push(noDocs);
    assert.match(runMigrate([noDocs, path.join(noDocs, 'out')]).stderr, /has no docs folder/);
    const busy = tempDir('sg-migrate-busy-');
    temps.push(busy);
    writeFileSync(path.join(busy, 'keep.md'), '# Своё\n');
    const refused = runMigrate([docusaurusFixture, busy]);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /is not empty; .*--force/);
    assert.equal(readdirSync(busy).length, 1, 'nothing written');
    const forced = runMigrate([docusaurusFixture, busy, '--force']);
    assert.equal(forced.status, 0, forced.stderr);
    assert.ok(existsSync(path.join(busy, 'keep.md')) && existsSync(path.join(busy, 'guide/install.md')));
    assert.equal(runMigrate([docusaurusFixture, path.join(docusaurusFixture, 'docs', 'out')]).status, 2, 'a target inside the docs');
    assert.equal(runMigrate([docusaurusFixture, busy, '--bogus']).status, 2);
  });
});
