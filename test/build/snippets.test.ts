// Code from a file (build/markdown/snippets.ts, VitePress's `<<<`): the block shows the file (or
// a region of it) with its language, title, highlighted and numbered lines; the page's Markdown
// for machines has the code; a missing file or region stops the build with the page's line; and
// editing the file rebuilds the page, in a cached build (same bytes as a cold one) and in the
// dev server.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { sessionOf } from '../dev/harness.ts';
import { snippetOf } from '../../build/markdown/snippets.ts';

const TF = [
  'terraform {',
  '  required_providers {',
  '    sgroups = { source = "H-BF/sgroups" }',
  '  }',
  '}',
  '',
  '# #region network',
  'resource "sgroups_networks" "nets" {',
  '  items = { "net-a" = { cidr = "10.0.0.0/24" } }',
  '}',
  '# #endregion network',
  '',
].join('\n');

/** The code blocks of a page: language, title, the lines as text, which are highlighted, whether they are numbered. */
function blocks(html: string) {
  return [...html.matchAll(/<div class="code-block code-block--(\w+)"[^>]*>(?:<input [^>]*>)?(?:<div class="code-block__title">([^<]*)<\/div>)?[\s\S]*?<code[^>]*>([\s\S]*?)<\/code>/g)].map(([, lang, title, code]) => {
    const lines = [...code.matchAll(/<span class="code-line( highlight-line)?"( data-line="\d+")?>([\s\S]*?)\n?<\/span>(?=<span class="code-line|$)/g)];
    return {
      lang, title,
      text: lines.map((l) => l[3].replace(/<[^>]+>/g, '').replace(/&quot;/g, '"')),
      highlighted: lines.flatMap((l, i) => (l[1] ? [i + 1] : [])),
      numbered: lines.length > 0 && lines.every((l) => l[2]),
    };
  });
}

describe('code from a file (<<<)', { timeout: 120_000 }, () => {
  let site: FixtureCopy;
  const page = () => readFileSync(path.join(site.out, 'guide/install/index.html'), 'utf8');
  before(() => {
    site = copyFixture();
    site.write('docs/guide/_snippets/main.tf', TF);
    site.write('docs/guide/install.md', `${readFileSync(path.join(site.docs, 'guide/install.md'), 'utf8')}
## Terraform

<<< ./_snippets/main.tf{3} [main.tf]

Только сети:

<<< ./_snippets/main.tf#network{hcl:line-numbers}
`);
  });
  after(() => site && rmSync(site.dir, { recursive: true, force: true }));

  it('reads VitePress\'s line: path, #region, {lines language:line-numbers}, [title]', () => {
    assert.deepEqual(snippetOf('<<< ./_snippets/a.tf#net{2,4-5 hcl:line-numbers} [main.tf]'),
      { file: './_snippets/a.tf', region: 'net', highlight: '2,4-5', language: 'hcl', lineNumbers: true, title: 'main.tf' });
    assert.deepEqual(snippetOf('<<< ../x.go'), { file: '../x.go', lineNumbers: false });
    assert.equal(snippetOf('<<<'), undefined);
    assert.equal(snippetOf('Текст <<< ./a.tf'), undefined);
  });

  it('shows the file as a code block: the whole file without its region markers, or one region, dedented', () => {
    const r = site.build();
    assert.equal(r.status, 0, r.stderr);
    const [whole, region] = blocks(page()).slice(-2);
    assert.deepEqual({ ...whole, text: whole.text.length }, { lang: 'hcl', title: 'main.tf', text: 9, highlighted: [3], numbered: false });
    assert.equal(whole.text[2], '    sgroups = { source = "H-BF/sgroups" }');
    assert.ok(!whole.text.some((l) => l.includes('#region')), 'no region markers');
    assert.deepEqual(region, { lang: 'hcl', title: undefined, text: ['resource "sgroups_networks" "nets" {', '  items = { "net-a" = { cidr = "10.0.0.0/24" } }', '}'], highlighted: [], numbered: true });
    // The page's Markdown has the code, not the line.
    const md = readFileSync(path.join(site.out, 'guide/install.md'), 'utf8');
    assert.match(md, /```hcl title="main\.tf"\nterraform \{\n/);
    assert.match(md, /```hcl showLineNumbers\nresource "sgroups_networks" "nets" \{\n/);
    assert.doesNotMatch(md, /<<</);
  });

  it('a missing file or region stops the build with the page\'s line and the fix', () => {
    const file = path.join(site.docs, 'guide/install.md');
    const good = readFileSync(file, 'utf8');
    const line = good.split('\n').findIndex((l) => l.startsWith('<<< ./_snippets/main.tf#network')) + 1;
    try {
      site.write('docs/guide/install.md', good.replace('main.tf#network', 'main.tf#nets'));
      const r = site.build();
      assert.notEqual(r.status, 0);
      assert.match(r.stderr, new RegExp(`docs/guide/install\\.md:${line}: <<< \\./_snippets/main\\.tf#nets: the file has no "#region nets"[\\s\\S]*fix: mark the lines`));
      site.write('docs/guide/install.md', good.replace('./_snippets/main.tf#network', './_snippets/gone.tf'));
      assert.match(site.build().stderr, new RegExp(`docs/guide/install\\.md:${line}: <<< \\./_snippets/gone\\.tf: no such file[\\s\\S]*fix: correct the path`));
    } finally {
      site.write('docs/guide/install.md', good);
    }
  });

  it('editing the file rebuilds the page, in a cached build as a cold one does, and in the dev server', async () => {
    const cache = path.join(site.dir, '.cache');
    assert.equal(site.build([], cache).status, 0);
    site.write('docs/guide/_snippets/main.tf', TF.replace('10.0.0.0/24', '10.1.0.0/16'));
    const r = site.build(['--stats-json', path.join(site.dir, 'stats.json')], cache);
    assert.equal(r.status, 0, r.stderr);
    assert.equal((JSON.parse(readFileSync(path.join(site.dir, 'stats.json'), 'utf8')) as { compiled: number }).compiled, 1, 'the one page that shows it');
    assert.match(page(), /10\.1\.0\.0\/16/);
    const { session, out, change } = sessionOf(site);
    try {
      assert.deepEqual((await session.start()).errors, []);
      site.write('docs/guide/_snippets/main.tf', TF.replace('10.0.0.0/24', '10.2.0.0/16'));
      const changed = await change('docs/guide/_snippets/main.tf');
      assert.deepEqual(changed.errors, []);
      assert.ok(changed.routes.includes('/guide/install'), changed.routes.join(' '));
      assert.match(readFileSync(path.join(out, 'guide/install/index.html'), 'utf8'), /10\.2\.0\.0\/16/);
    } finally {
      await session.close();
    }
  });
});
