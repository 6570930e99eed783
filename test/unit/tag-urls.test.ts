// Tag pages' URLs (build/model/tags.ts): a tag's URL is made from its name; a name that makes no
// URL stops the build at the page's line, and two names that make one URL share a page, with a warning.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateSiteConfig } from '../../build/model/config.ts';
import type { SourcePage } from '../../build/model/content.ts';
import { BuildError } from '../../build/errors.ts';
import { NO_TAG_DEFINITIONS, siteTags } from '../../build/model/tags.ts';
import siteConfig from '../../src/site.config.ts';

const config = validateSiteConfig(siteConfig, 'src/site.config.ts', '');
const doc = (id: string, tags: string[]): SourcePage => {
  const raw = `---\ntitle: ${id}\ntags: [${tags.map((t) => JSON.stringify(t)).join(', ')}]\n---\n\nТекст.\n`;
  return { kind: 'doc', id, file: `docs/${id}.md`, absPath: `/site/docs/${id}.md`, route: `/${id}`, frontMatter: { title: id, tags }, body: 'Текст.\n', bodyLineOffset: 4, raw, hash: '', size: raw.length, mayInclude: false };
};

describe('tag URLs', () => {
  it('a tag whose name has no letters or digits stops the build at the page\'s tags line: its page would be the list of all tags', () => {
    assert.throws(() => siteTags([doc('a', ['nftables', '?'])], NO_TAG_DEFINITIONS, config, '/site/docs'), (e: unknown) => {
      assert.ok(e instanceof BuildError);
      assert.equal(e.file, 'docs/a.md');
      assert.equal(e.line, 3);
      assert.match(e.message, /the tag "\?" makes no URL of its own/);
      assert.match(e.fix ?? '', /permalink/);
      return true;
    });
  });

  it('two names that make one URL share its page under the first name, with a warning, on one page or two', () => {
    const { pages, warnings } = siteTags([doc('a', ['C++', 'C']), doc('b', ['C'])], NO_TAG_DEFINITIONS, config, '/site/docs');
    assert.deepEqual(warnings.map((w) => [w.file, w.line, w.message.replace(/ \(docs\/a\.md\)/, '')]), [
      ['docs/a.md', 3, 'the tags "C++" and "C" make one URL, /tags/c, and share its page under the first name; give one a permalink of its own ({ label: "C", permalink: /… })'],
    ]);
    const tagPage = pages.find((p) => p.route === '/tags/c');
    assert.ok(tagPage, pages.map((p) => p.route).join(', '));
    assert.match(tagPage.raw, /C\+\+/);
  });

  it('the page of all tags groups a name that starts with a sign or an emoji under a heading that shows it', () => {
    const { pages } = siteTags([doc('a', ['#хэш', '🚀 релизы', 'агент'])], NO_TAG_DEFINITIONS, config, '/site/docs');
    const index = pages.find((p) => p.route === '/tags')!;
    assert.match(index.raw, /^## \\#\n\n- \[\\#хэш\]\(\/tags\/хэш\)/m, '`## #` would be an empty heading');
    assert.match(index.raw, /^## 🚀$/m, 'the whole emoji, not half of it');
  });
});
