// Builds the fixture site through the CLI and checks what an author and a reader would see.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { fromHtml } from 'hast-util-from-html';
import type { Root as HastRoot, RootContent } from 'hast';
import { LAYOUT_ID } from '../../build/markdown/headings.ts';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';

type HastNode = HastRoot | RootContent;

describe('building the fixture site', () => {
  let site: FixtureCopy;
  let result: ReturnType<FixtureCopy['build']>;
  const read = (rel: string) => readFileSync(path.join(site.out, rel), 'utf8');
  before(() => {
    site = copyFixture();
    result = site.build();
  });

  it('succeeds and prints a summary with the warnings, each with file:line', () => {
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /Built 8 pages/);
    assert.match(result.stdout, /first load \(gzip\): JS [\d.]+ KB/);
    assert.match(result.stderr, /docs\/guide\/install\.md:11: code language "klingon" is not highlighted/);
    assert.match(result.stderr, /docs\/guide\/intro\.md:9: link to "\.\/missing\.md" does not match any page/);
  });

  it('writes every route, the 404 page, page data, sitemap and robots.txt', () => {
    for (const f of ['index.html', '404.html', 'guide/intro/index.html', 'guide/install/index.html', 'reference/index.html',
      'reference/api/index.html', 'hidden/index.html', 'markdown-page/index.html', '_data/guide/intro.json', 'robots.txt', 'img/logo.svg']) {
      assert.ok(existsSync(path.join(site.out, f)), f);
    }
    const sitemap = read('sitemap.xml');
    assert.match(sitemap, /<loc>https:\/\/docs\.example\.com\/guide\/intro<\/loc>/);
    assert.doesNotMatch(sitemap, /hidden/);
    // A page's "last updated" date is its <lastmod> (front matter here: the copy is outside git); none without one.
    assert.match(sitemap, /<url><loc>https:\/\/docs\.example\.com\/reference\/api<\/loc><lastmod>2025-01-31<\/lastmod><\/url>/);
    assert.match(sitemap, /<url><loc>https:\/\/docs\.example\.com\/guide\/intro<\/loc><\/url>/);
    assert.match(read('robots.txt'), /Sitemap: https:\/\/docs\.example\.com\/sitemap\.xml/);
  });

  it('describes its search for browsers (OpenSearch), and every page names that description', () => {
    const description = read('opensearch.xml');
    assert.match(description, /<ShortName>Fixture<\/ShortName>/);
    assert.match(description, /<Url type="text\/html" method="get" template="https:\/\/docs\.example\.com\/\?q=\{searchTerms\}"\/>/);
    assert.match(description, /<Image type="image\/svg\+xml">https:\/\/docs\.example\.com\/img\/logo\.svg<\/Image>/);
    for (const page of ['index.html', 'guide/intro/index.html', '404.html']) {
      assert.match(read(page), /<link rel="search" type="application\/opensearchdescription\+xml" title="Fixture" href="\/opensearch\.xml">/, page);
    }
    assert.ok(readdirSync(path.join(site.out, 'assets')).some((f) => /^entry\.[A-Z0-9]+\.js$/.test(f)), 'hashed entry bundle');
  });

  it('renders a full document: language, theme, title, meta, canonical, Open Graph', () => {
    const html = read('guide/intro/index.html');
    assert.match(html, /^<!doctype html><html lang="ru" data-theme="dark">/);
    assert.match(html, /<title>Введение в фикстуру \| Fixture<\/title>/);
    assert.match(html, /<meta name="description" content="Страница, на которой проверяются возможности генератора\.">/);
    assert.match(html, /<link rel="canonical" href="https:\/\/docs\.example\.com\/guide\/intro">/);
    assert.match(html, /<meta property="og:title" content="Введение в фикстуру \| Fixture">/);
    // The stylesheet is inline; the bundle is loaded by a small inline script after the first paint.
    assert.match(html, /<style>:root[^<]*<\/style>/);
    assert.doesNotMatch(html, /<link rel="stylesheet"|<script type="module"/);
    assert.match(html, /<script>\(function\(\)\{[^<]*s\.type='module';s\.src='\/assets\/entry\.[A-Z0-9]+\.js'/);
  });

  it('allows exactly its inline script and style by hash in the Content-Security-Policy', () => {
    const html = read('guide/intro/index.html');
    const csp = read('_headers/csp.txt');
    const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    const scripts = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]);
    const style = /<style>([^<]*)<\/style>/.exec(html)![1];
    assert.equal(scripts.length, 2, 'the pre-paint script and the loader');
    for (const s of scripts) assert.ok(csp.includes(sha(s)), `script ${s.slice(0, 40)}… allowed`);
    assert.ok(csp.split('; ').includes(`style-src 'self' ${sha(style)}`), csp);
    assert.doesNotMatch(csp, /unsafe-inline/);
  });

  it('rewrites .md links to routes, highlights code, renders admonitions, tabs and sanitised HTML', () => {
    const html = read('guide/intro/index.html');
    assert.match(html, /href="\/reference\/api#/);
    assert.match(html, /href="\/guide\/install"/);
    assert.match(html, /<aside class="admonition admonition--warning" role="note"><p class="admonition__title">Потеря данных<\/p>/);
    assert.match(html, /<div class="code-block__title">install\.sh<\/div>/);
    assert.match(html, /class="code-line highlight-line"/);
    assert.match(html, /<span class="token keyword">resource/);
    assert.match(html, /role="tablist"/);
    assert.doesNotMatch(html, /__xss|onclick|javascript:alert/);
    assert.match(html, /<b>жирный<\/b>/);
    const img = /<img src="(\/assets\/img\/diagram\.[0-9a-f]+\.svg)"/.exec(html);
    assert.ok(img, 'the relative image is rewritten to a hashed URL');
    assert.ok(existsSync(path.join(site.out, img![1])), 'and copied');
  });

  it('has no id around the content that a heading could be given (build/markdown/headings.ts LAYOUT_ID)', () => {
    const outside: string[] = [];
    const visit = (node: HastNode, inContent: boolean) => {
      if (node.type !== 'element' && node.type !== 'root') return;
      const inside = inContent || (node.type === 'element' && (node.properties.className as string[] | undefined)?.includes('markdown') === true);
      const id = node.type === 'element' ? node.properties.id : undefined;
      if (typeof id === 'string' && !inside) outside.push(id);
      for (const child of node.children) visit(child as HastNode, inside);
    };
    for (const rel of ['guide/intro/index.html', 'reference/api/index.html', 'markdown-page/index.html', '404.html']) visit(fromHtml(read(rel)), false);
    assert.ok(outside.includes('main') && outside.some((id) => id.startsWith('doc-sidebar-')), 'the pages were read');
    // A heading's generated id is in lower case: one with a capital letter (React's own ids, the page data's script) is no heading's.
    assert.deepEqual(outside.filter((id) => !LAYOUT_ID.test(id) && id === id.toLowerCase()), []);
  });

  it('puts h2–h3 in the table of contents, not h4, and gives prev/next', () => {
    const data = JSON.parse(read('_data/guide/intro.json'));
    assert.deepEqual(data.toc.map((t: { text: string }) => t.text), ['Установка агента', 'Настройка', 'Вкладки', 'Сырой HTML']);
    assert.equal(data.next.href, '/guide/install');
    assert.equal(data.sidebarId, 'guide');
    const html = read('guide/intro/index.html');
    assert.match(html, /class="toc__link[^"]*" href="#установка-агента"|href="#установка-агента" class="toc__link/);
    assert.doesNotMatch(html.slice(html.indexOf('class="toc"')), /Глубокий заголовок<\/a><\/li>/);
  });

  it('takes the title from the first h1 when front matter has none', () => {
    assert.match(read('guide/install/index.html'), /<title>Установка из пакета \| Fixture<\/title>/);
    assert.equal(JSON.parse(read('_data/guide/install.json')).prev.href, '/guide/intro');
  });

  it('marks unlisted pages noindex and shows the notice', () => {
    const html = read('hidden/index.html');
    assert.match(html, /<meta name="robots" content="noindex, nofollow">/);
    assert.match(html, /Эта страница не включена в списки/);
  });

  it('describes a doc\'s breadcrumbs as schema.org data; a doc at the top of its sidebar has none', () => {
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(read('reference/api/index.html'));
    assert.ok(json, 'a BreadcrumbList in the head');
    assert.deepEqual(JSON.parse(json[1]), {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Главная', item: 'https://docs.example.com/' },
        { '@type': 'ListItem', position: 2, name: 'Справочник', item: 'https://docs.example.com/reference' },
        { '@type': 'ListItem', position: 3, name: 'API', item: 'https://docs.example.com/reference/api' },
      ],
    });
    assert.doesNotMatch(read('guide/intro/index.html'), /application\/ld\+json/);
  });

  it('resolves the autogenerated category of the sidebar', () => {
    const file = readdirSync(path.join(site.out, '_data', 'sidebars')).find((f) => f.startsWith('guide.'))!;
    const sidebar = JSON.parse(read(`_data/sidebars/${file}`));
    const category = sidebar.items[2];
    assert.equal(category.label, 'Справочник');
    assert.deepEqual(category.items.map((i: { href: string }) => i.href), ['/reference', '/reference/api']);
  });
});
