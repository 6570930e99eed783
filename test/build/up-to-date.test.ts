// A build whose sources are those of the output in place does nothing and says so; any change to
// a source builds again; a failed build leaves the output, and so the up-to-date state, as it was.
import assert from 'node:assert/strict';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { RACY_MS } from '../../build/cache/input-stamps.ts';

describe('up-to-date builds', () => {
  let site: FixtureCopy;
  let cache: string;
  const build = () => site.build([], cache);
  const page = () => path.join(site.out, 'guide/intro/index.html');
  before(() => {
    site = copyFixture();
    cache = path.join(site.dir, '.cache');
    const first = build();
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /Built 8 pages/);
  });

  it('does nothing when no source changed, and still reports the last build\'s pages and warnings', () => {
    const before1 = statSync(page()).mtimeMs;
    const r = build();
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /Up to date: .* already holds the build of these sources \(8 pages/);
    assert.match(r.stderr, /docs\/guide\/install\.md:11: code language "klingon" is not highlighted/, 'warnings are not lost');
    assert.equal(statSync(page()).mtimeMs, before1, 'the output was not rewritten');
  });

  it('builds again after an edit, and is up to date after that', () => {
    const file = 'docs/guide/intro.md';
    site.write(file, `${readFileSync(path.join(site.dir, file), 'utf8')}\nНовый абзац после правки.\n`);
    const r = build();
    assert.match(r.stdout, /Built 8 pages/, r.stderr);
    assert.match(readFileSync(page(), 'utf8'), /Новый абзац после правки/);
    assert.match(build().stdout, /Up to date/);
  });

  it('sees an edit that keeps the page\'s size and puts its modification time back (the page is not read while unchanged)', () => {
    // build/cache/input-stamps.ts: a page unchanged since a build read it is known by its stamp;
    // the stamp includes the change time, which no tool puts back.
    const file = 'docs/guide/intro.md';
    const src = readFileSync(path.join(site.dir, file), 'utf8');
    const withWord = (word: string) => `${src}\nСлово дня: ${word}.\n`;
    site.write(file, withWord('первое'));
    utimesSync(path.join(site.dir, file), 1_700_000_000, 1_700_000_000);
    // Older than RACY_MS when the build looks at it, so that its stamp is recorded.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RACY_MS + 100);
    assert.match(build().stdout, /Built 8 pages/);
    assert.match(build().stdout, /Up to date/);
    site.write(file, withWord('второе'));
    utimesSync(path.join(site.dir, file), 1_700_000_000, 1_700_000_000);
    assert.match(build().stdout, /Built 8 pages/);
    assert.match(readFileSync(page(), 'utf8'), /Слово дня: второе/);
    assert.match(build().stdout, /Up to date/);
  });

  it('a failed build changes nothing: restoring the source is up to date again', () => {
    const file = 'docs/guide/install.md';
    const src = readFileSync(path.join(site.dir, file), 'utf8');
    site.write(file, `---\ntitle: [unclosed\n---\n${src}`);
    const failed = build();
    assert.notEqual(failed.status, 0);
    site.write(file, src);
    assert.match(build().stdout, /Up to date/);
  });

  it('a file outside docs/ that a page shows (<<<, an image) or includes is an input too: editing it builds again', () => {
    const file = 'docs/guide/intro.md';
    const src = readFileSync(path.join(site.dir, file), 'utf8');
    site.write('examples/main.tf', 'resource "sgroups_networks" "first" {}\n');
    site.write('shared/_note.md', 'Общая заметка: версия один.\n');
    site.write('shared/scheme.svg', '<svg xmlns="http://www.w3.org/2000/svg"><title>один</title></svg>');
    site.write(file, `${src}\n<<< ../../examples/main.tf\n\n::include{file="../../shared/_note.md"}\n\n![Схема](../../shared/scheme.svg)\n`);
    assert.match(build().stdout, /Built 8 pages/);
    assert.match(build().stdout, /Up to date/);
    site.write('examples/main.tf', 'resource "sgroups_networks" "second" {}\n');
    assert.match(build().stdout, /Built 8 pages/, 'the snippet changed');
    assert.match(readFileSync(page(), 'utf8'), /second/);
    site.write('shared/_note.md', 'Общая заметка: версия два.\n');
    assert.match(build().stdout, /Built 8 pages/, 'the fragment changed');
    assert.match(readFileSync(page(), 'utf8'), /версия два/);
    const image = () => /src="([^"]*scheme[^"]*\.svg)"/.exec(readFileSync(page(), 'utf8'))?.[1];
    const firstImage = image();
    assert.ok(firstImage);
    site.write('shared/scheme.svg', '<svg xmlns="http://www.w3.org/2000/svg"><title>два</title></svg>');
    assert.match(build().stdout, /Built 8 pages/, 'the image changed');
    assert.notEqual(image(), firstImage, 'its URL carries its new hash');
    assert.match(readFileSync(path.join(site.out, image()!), 'utf8'), /два/);
    assert.match(build().stdout, /Up to date/);
    site.write(file, src);
    assert.match(build().stdout, /Built 8 pages/);
  });

  it('a file the site config imports is an input: editing it builds again', () => {
    const config = readFileSync(path.join(site.dir, 'site.config.ts'), 'utf8');
    site.write('copyright.ts', "export const copyright = '© 2025 Из отдельного файла';\n");
    site.write('site.config.ts', `import { copyright } from './copyright.ts';\n${config.replace("copyright: '© 2025 Тестовая компания'", 'copyright')}`);
    assert.match(build().stdout, /Built 8 pages/);
    assert.match(readFileSync(page(), 'utf8'), /© 2025 Из отдельного файла/);
    assert.match(build().stdout, /Up to date/);
    site.write('copyright.ts', "export const copyright = '© 2026 Из отдельного файла';\n");
    assert.match(build().stdout, /Built 8 pages/);
    assert.match(readFileSync(page(), 'utf8'), /© 2026 Из отдельного файла/);
    site.write('site.config.ts', config);
    assert.match(build().stdout, /Built 8 pages/);
  });

  it('an environment variable the site config reads is an input: another value builds again', () => {
    const config = readFileSync(path.join(site.dir, 'site.config.ts'), 'utf8');
    site.write('site.config.ts', config.replace("copyright: '© 2025 Тестовая компания'", "copyright: process.env.SG_TEST_COPYRIGHT ?? '© по умолчанию'"));
    const withCopyright = (value: string | undefined) => {
      if (value === undefined) delete process.env.SG_TEST_COPYRIGHT;
      else process.env.SG_TEST_COPYRIGHT = value; // the CLI inherits it
      return build().stdout;
    };
    try {
      assert.match(withCopyright(undefined), /Built 8 pages/);
      assert.match(readFileSync(page(), 'utf8'), /© по умолчанию/);
      assert.match(withCopyright(undefined), /Up to date/);
      assert.match(withCopyright('© из окружения'), /Built 8 pages/);
      assert.match(readFileSync(page(), 'utf8'), /© из окружения/);
      assert.match(withCopyright('© из окружения'), /Up to date/);
      assert.match(withCopyright(undefined), /Built 8 pages/, 'unset again');
      assert.match(readFileSync(page(), 'utf8'), /© по умолчанию/);
    } finally {
      delete process.env.SG_TEST_COPYRIGHT;
      site.write('site.config.ts', config);
    }
    assert.match(build().stdout, /Built 8 pages/);
  });

  it('so is one a getter of the site config reads, when the config is validated', () => {
    const config = readFileSync(path.join(site.dir, 'site.config.ts'), 'utf8');
    site.write('site.config.ts', config.replace("copyright: '© 2025 Тестовая компания'", "get copyright() { return process.env.SG_TEST_COPYRIGHT ?? '© по умолчанию'; }"));
    const withCopyright = (value: string | undefined) => {
      if (value === undefined) delete process.env.SG_TEST_COPYRIGHT;
      else process.env.SG_TEST_COPYRIGHT = value;
      return build().stdout;
    };
    try {
      assert.match(withCopyright(undefined), /Built 8 pages/);
      assert.match(withCopyright(undefined), /Up to date/);
      assert.match(withCopyright('© из геттера'), /Built 8 pages/);
      assert.match(readFileSync(page(), 'utf8'), /© из геттера/);
    } finally {
      delete process.env.SG_TEST_COPYRIGHT;
      site.write('site.config.ts', config);
    }
    assert.match(build().stdout, /Built 8 pages/);
  });

  it('a change to the site config or a static file builds again', () => {
    site.write('static/img/extra.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    assert.match(build().stdout, /Built 8 pages/);
    const config = readFileSync(path.join(site.dir, 'site.config.ts'), 'utf8');
    site.write('site.config.ts', `${config}\n// edited\n`);
    assert.match(build().stdout, /Built 8 pages/);
  });
});
