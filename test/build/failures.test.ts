// What a broken input does: a clear error naming the file, the line and the fix; non-zero exit;
// the previous dist/ left exactly as it was.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
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

  it('an invalid site config names the key and the line', () => {
    const src = original('site.config.ts');
    expectFailure(() => site.write('site.config.ts', src.replace("{ type: 'localeDropdown', position: 'right' }", "{ type: 'weather', position: 'right' }")),
      () => site.write('site.config.ts', src), /site\.config\.ts:\d+: invalid site config at navbar\.items\[2\] \(type "weather"\)/);
  });

  it('a sidebar naming a doc that does not exist', () => {
    const src = original('site.config.ts');
    expectFailure(() => site.write('site.config.ts', src.replace("'guide/intro',", "'guide/intro', 'guide/ghost',")),
      () => site.write('site.config.ts', src), /site\.config\.ts:\d+: sidebars\.guide\[1\] names the doc "guide\/ghost", which does not exist/);
  });
});
