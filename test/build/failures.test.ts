// What a broken input does: a clear error naming the file, the line and the fix; non-zero exit;
// the previous dist/ left exactly as it was.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { projectRoot } from '../helpers/paths.ts';

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

  it('every wrong key of a front matter is named, each at its line, together with other files\' errors', () => {
    const src = original('docs/guide/install.md');
    const api = original('docs/reference/api.md');
    expectFailure(() => {
      site.write('docs/guide/install.md', `---\nsidebar_position: первый\ntitle: ok\ntags: 5\n---\n${src}`);
      site.write('docs/reference/api.md', `---\nhide_table_of_contents: может быть\n---\n${api}`);
    }, () => {
      site.write('docs/guide/install.md', src);
      site.write('docs/reference/api.md', api);
    }, /docs\/guide\/install\.md:2: front matter key "sidebar_position"[^\n]*\n  fix: [^\n]*\n\S*docs\/guide\/install\.md:4: front matter key "tags"[\s\S]*docs\/reference\/api\.md:2: front matter key "hide_table_of_contents"/);
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

  it('every broken link and anchor of a build is named at once, each with its line, after the warnings found before', () => {
    const src = original('docs/reference/api.md');
    const text = `${src}\n${['[куда-то](/nowhere/at-all)', '', 'Текст и [якорь](../guide/install.md#нет-такого-раздела).', '', '[набросок](./draft.md)', '', '![схема](/img/absent.svg)'].join('\n')}\n`;
    const lineOf = (needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
    site.write('docs/reference/api.md', text);
    try {
      const r = site.build();
      assert.notEqual(r.status, 0);
      const at = (needle: string) => `docs/reference/api.md:${lineOf(needle)}: broken link on /reference/api: `;
      assert.ok(r.stderr.includes(`${at('/nowhere')}/nowhere/at-all points at a page or file that does not exist\n  fix: correct the link target`), r.stderr);
      assert.ok(r.stderr.includes(`${at('#нет-такого')}/guide/install#нет-такого-раздела names an anchor that does not exist on the target page`), r.stderr);
      assert.ok(r.stderr.includes(`${at('absent.svg')}/img/absent.svg points at a page or file that does not exist`), r.stderr);
      // Lines in order, anchors among the links.
      const order = [...r.stderr.matchAll(/api\.md:(\d+): broken link/g)].map((m) => Number(m[1]));
      assert.deepEqual(order, ['/nowhere', '#нет-такого', 'absent.svg'].map(lineOf));
      // The warning about the .md link that matches no page was found before the check failed: it is shown too.
      const warning = r.stderr.indexOf(`docs/reference/api.md:${lineOf('draft.md')}: link to "./draft.md" does not match any page`);
      assert.ok(warning !== -1 && warning < r.stderr.indexOf('Build failed.'), r.stderr);
      assert.equal(intro(), before1, 'previous dist/ preserved');
    } finally {
      site.write('docs/reference/api.md', src);
    }
  });

  it('a page that is not UTF-8 builds, with a warning at the line of its first bad byte', () => {
    const src = original('docs/reference/api.md');
    const cp1251 = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]); // «Привет» in Windows-1251
    site.write('docs/reference/api.md', Buffer.concat([Buffer.from(`${src}\n\nСтрока в другой кодировке: `), cp1251, Buffer.from('\n')]));
    try {
      const r = site.build();
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stderr, new RegExp(`docs/reference/api\\.md:${src.split('\n').length + 2}: bytes that are not UTF-8 were shown as "�"[^\n]*save the file as UTF-8`));
    } finally {
      site.write('docs/reference/api.md', src);
    }
  });

  it('a mistyped --docs, --config, --static or --pages: one error naming each missing input, before anything is built', () => {
    const missing = path.join(site.dir, 'no-such');
    const r = site.build(['--docs', `${missing}-docs`, '--config', `${missing}.config.ts`, '--static', `${missing}-static`, '--pages', `${missing}-pages`]);
    assert.equal(r.status, 1);
    const shown = (p: string) => path.relative(projectRoot, p);
    assert.ok(r.stderr.includes([
      `the docs folder ${shown(`${missing}-docs`)} does not exist`, '  fix: give the folder of the Markdown pages: --docs DIR',
      `the site config ${shown(`${missing}.config.ts`)} does not exist`, '  fix: give the config file: --config FILE',
      `the static folder ${shown(`${missing}-static`)} does not exist`, '  fix: give the folder of the files copied as they are: --static DIR',
      `the pages folder ${shown(`${missing}-pages`)} does not exist`, '  fix: give the folder of the standalone pages: --pages DIR',
    ].join('\n')), r.stderr);
    assert.doesNotMatch(r.stderr, /sidebars\.|\s+at /, 'no error per sidebar item, no stack');
    assert.equal(intro(), before1, 'previous dist/ preserved');
  });

  it('an --out onto, over or inside the sources, or onto a folder of someone else\'s files, is refused and deletes nothing', () => {
    const shown = (p: string) => path.relative(projectRoot, p);
    const pagesBefore = readdirSync(site.docs, { recursive: true }).length;
    const refused = (out: string, message: string) => {
      const r = site.build(['--out', out]);
      assert.equal(r.status, 1, r.stdout);
      assert.ok(r.stderr.includes(message), r.stderr);
      assert.equal(readdirSync(site.docs, { recursive: true }).length, pagesBefore, 'the docs are all there');
    };
    refused(site.docs, `the output folder ${shown(site.docs)} would replace the docs folder ${shown(site.docs)}: the output folder is replaced whole\n  fix: give the output a folder of its own: --out DIR`);
    refused(site.dir, `the output folder ${shown(site.dir)} would replace a folder holding the docs folder ${shown(site.docs)}`);
    refused(path.join(site.docs, 'guide', 'out'), `the output folder ${shown(path.join(site.docs, 'guide', 'out'))} is inside the docs folder ${shown(site.docs)}: its files would be read as pages`);
    refused(path.join(site.dir, 'static', 'out'), 'is inside the static folder');
    const theirs = path.join(site.dir, 'theirs');
    site.write('theirs/notes.txt', 'не трогать');
    refused(theirs, `the output folder ${shown(theirs)} holds files that no build wrote (notes.txt); a build replaces the folder whole\n  fix: give a new or empty folder with --out DIR, or move those files away first`);
    assert.equal(readFileSync(path.join(theirs, 'notes.txt'), 'utf8'), 'не трогать');
    assert.equal(intro(), before1, 'previous dist/ preserved');
  });

  it('--strict: the warnings fail the build, each in its place, also when the output is up to date', () => {
    const cache = path.join(site.dir, 'strict-cache');
    const plain = site.build([], cache);
    assert.equal(plain.status, 0, plain.stderr);
    const warnings = [...plain.stderr.matchAll(/^warning: (.+)$/gm)].map((m) => m[1]);
    assert.ok(warnings.length >= 2, plain.stderr);
    const built = intro();
    for (const [run, cacheDir] of [['a full build', undefined], ['up to date', cache]] as const) {
      const r = site.build(['--strict'], cacheDir);
      assert.equal(r.status, 1, `${run}: ${r.stdout}`);
      assert.ok(r.stderr.includes(`Build failed. The previous output was left untouched.\n\n${warnings.join('\n')}\n${warnings.length} warnings with --strict, which makes warnings errors\n  fix: fix them, or build without --strict`), `${run}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, /^warning: /m, `${run}: the warnings are said once, as errors`);
      assert.equal(intro(), built, `${run}: the output stays as it was`);
    }
    before1 = built;
  });

  it('a page the user guide PDF cannot draw fails the build, naming the page and the image', () => {
    const config = original('site.config.ts');
    const api = original('docs/reference/api.md');
    // A broken link as well: the links are checked while the guide is drawn, and the guide's
    // error is the one the build reports, as when the check came after it.
    expectFailure(() => {
      site.write('site.config.ts', config.replace('userGuidePdf: false', 'userGuidePdf: true'));
      site.write('docs/reference/broken.png', 'this is not a PNG');
      site.write('docs/reference/api.md', `${api}\n![схема](./broken.png)\n\n[Нет файла](/files/other.pdf)\n`);
    }, () => {
      site.write('site.config.ts', config);
      site.write('docs/reference/api.md', api);
    }, /docs\/reference\/api\.md:\d+: user guide PDF, page \/reference\/api: image [^ ]*docs\/reference\/broken\.png cannot be embedded[^\n]*\n  fix: use PNG, JPEG or SVG\n*$/);
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
