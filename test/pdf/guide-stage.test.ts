// The guide stage alone: cached by its inputs, and bad input named by page.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildUserGuide } from '../../build/pdf/stage.ts';
import { GuideError, renderGuide, startGuide, type GuidePage } from '../../build/pdf/render.ts';
import { GuideStream } from '../../build/pdf/stream.ts';
import type { GuideWorker } from '../../build/pdf/stage.ts';
import type { SourcePage } from '../../build/model/content.ts';
import type { SidebarNode } from '../../src/data/types.ts';
import siteConfig from '../../src/site.config.ts';
import type { PageData, SidebarData } from '../../src/data/types.ts';
import type { SiteConfig } from '../../src/config/schema.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const page = (route: string, html: string): PageData => ({ route, kind: 'doc', title: `Страница ${route}`, html, toc: [], unlisted: false, breadcrumbs: [] } as PageData);
const sidebars: SidebarData[] = [{ id: 's', items: [
  { type: 'link', label: 'Первая', href: '/a', docId: 'a' },
  { type: 'category', label: 'Раздел', collapsed: false, collapsible: true, items: [{ type: 'link', label: 'Вторая', href: '/b', docId: 'b' }] },
] }];

describe('user guide stage', () => {
  it('reuses the cached PDF when nothing changed and renders again when a page did', async () => {
    const tmp = tempDir('guide-');
    const base = { config: siteConfig as unknown as SiteConfig, sidebars, root: tmp, staticDir: tmp, cacheDir: path.join(tmp, 'cache') };
    const pages = [page('/a', '<p>Привет, <a href="/b">вторая</a></p>'), page('/b', '<h2 id="x">Заголовок</h2><pre><code>echo 1</code></pre>')];
    const first = await buildUserGuide({ ...base, pages, staging: path.join(tmp, 'one') });
    const second = await buildUserGuide({ ...base, pages, staging: path.join(tmp, 'two') });
    assert.equal(first.cached, false);
    assert.equal(second.cached, true);
    assert.ok(readFileSync(path.join(tmp, 'one/files/documentation.pdf')).equals(readFileSync(path.join(tmp, 'two/files/documentation.pdf'))));
    const edited = await buildUserGuide({ ...base, pages: [pages[0], page('/b', '<p>Другой текст</p>')], staging: path.join(tmp, 'three') });
    assert.equal(edited.cached, false);
  });

  it('an unknown element or an unreadable image fails with the page named', async () => {
    const input = { product: 'P', versionLabel: 'Next', author: 'A', siteUrl: 'https://x.test', date: '2026-01-01', sidebars: [sidebars[0].items] };
    const pages = (html: string) => new Map([['/a', { route: '/a', title: 'A', html }], ['/b', { route: '/b', title: 'B', html: '<p>b</p>' }]]);
    await assert.rejects(async () => renderGuide({ ...input, pages: pages('<video src="x"></video>'), readAsset: () => null }), /page \/a: unknown element <video>/);
    await assert.rejects(async () => renderGuide({ ...input, pages: pages('<img src="/img/x.png" alt="x">'), readAsset: () => null }), /page \/a: image \/img\/x.png cannot be read/);
    await assert.rejects(async () => renderGuide({ ...input, pages: pages('<img src="/img/x.png" alt="x">'), readAsset: () => Buffer.from('not an image') }), /page \/a: image \/img\/x.png cannot be embedded/);
    await assert.rejects(async () => renderGuide({ ...input, pages: pages('<img src="/img/x.svg" alt="x">'), readAsset: () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>') }), (e) => e instanceof GuideError && /page \/a: image \/img\/x.svg has neither width\/height nor a viewBox$/.test(e.message) && e.fix === 'give its <svg> a viewBox');
    await assert.rejects(async () => renderGuide({ ...input, pages: pages('<img src="/img/x.svg" alt="x">'), readAsset: () => Buffer.from('<svg viewBox="0 0 10 10"><rect width="1" height="1"></svg>') }), /page \/a: image \/img\/x.svg uses SVG the guide cannot draw \(parseXml/);
  });

  it('writes a + or - before the lines a code block marks added or removed', async () => {
    const input = { product: 'P', versionLabel: 'Next', author: 'A', siteUrl: 'https://x.test', date: '2026-01-01', sidebars: [sidebars[0].items] };
    const html = '<pre><code><span class="code-line">keep: 1\n</span><del class="code-line deleted">push: false\n</del><ins class="code-line inserted">push: true\n</ins></code></pre>';
    const bytes = await renderGuide({ ...input, pages: new Map([['/a', { route: '/a', title: 'A', html }], ['/b', { route: '/b', title: 'B', html: '<p>b</p>' }]]), readAsset: () => null });
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise;
    let text = '';
    // pdf.js gives a line's words as items and ends a line with an empty one.
    for (let i = 1; i <= pdf.numPages; i++) for (const it of (await (await pdf.getPage(i)).getTextContent()).items) if ('str' in it) text += it.str === '' ? '\n' : it.str;
    assert.match(text, /\nkeep: 1\n- push: false\n\+ push: true\n/);
  });

  it('draws an SVG figure with its text in the guide\'s fonts, and only the light variant', async () => {
    const input = { product: 'P', versionLabel: 'Next', author: 'A', siteUrl: 'https://x.test', date: '2026-01-01', sidebars: [sidebars[0].items] };
    const svg = (word: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 40"><rect width="200" height="40" fill="#eef"/><text x="10" y="25" font-family="ui-monospace, monospace" font-weight="600">${word}</text></svg>`);
    const html = '<p><img class="themed-image--light" src="/img/f-light.svg" alt="схема"><img class="themed-image--dark" src="/img/f-dark.svg" alt="схема"></p>';
    const bytes = await renderGuide({ ...input, pages: new Map([['/a', { route: '/a', title: 'A', html }], ['/b', { route: '/b', title: 'B', html: '<p>b</p>' }]]),
      readAsset: (p) => svg(p.includes('dark') ? 'ТёмнаяСхема' : 'СветлаяСхема') });
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise;
    let all = '';
    for (let i = 1; i <= pdf.numPages; i++) all += (await (await pdf.getPage(i)).getTextContent()).items.map((it) => ('str' in it ? it.str : '')).join('') + '\n';
    assert.match(all, /СветлаяСхема/, 'the light figure\'s text is drawn as text');
    assert.doesNotMatch(all, /ТёмнаяСхема/, 'the dark variant is left out');
    assert.doesNotMatch(all, /Рисунок:/, 'no placeholder instead of the figure');
  });

  it('a guide drawn as its pages arrive, in any order and from a plan with other labels, is the guide drawn whole', async () => {
    const meta = { product: 'P', versionLabel: 'Next', author: 'A', siteUrl: 'https://x.test', date: '2026-01-01' };
    const final = [sidebars[0].items];
    const pages = new Map<string, GuidePage>([
      ['/a', { route: '/a', title: 'Первая', html: '<p>Привет, <a href="/b#x">вторая</a></p><ul><li>пункт</li></ul>' }],
      ['/b', { route: '/b', title: 'Вторая', html: '<h2 id="x">Заголовок</h2><pre><code>echo 1</code></pre>' }],
    ]);
    const whole = await renderGuide({ ...meta, sidebars: final, pages, readAsset: () => null });
    // Planned with the labels a build knows before the compile; the pages come last first, a tick apart.
    const relabel = (nodes: SidebarNode[]): SidebarNode[] => nodes.map((n) => (n.type === 'category' ? { ...n, label: 'Папка', items: relabel(n.items) } : { ...n, label: 'страница' }));
    const draft = startGuide(meta, [relabel(final[0])], new Set(pages.keys()), () => null);
    draft.add(pages.get('/b')!);
    await new Promise((resolve) => setImmediate(resolve));
    draft.add(pages.get('/a')!);
    const streamed = await draft.finish(final);
    assert.ok(streamed.equals(whole), 'the same bytes');
    // Finished with sidebars of another shape, it refuses rather than draw a wrong contents page.
    const other = startGuide(meta, final, new Set(pages.keys()), () => null);
    for (const page of pages.values()) other.add(page);
    await assert.rejects(other.finish([[...final[0]].reverse()]), /planned from other sidebars/);
  });

  it('the stream hands over only a guide begun from the final shape and the final pages', async () => {
    const tmp = tempDir('guide-stream-');
    const source = (id: string, title: string): SourcePage => ({ id, route: `/${id}`, kind: 'doc', file: `docs/${id}.md`, absPath: path.join(tmp, `${id}.md`), frontMatter: { title } } as unknown as SourcePage);
    const sources = [source('a', 'Первая'), source('b', 'Вторая')];
    const config = { ...siteConfig, sidebars: { s: [{ type: 'doc', id: 'a' }, { type: 'doc', id: 'b' }] } } as unknown as SiteConfig;
    const sent: unknown[] = [];
    const finished: unknown[] = [];
    const worker = { send: (m: unknown) => sent.push(m), finish: async (s: unknown) => (finished.push(s), Buffer.from('pdf')) } as unknown as GuideWorker;
    const begin = () => GuideStream.begin(worker, { config, sources, categories: new Map(), root: tmp, configPath: path.join(tmp, 'site.config.ts'), staging: tmp, staticDir: tmp })!;
    const final = (order: string[]) => [order.map((id) => ({ type: 'link', label: id, href: `/${id}`, docId: id }) as SidebarNode)];
    const pages = (bHtml: string) => new Map<string, GuidePage>([['/a', { route: '/a', title: 'Первая', html: '<p>a</p>' }], ['/b', { route: '/b', title: 'Вторая', html: bHtml }]]);

    const stream = begin();
    assert.ok(stream.rank(sources[0]) < stream.rank(sources[1]), 'the compile takes the pages in the guide\'s order');
    stream.add(sources[0], { html: '<p>a</p>', assets: [] });
    assert.deepEqual(await stream.finish(final(['a', 'b']), pages('<p>b</p>'), {}), Buffer.from('pdf'));
    assert.ok(sent.some((m) => JSON.stringify(m).includes('"start"')), 'the worker was told to begin');
    const last = sent.at(-1) as { pages: GuidePage[] };
    assert.deepEqual(last.pages.map((p) => p.route), ['/b'], 'the page not sent yet goes with the end');

    const reordered = begin();
    reordered.add(sources[0], { html: '<p>a</p>', assets: [] });
    assert.equal(await reordered.finish(final(['b', 'a']), pages('<p>b</p>'), {}), undefined, 'another order: drawn whole');
    const changed = begin();
    changed.add(sources[1], { html: '<p>b</p>', assets: [] });
    assert.equal(await changed.finish(final(['a', 'b']), pages('<p>b, changed</p>'), {}), undefined, 'a page sent is not the final one: drawn whole');
    assert.equal(finished.length, 1, 'only the matching guide was finished');
    const idle = begin();
    assert.equal(await idle.finish(final(['a', 'b']), pages('<p>b</p>'), {}), undefined, 'nothing was sent: drawn whole');
  });
});
