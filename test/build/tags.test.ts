// Docusaurus's doc tags (build/model/tags.ts): a doc's tags are links under its content, each tag
// has a page with a card per listed doc that has it, /tags lists them all; docs/tags.yml defines
// labels, permalinks and descriptions, warns about tags it lacks, and stops the build with file,
// line and fix when it is wrong. In Chromium: a tag link leads to its page without a full load.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { isolate, launchBrowser, serveSite, watchErrors } from '../helpers/browser.ts';
import { sessionOf } from '../dev/harness.ts';
import { siteTags } from '../../build/model/tags.ts';
import { generatedSourcePage } from '../../build/model/content.ts';
import type { SiteConfig } from '../../src/config/schema.ts';

const cards = (html: string) => [...html.matchAll(/<a class="doc-card" href="([^"]+)"><span class="doc-card__title">([^<]+)<\/span>(?:<span class="doc-card__text">([^<]+)<\/span>)?/g)].map((m) => m.slice(1).filter(Boolean).join(' | '));
const tagLinks = (html: string) => [...(/<nav class="doc-tags" aria-label="Теги">Теги:<ul>(.*?)<\/ul><\/nav>/.exec(html)?.[1] ?? '').matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => `${m[2]}@${m[1]}`);

describe('doc tags', { timeout: 120_000 }, () => {
  let site: FixtureCopy;
  let browser: Browser | undefined;
  const read = (rel: string) => readFileSync(path.join(site.dir, rel), 'utf8');
  const edit = (rel: string, change: (s: string) => string) => site.write(rel, change(read(rel)));
  const page = (route: string) => readFileSync(path.join(site.out, route, 'index.html'), 'utf8');

  before(() => {
    site = copyFixture();
    edit('docs/guide/intro.md', (s) => s.replace('keywords: [фикстура, тест]', 'keywords: [фикстура, тест]\ntags: [nftables, Сетевые правила]'));
    edit('docs/guide/install.md', (s) => `---\ntags:\n  - label: nftables\n    permalink: /nftables\n---\n${s}`);
    // Unlisted: it shows its tags, but no tag page lists it.
    edit('docs/hidden.md', (s) => s.replace('unlisted: true', 'unlisted: true\ntags: [nftables, секрет]'));
  });
  after(async () => {
    await browser?.close();
    if (site) rmSync(site.dir, { recursive: true, force: true });
  });

  it('shows a doc\'s tags as links under its content, a page per tag with its docs, and a page of all tags', () => {
    const r = site.build();
    assert.equal(r.status, 0, r.stderr);
    assert.doesNotMatch(r.stderr, /tags/, 'no warning without a tags file');
    assert.deepEqual(tagLinks(page('guide/intro')), ['nftables@/tags/nftables', 'Сетевые правила@/tags/сетевые-правила']);
    assert.deepEqual(tagLinks(page('hidden')), ['nftables@/tags/nftables'], 'a tag only unlisted docs carry has no page, and no link');
    assert.ok(!existsSync(path.join(site.out, 'tags/секрет')));
    assert.equal(tagLinks(page('reference/api')).length, 0, 'no tags, no list');

    const nft = page('tags/nftables');
    assert.match(nft, /<h1 class="doc-title">Страницы с тегом «nftables»<\/h1>/);
    assert.match(nft, /<p>2 страницы<\/p>/);
    // By title, each with its description; the unlisted page is not among them.
    assert.deepEqual(cards(nft), ['/guide/intro | Введение в фикстуру | Страница, на которой проверяются возможности генератора.', '/guide/install | Установка из пакета | Вернуться к введению.']);
    assert.match(nft, /<nav class="doc-cards" aria-label="Страницы с этим тегом">/);
    assert.match(nft, /<a href="\/tags">Все теги<\/a>/);
    assert.doesNotMatch(nft, /class="doc-sidebar"/, 'a tag page has no docs sidebar');

    const all = page('tags');
    assert.match(all, /<h1 class="doc-title">Теги<\/h1>/);
    const listed = [...all.matchAll(/<li><a href="([^"]+)">([^<]+)<\/a> — ([^<]+)<\/li>/g)].map((m) => `${m[2]} ${m[3]}`);
    assert.deepEqual(listed, ['Сетевые правила 1 страница', 'nftables 2 страницы'], 'by label, Russian order');
    assert.match(readFileSync(path.join(site.out, 'sitemap.xml'), 'utf8'), /\/tags\/nftables<\/loc>/);
  });

  it('takes labels, permalinks and descriptions from docs/tags.yml and warns, with file and line, about a tag it lacks', () => {
    site.write('docs/tags.yml', 'nftables:\n  label: nftables\n  permalink: /nft\n  description: Таблицы, цепочки и наборы.\n');
    try {
      const r = site.build();
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stderr, /docs\/guide\/intro\.md:6: the tag "Сетевые правила" is not defined in \S*docs\/tags\.yml: add it there/);
      assert.match(r.stderr, /docs\/guide\/install\.md:2: the tag "nftables" is not defined/, 'an object tag is not one of the file\'s keys');
      assert.deepEqual(tagLinks(page('guide/intro')), ['nftables@/tags/nft', 'Сетевые правила@/tags/сетевые-правила']);
      const nft = page('tags/nft');
      assert.match(nft, /<meta name="description" content="Таблицы, цепочки и наборы\.">/);
      assert.match(nft, /<p>Таблицы, цепочки и наборы\.<\/p>/);
      // Wrong settings stop the build with the line and what to write.
      site.write('docs/tags.yml', 'nftables:\n  label: nftables\nагент:\n  permalink: агент\n');
      const bad = site.build();
      assert.notEqual(bad.status, 0);
      assert.match(bad.stderr, /docs\/tags\.yml:3: the tag "агент" has a label, permalink or description of the wrong kind[\s\S]*a permalink starts with "\/"/);
      site.write('docs/tags.yml', 'nftables:\n  colour: red\n');
      assert.match(site.build().stderr, /docs\/tags\.yml:1: the tag "nftables" has the key "colour", which tags do not have/);
    } finally {
      rmSync(path.join(site.dir, 'docs/tags.yml'), { force: true });
    }
  });

  it('with docs.onInlineTags: throw, a tag the file lacks stops the build', () => {
    const docs = [generatedSourcePage('---\ntags: [агент]\n---\nТекст.\n', '/site/docs/a.md', 'docs/a.md', 'a', '/a')];
    const config = { docs: { tagsBasePath: 'tags', onInlineTags: 'throw' } } as SiteConfig;
    const defs = { byKey: new Map([['nftables', { label: 'nftables', permalink: '/nftables' }]]), file: 'docs/tags.yml' };
    assert.throws(() => siteTags(docs, defs, config, '/site/docs'), /the tag "агент" is not defined in docs\/tags\.yml/);
    assert.equal(siteTags(docs, defs, { docs: { tagsBasePath: 'tags', onInlineTags: 'ignore' } } as SiteConfig, '/site/docs').warnings.length, 0);
    // Another base path moves every tag page.
    const moved = siteTags(docs, { byKey: new Map() }, { docs: { tagsBasePath: 'docs/tags', onInlineTags: 'warn' } } as SiteConfig, '/site/docs');
    assert.deepEqual(moved.pages.map((p) => p.route), ['/docs/tags/агент', '/docs/tags']);
  });

  it('in the dev server, a tag added, taken off or defined in docs/tags.yml shows at once', async () => {
    const { session, out, change } = sessionOf(site);
    const served = (route: string) => readFileSync(path.join(out, route, 'index.html'), 'utf8');
    try {
      assert.deepEqual((await session.start()).errors, []);
      assert.equal(cards(served('tags/nftables')).length, 2);
      edit('docs/reference/api.md', (s) => s.replace('title: API', 'title: API\ntags: [nftables]'));
      let r = await change('docs/reference/api.md');
      assert.deepEqual(r.errors, []);
      assert.deepEqual(cards(served('tags/nftables')).map((c) => c.split(' | ')[0]), ['/guide/intro', '/guide/install', '/reference/api'], 'by title, Cyrillic first as Russian order puts it');
      assert.deepEqual(tagLinks(served('reference/api')), ['nftables@/tags/nftables']);
      edit('docs/reference/api.md', (s) => s.replace('\ntags: [nftables]', ''));
      r = await change('docs/reference/api.md');
      assert.equal(cards(served('tags/nftables')).length, 2);
      site.write('docs/tags.yml', 'nftables:\n  label: NFT\n');
      r = await change('docs/tags.yml');
      assert.deepEqual(r.errors, []);
      assert.deepEqual(tagLinks(served('guide/intro')), ['NFT@/tags/nft', 'Сетевые правила@/tags/сетевые-правила']);
      assert.match(served('tags/nft'), /Страницы с тегом «NFT»/);
    } finally {
      await session.close();
      rmSync(path.join(site.dir, 'docs/tags.yml'), { force: true });
    }
  });

  it('in Chromium, a tag under a doc leads to its page by client-side navigation', async () => {
    assert.equal(site.build().status, 0);
    const served = await serveSite(site.out);
    try {
      browser = await launchBrowser();
      const context = await browser.newContext();
      await isolate(context);
      const tab = await context.newPage();
      const errors = watchErrors(tab);
      await tab.goto(`${served.origin}/guide/intro`);
      await tab.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await tab.evaluate(() => { (window as unknown as { marker: number }).marker = 1; });
      await tab.getByRole('navigation', { name: 'Теги' }).getByRole('link', { name: 'nftables' }).click();
      await tab.waitForURL(/\/tags\/nftables$/);
      await tab.getByRole('heading', { level: 1, name: 'Страницы с тегом «nftables»' }).waitFor();
      assert.equal(await tab.evaluate(() => (window as unknown as { marker?: number }).marker), 1, 'no full page load');
      assert.deepEqual(await tab.getByRole('navigation', { name: 'Страницы с этим тегом' }).getByRole('link').allInnerTexts(),
        ['Введение в фикстуру\nСтраница, на которой проверяются возможности генератора.', 'Установка из пакета\nВернуться к введению.']);
      assert.deepEqual(errors, []);
    } finally {
      await browser?.close();
      browser = undefined;
      await served.close();
    }
  });
});
