// What a broken input does: a clear error naming the file, the line and the fix; non-zero exit;
// the previous dist/ left exactly as it was.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';

describe('build failures', () => {
  let site: FixtureCopy;
  let before1 = '';
  const intro = () => readFileSync(path.join(site.out, 'guide/intro/index.html'), 'utf8');
  const original = (rel: string) => readFileSync(path.join(site.dir, rel), 'utf8');
  before(() => {
    site = copyFixture();
    const ok = site.build();
    assert.equal(ok.status, 0, ok.stderr);
    before1 = intro();
  });

  const expectFailure = (mutate: () => void, restore: () => void, pattern: RegExp) => {
    mutate();
    try {
      const r = site.build();
      assert.notEqual(r.status, 0, 'the build must fail');
      assert.match(r.stderr, /Build failed\. The previous output was left untouched\./);
      assert.match(r.stderr, pattern);
      assert.equal(intro(), before1, 'previous dist/ preserved');
    } finally {
      restore();
    }
  };

  it('bad front matter: file and line of the YAML error', () => {
    const src = original('docs/guide/install.md');
    expectFailure(() => site.write('docs/guide/install.md', `---\ntitle: ok\ndescription: [unclosed\n---\n${src}`),
      () => site.write('docs/guide/install.md', src), /docs\/guide\/install\.md:3: invalid YAML in front matter[\s\S]*fix:/);
  });

  it('wrong type for a known key', () => {
    const src = original('docs/guide/install.md');
    expectFailure(() => site.write('docs/guide/install.md', `---\nsidebar_position: первый\n---\n${src}`),
      () => site.write('docs/guide/install.md', src), /docs\/guide\/install\.md:2: front matter key "sidebar_position"/);
  });

  it('two files claiming one route', () => {
    const extra = 'docs/guide/intro/index.md';
    expectFailure(() => site.write(extra, '# Дубликат\n'), () => site.write(extra, '---\nslug: /guide/intro-copy\n---\n# Копия\n'),
      /route \/guide\/intro is claimed by two files/);
  });

  it('a broken internal link fails the build, naming page and href', () => {
    const src = original('docs/reference/api.md');
    expectFailure(() => site.write('docs/reference/api.md', `${src}\n[куда-то](/nowhere/at-all)\n`),
      () => site.write('docs/reference/api.md', src), /broken link on \/reference\/api: \/nowhere\/at-all/);
  });

  it('a link to a missing anchor fails the build', () => {
    const src = original('docs/reference/api.md');
    expectFailure(() => site.write('docs/reference/api.md', `${src}\n[якорь](../guide/install.md#нет-такого-раздела)\n`),
      () => site.write('docs/reference/api.md', src), /\/guide\/install#нет-такого-раздела names an anchor that does not exist/);
  });

  it('a page the user guide PDF cannot draw fails the build, naming the page and the image', () => {
    const config = original('site.config.ts');
    const api = original('docs/reference/api.md');
    expectFailure(() => {
      site.write('site.config.ts', config.replace('userGuidePdf: false', 'userGuidePdf: true'));
      site.write('docs/reference/broken.png', 'this is not a PNG');
      site.write('docs/reference/api.md', `${api}\n![схема](./broken.png)\n`);
    }, () => {
      site.write('site.config.ts', config);
      site.write('docs/reference/api.md', api);
    }, /user guide PDF, page \/reference\/api: image \/[^ ]*broken[^ ]*\.png cannot be embedded[^\n]*fix: use PNG, JPEG or SVG/);
  });

  it('an .mdx file is an error naming it, with the way out', () => {
    expectFailure(() => site.write('docs/guide/extra.mdx', '# Страница MDX\n'), () => rmSync(path.join(site.dir, 'docs/guide/extra.mdx')),
      /docs\/guide\/extra\.mdx:1: \.mdx files are not read here[^\n]*\n  fix: rename it to extra\.md and write its JSX as Markdown or directives \(npm run migrate/);
  });

  it('an MDX import line is an error with its line', () => {
    const src = original('docs/reference/api.md');
    const line = src.split('\n').length + 2;
    expectFailure(() => site.write('docs/reference/api.md', `${src}\n\nimport Tabs from '@theme/Tabs';\n`), () => site.write('docs/reference/api.md', src),
      new RegExp(`docs/reference/api\\.md:${line}: "import Tabs from '@theme/Tabs';" is an MDX import/export; Markdown pages here have no modules\\n  fix: remove it`));
  });

  it('a JSX component is an error naming it and what to write instead', () => {
    const src = original('docs/reference/api.md');
    expectFailure(() => site.write('docs/reference/api.md', `${src}\n\n<Tabs>\n\nпервый\n\n</Tabs>\n`), () => site.write('docs/reference/api.md', src),
      /docs\/reference\/api\.md:\d+: <Tabs> is a JSX component \(MDX\); it would not be rendered here\n  fix: write the tabs as ::::tabs\{group="…"\} with :::tab\{label="…"\} blocks/);
    expectFailure(() => site.write('docs/reference/api.md', `${src}\n\nТекст <Highlight color="red">важно</Highlight>.\n`), () => site.write('docs/reference/api.md', src),
      /docs\/reference\/api\.md:\d+: <Highlight> is a JSX component \(MDX\)[^\n]*\n  fix: write it as Markdown or a directive, or remove it/);
  });

  it('an invalid site config names the key and the line', () => {
    const src = original('site.config.ts');
    expectFailure(() => site.write('site.config.ts', src.replace("{ type: 'localeDropdown', position: 'right' }", "{ type: 'weather', position: 'right' }")),
      () => site.write('site.config.ts', src), /site\.config\.ts:\d+: invalid site config at navbar\.items\[2\] \(type "weather"\)/);
  });

  it('the author of the last change without its date is an invalid site config that says what to set', () => {
    const src = original('site.config.ts');
    expectFailure(() => site.write('site.config.ts', src.replace("mainDoc: 'guide/intro' },", "mainDoc: 'guide/intro' },\n    showLastUpdate: false,\n    showLastUpdateAuthor: true,")),
      () => site.write('site.config.ts', src), /site\.config\.ts:\d+: docs\.showLastUpdateAuthor names the author beside the date[\s\S]*fix: set showLastUpdate: true, or remove showLastUpdateAuthor/);
  });

  it('a baseUrl other than the root, which the engine\'s root-path links and assets cannot serve', () => {
    const src = original('site.config.ts');
    expectFailure(() => site.write('site.config.ts', src.replace("baseUrl: '/'", "baseUrl: '/docs/'")),
      () => site.write('site.config.ts', src), /site\.config\.ts:6: baseUrl "\/docs\/" is not supported[\s\S]*fix: set baseUrl: '\/'/);
  });

  it('a sidebar naming a doc that does not exist', () => {
    const src = original('site.config.ts');
    expectFailure(() => site.write('site.config.ts', src.replace("'guide/intro',", "'guide/intro', 'guide/ghost',")),
      () => site.write('site.config.ts', src), /site\.config\.ts:\d+: sidebars\.guide\[1\] names the doc "guide\/ghost", which does not exist/);
  });
});
