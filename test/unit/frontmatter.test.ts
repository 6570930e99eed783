import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { BuildError } from '../../build/errors.ts';
import { splitFrontMatter } from '../../build/model/frontmatter.ts';
import { bodyToFirstLine, readSourcePage } from '../../build/model/content.ts';
import type { SourceHead } from '../../build/model/source-file.ts';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../helpers/temp-dir.ts';
import { createHash } from 'node:crypto';
import { normaliseForeignForms } from '../../build/markdown/preprocess.ts';

describe('front matter', () => {
  it('reads the Docusaurus keys and reports where the body starts', () => {
    const r = splitFrontMatter('---\ntitle: Сети\nsidebar_position: 2\nunlisted: true\nkeywords: [a, b]\n---\n\nТекст\n', 'docs/a.md');
    assert.equal(r.frontMatter.title, 'Сети');
    assert.equal(r.frontMatter.sidebar_position, 2);
    assert.equal(r.frontMatter.unlisted, true);
    assert.deepEqual(r.frontMatter.keywords, ['a', 'b']);
    assert.equal(r.bodyLineOffset, 6);
    assert.equal(r.body, '\nТекст\n');
  });

  it('reads a block once: an unchanged one comes from the memo (the build cache) with its warnings, a changed one is read again', () => {
    const memo = new Map<string, ReturnType<typeof splitFrontMatter>>();
    const src = '---\ntitle: Сети\nsidebar_postion: 2\n---\n\nТекст\n';
    const first = splitFrontMatter(src, 'docs/a.md', memo);
    assert.equal(memo.size, 1);
    // What the memo holds is what is returned: the YAML is not parsed again.
    const [key] = memo.keys();
    memo.set(key, { ...memo.get(key)!, frontMatter: { title: 'Из памяти' } });
    const again = splitFrontMatter(`${src}Ещё текст.\n`, 'docs/a.md', memo);
    assert.equal(again.frontMatter.title, 'Из памяти');
    assert.deepEqual(again.warnings, first.warnings, 'the typo warning comes back with it');
    assert.equal(again.body, '\nТекст\nЕщё текст.\n');
    // Another file, or another text, is read for itself; a broken block still fails.
    assert.equal(splitFrontMatter(src, 'docs/b.md', memo).frontMatter.title, 'Сети');
    assert.throws(() => splitFrontMatter('---\ntitle: [Сети\n---\n', 'docs/a.md', memo), /invalid YAML/);
  });

  it('treats a file without front matter as all body', () => {
    assert.deepEqual(splitFrontMatter('# Заголовок\n', 'a.md'), { frontMatter: {}, warnings: [], body: '# Заголовок\n', bodyLineOffset: 0 });
  });

  it('keeps nothing of the page source alive through the values it read', () => {
    // A build keeps every page's title, label and description to the end (sidebars, prev/next);
    // a value that were a slice of the source would keep the whole source with it.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const body = `${'Абзац о правилах группы безопасности. '.repeat(2500)}\n`; // ~180 KB of UTF-16
    gc();
    const before = process.memoryUsage().heapUsed;
    const kept = [];
    for (let i = 0; i < 200; i++) {
      // Each source its own string, as read from its file; the plain reader and the YAML library alike.
      const yaml = i % 2 ? `title: Страница номер ${i}\ndescription: Описание страницы ${i}` : `title: "Страница: номер ${i}"\nsidebar_label: Метка ${i}\nkeywords: [один, два]`;
      const { frontMatter } = splitFrontMatter(`---\n${yaml}\n---\n${i}${body}`, `docs/p${i}.md`);
      kept.push(frontMatter);
    }
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    assert.equal(kept.length, 200);
    assert.ok(grown < 5_000_000, `200 read front matters keep ${(grown / 1e6).toFixed(1)} MB of heap (36 MB would be their sources)`);
  });

  it('names the file and line of invalid YAML', () => {
    assert.throws(() => splitFrontMatter('---\ntitle: ok\ndescription: [unclosed\n---\n', 'docs/bad.md'), (e: unknown) => {
      assert.ok(e instanceof BuildError);
      assert.equal(e.file, 'docs/bad.md');
      assert.ok(e.line! >= 3, `line ${e.line}`);
      assert.match(e.format(), /docs\/bad\.md:\d+: invalid YAML/);
      return true;
    });
  });

  it('rejects a known key with the wrong type, pointing at its line', () => {
    assert.throws(() => splitFrontMatter('---\ntitle: Ок\nsidebar_position: первый\n---\n', 'docs/x.md'), (e: unknown) => {
      assert.ok(e instanceof BuildError);
      assert.equal(e.line, 3);
      assert.match(e.message, /sidebar_position/);
      return true;
    });
  });

  it('rejects toc levels in the wrong order', () => {
    assert.throws(() => splitFrontMatter('---\ntoc_min_heading_level: 4\ntoc_max_heading_level: 2\n---\n', 'x.md'), /greater than/);
  });

  it('reads VitePress\'s outline, prev/next: false and editLink: false as ours, and says what it cannot read', () => {
    const read = (yaml: string) => splitFrontMatter(`---\n${yaml}\n---\n`, 'docs/v.md');
    assert.deepEqual(read('outline: false\nprev: false\nnext: false\neditLink: false').frontMatter,
      { hide_table_of_contents: true, pagination_prev: null, pagination_next: null, custom_edit_url: null });
    assert.deepEqual(read('outline: [2, 4]').frontMatter, { toc_min_heading_level: 2, toc_max_heading_level: 4 });
    assert.deepEqual(read('outline: deep').frontMatter, { toc_min_heading_level: 2, toc_max_heading_level: 6 });
    assert.deepEqual(read('outline: 3\ntoc_max_heading_level: 3').frontMatter, { toc_max_heading_level: 3 }, 'the Docusaurus keys win');
    assert.deepEqual(read('outline: false\neditLink: true').warnings, []);
    const { frontMatter, warnings } = read('title: Т\nprev: Назад\nlayout: home\nlastUpdated: false\noutline: [4, 2]');
    assert.deepEqual(frontMatter, { title: 'Т' });
    assert.deepEqual(warnings.map((w) => [w.line, w.message]), [
      [3, 'front matter key "prev" (VitePress): only "prev: false" is read here; to name the page write pagination_prev: <doc id>, and a page\'s label in the pager is its pagination_label'],
      [4, 'front matter key "layout" (VitePress): part of VitePress\'s theme, has no effect here'],
      [5, 'front matter key "lastUpdated" (VitePress): has no effect here; last_update: { date: YYYY-MM-DD } sets the date shown'],
      [6, 'front matter key "outline" (VitePress): not read: outline is false, a level from 2 to 6, [from, to] or "deep"'],
    ]);
  });

  it('keeps unknown keys (other tools may use them)', () => {
    assert.equal((splitFrontMatter('---\ncustom_edit_url: null\n---\n', 'x.md').frontMatter as Record<string, unknown>).custom_edit_url, null);
  });
});

describe('a page read from its bytes', () => {
  // build/model/content.ts decodes only the front matter block and leaves the body undecoded
  // until it is read: every one of these reads exactly as the whole text split at once.
  const samples: Record<string, string> = {
    plain: '---\ntitle: Сети\nsidebar_position: 2\n---\n\nТекст про сети.\n',
    crlf: '---\r\ntitle: Сети\r\n---\r\n\r\nТекст.\r\n',
    'fences with trailing blanks': '--- \t\ntitle: А\n---  \nТело\n',
    'closing fence at the end of the file': '---\ntitle: Б\n---',
    'no front matter': 'Просто текст.\n\n---\n\nПосле черты.\n',
    'a rule on the first line, never closed': '---\nТекст без front matter.\n',
    'empty block': '---\n\n---\nТело\n',
    'fences back to back': '---\n---\ntitle: В\n---\nТело\n',
    'a dashed line that is not a fence': '---\ntitle: Г\n---x: 1\n---\nТело\n',
    'byte order mark': '\uFEFF---\ntitle: Д\n---\nТело\n',
    slug: '---\nslug: /особый/адрес\n---\nТело\n',
    'multi-line values': '---\ntitle: Е\ndescription: |\n  строка 1\n  ---\n  строка 2\n---\nТело\n',
  };
  for (const [name, text] of Object.entries(samples)) {
    it(`${name}: same front matter, body, line offset and text as the whole text split at once`, () => {
      const bytes = Buffer.from(text);
      const page = readSourcePage('doc', '/site/docs', '/site', 'a.md', undefined, () => ({ bytes }));
      const whole = splitFrontMatter(text, 'docs/a.md');
      assert.deepEqual(page.frontMatter, whole.frontMatter);
      assert.equal(page.bodyLineOffset, whole.bodyLineOffset);
      assert.equal(page.body, whole.body);
      assert.equal(page.raw, text);
      assert.equal(page.hash, createHash('sha256').update(bytes).digest('hex'));
      assert.equal(page.size, bytes.length);
    });
  }

  it('reads the front matter after a byte order mark, and starts the body after both, read or known by its stamp', () => {
    const text = '\uFEFF---\r\ntitle: С меткой порядка байтов\r\n---\r\n\r\nТекст.\r\n';
    const bytes = Buffer.from(text);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const root = tempDir('bom');
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(root, 'docs', 'a.md'), bytes);
    let head: SourceHead | undefined;
    const read = readSourcePage('doc', path.join(root, 'docs'), root, 'a.md', undefined, () => ({ bytes, keepHead: (h) => (head = h) }));
    assert.equal(read.frontMatter.title, 'С меткой порядка байтов');
    assert.equal(read.body, '\r\nТекст.\r\n');
    assert.equal(read.bodyLineOffset, 3);
    // The next build knows the file by its stamp: the recorded head gives the same page.
    const hash = createHash('sha256').update(bytes).digest('hex');
    const stamped = readSourcePage('doc', path.join(root, 'docs'), root, 'a.md', undefined, () => ({ hash, size: bytes.length, head: head! }));
    assert.equal(stamped.frontMatter.title, 'С меткой порядка байтов');
    assert.equal(stamped.body, read.body);
    // Without front matter the mark is not text either: a leading "# h1" is still the title's line.
    const bare = readSourcePage('doc', '/site/docs', '/site', 'b.md', undefined, () => ({ bytes: Buffer.from('\uFEFF# Заголовок\n\nТекст.\n') }));
    assert.equal(bare.body, '# Заголовок\n\nТекст.\n');
    assert.equal(bodyToFirstLine(bare), '# Заголовок');
  });

  it('takes the hash its reader already has (the input fingerprint hashed the page) instead of hashing again', () => {
    const page = readSourcePage('doc', '/site/docs', '/site', 'a.md', undefined, () => ({ bytes: Buffer.from('Текст.\n'), hash: 'hash from the fingerprint' }));
    assert.equal(page.hash, 'hash from the fingerprint');
  });

  it('says whether the body may include a fragment, without decoding it', () => {
    const read = (text: string) => readSourcePage('doc', '/site/docs', '/site', 'a.md', undefined, () => ({ bytes: Buffer.from(text) }));
    assert.equal(read('---\ntitle: А\n---\n::include{file="./_x.md"}\n').mayInclude, true);
    assert.equal(read('---\ntitle: А\n---\nТекст.\n').mayInclude, false);
  });

  it('gives the body as far as its first line that is not blank, with that line as the whole body has it', () => {
    const firstLine = (text: string) => text.replace(/^(\s*\n)*/, '').split('\n', 1)[0];
    const bodies = ['# Заголовок\nТекст.\n', '\n\n  \r\n\t\n# Ниже пустых строк\nТекст.\n', '\v\f\n# После \\v и \\f\n', '\u00a0\n# После неразрывного пробела\n', 'Одна строка без конца', '', '\n\n'];
    for (const body of bodies) {
      const page = readSourcePage('doc', '/site/docs', '/site', 'a.md', undefined, () => ({ bytes: Buffer.from(`---\ntitle: А\n---\n${body}`) }));
      const start = bodyToFirstLine(page);
      assert.ok(body.startsWith(start), JSON.stringify(body));
      assert.equal(firstLine(start), firstLine(body), JSON.stringify(body));
    }
    const long = readSourcePage('doc', '/site/docs', '/site', 'a.md', undefined, () => ({ bytes: Buffer.from(`# Заголовок\n${'Текст. '.repeat(1000)}`) }));
    assert.equal(bodyToFirstLine(long), '# Заголовок', 'not the rest of the body');
  });

  it('lets its bytes go once both texts are set to empty', () => {
    const page = readSourcePage('doc', '/site/docs', '/site', 'a.md', undefined, () => ({ bytes: Buffer.from('---\ntitle: А\n---\nТекст.\n') }));
    page.raw = '';
    assert.equal(page.body, 'Текст.\n', 'the body is still there while only the text was let go');
    page.body = '';
    assert.deepEqual([page.raw, page.body], ['', '']);
  });
});

describe('admonition titles', () => {
  it('turns Docusaurus "kind Title" into a directive label, outside code only', () => {
    const src = ':::warning Потеря данных\nx\n:::\n\n```md\n:::note Не трогать\n```\n';
    const out = normaliseForeignForms(src);
    assert.match(out, /^:::warning\[Потеря данных\]$/m);
    assert.match(out, /^:::note Не трогать$/m);
  });
});
