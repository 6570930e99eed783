import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { BuildError } from '../../build/errors.ts';
import { splitFrontMatter } from '../../build/model/frontmatter.ts';
import { normaliseAdmonitionTitles } from '../../build/markdown/preprocess.ts';

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

  it('keeps unknown keys (other tools may use them)', () => {
    assert.equal((splitFrontMatter('---\ncustom_edit_url: null\n---\n', 'x.md').frontMatter as Record<string, unknown>).custom_edit_url, null);
  });
});

describe('admonition titles', () => {
  it('turns Docusaurus "kind Title" into a directive label, outside code only', () => {
    const src = ':::warning Потеря данных\nx\n:::\n\n```md\n:::note Не трогать\n```\n';
    const out = normaliseAdmonitionTitles(src);
    assert.match(out, /^:::warning\[Потеря данных\]$/m);
    assert.match(out, /^:::note Не трогать$/m);
  });
});
