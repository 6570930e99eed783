// The pages for machines (build/output/llms.ts): each page's `.md` and llms-full.txt are made from
// the Markdown the compile stage made, which the dev server hands over without body ids; a page
// the compile stage has no Markdown for is made from its source, even once the build has let the
// sources' texts go.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateSiteConfig } from '../../build/model/config.ts';
import type { SourcePage } from '../../build/model/content.ts';
import { machinePages } from '../../build/output/llms.ts';
import type { PageData, SidebarData } from '../../src/data/types.ts';
import siteConfig from '../../src/site.config.ts';

const config = validateSiteConfig(siteConfig, 'src/site.config.ts', '');
const source = (id: string, body: string): SourcePage => ({
  kind: 'doc', id, file: `docs/${id}.md`, absPath: `/site/docs/${id}.md`, route: `/${id}`, frontMatter: {}, body, bodyLineOffset: 0, raw: body, hash: '', size: body.length, mayInclude: false,
});
const page = (id: string, title: string) => ({ route: `/${id}`, title, kind: 'doc' }) as PageData;
const sidebars: SidebarData[] = [{ id: 'docs', items: [{ type: 'link', label: 'А', href: '/a' }, { type: 'link', label: 'Б', href: '/b' }] }];
const text = (made: string | Buffer) => made.toString();

describe('pages for machines', () => {
  it('take the compiled Markdown when there is one, with no body ids (the dev server), and never parse the source again', () => {
    const sources = [source('a', 'Текст из исходника А.\n'), source('b', 'Текст из исходника Б.\n')];
    const compiled = new Map([['/site/docs/a.md', 'Текст после компиляции А.\n'], ['/site/docs/b.md', 'Текст после компиляции Б.\n']]);
    const files = machinePages({
      config, sources, pages: [page('a', 'Страница А'), page('b', 'Страница Б')], sidebars, routeOfFile: new Map(),
      compiledMarkdown: (file) => (compiled.has(file) ? Buffer.from(compiled.get(file)!) : undefined),
    });
    const byRel = new Map(files.map((f) => [f.rel, text(f.content())]));
    assert.equal(byRel.get('a.md'), '# Страница А\n\nТекст после компиляции А.\n');
    const full = byRel.get('llms-full.txt')!;
    assert.match(full, /Текст после компиляции А\.\n\n---\n\n<!-- [^\n]+\/b -->\n\n# Страница Б\n\nТекст после компиляции Б\.\n$/);
    assert.doesNotMatch(full, /из исходника/);
  });

  it('name llms.txt by what it lists: the same key after a body edit, another when a title or description changes, and the text follows', () => {
    const sources = [source('a', 'Текст А.\n'), source('b', 'Текст Б.\n')];
    const llmsOf = (pages: PageData[]) => machinePages({ config, sources, pages, sidebars, routeOfFile: new Map() }).find((f) => f.rel === 'llms.txt')!;
    const withDescription = (p: PageData, description: string) => ({ ...p, description }) as PageData;
    const before = llmsOf([withDescription(page('a', 'Страница А'), 'Про А.'), page('b', 'Страница Б')]);
    const bodyEdited = llmsOf([{ ...withDescription(page('a', 'Страница А'), 'Про А.'), html: '<p>Новый текст</p>' } as PageData, page('b', 'Страница Б')]);
    const described = llmsOf([withDescription(page('a', 'Страница А'), 'Теперь про другое.'), page('b', 'Страница Б')]);
    const retitled = llmsOf([withDescription(page('a', 'Страница А, новое имя'), 'Про А.'), page('b', 'Страница Б')]);
    assert.ok(before.key);
    assert.equal(bodyEdited.key, before.key);
    assert.notEqual(described.key, before.key);
    assert.notEqual(retitled.key, before.key);
    assert.match(text(described.content()), /Страница А\]\([^)]+\/a\.md\): Теперь про другое\./);
    assert.match(text(retitled.content()), /\[Страница А, новое имя\]/);
  });

  it('list a title with brackets and a route with a space as links that still read as links', () => {
    const pages = [page('a', 'Установка [beta] \\ черновик'), page('my page', 'Б')];
    const spaced: SidebarData[] = [{ id: 'docs', items: [{ type: 'link', label: 'А', href: '/a' }, { type: 'link', label: 'Б', href: '/my page' }] }];
    const llms = machinePages({ config, sources: [source('a', 'А.\n'), source('my page', 'Б.\n')], pages, sidebars: spaced, routeOfFile: new Map() }).find((f) => f.rel === 'llms.txt')!;
    const listed = text(llms.content());
    assert.match(listed, /^- \[Установка \\\[beta\\\] \\\\ черновик\]\(https:\/\/[^)\s]+\/a\.md\)$/m);
    assert.match(listed, /^- \[Б\]\(<https:\/\/[^>]+\/my page\.md>\)$/m);
  });

  it('make a page without compiled Markdown from its source, after the build has let the source text go', () => {
    const sources = [source('a', 'Только исходник, **жирный** текст.\n'), source('b', 'Второй.\n')];
    const files = machinePages({ config, sources, pages: [page('a', 'Страница А'), page('b', 'Страница Б')], sidebars, routeOfFile: new Map() });
    for (const s of sources) s.raw = s.body = ''; // what the build does before the files are made
    const a = text(files.find((f) => f.rel === 'a.md')!.content());
    assert.equal(a, '# Страница А\n\nТолько исходник, **жирный** текст.\n');
  });
});
