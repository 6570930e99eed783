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

  it('make a page without compiled Markdown from its source, after the build has let the source text go', () => {
    const sources = [source('a', 'Только исходник, **жирный** текст.\n'), source('b', 'Второй.\n')];
    const files = machinePages({ config, sources, pages: [page('a', 'Страница А'), page('b', 'Страница Б')], sidebars, routeOfFile: new Map() });
    for (const s of sources) s.raw = s.body = ''; // what the build does before the files are made
    const a = text(files.find((f) => f.rel === 'a.md')!.content());
    assert.equal(a, '# Страница А\n\nТолько исходник, **жирный** текст.\n');
  });
});
