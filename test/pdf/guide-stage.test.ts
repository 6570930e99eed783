// The guide stage alone: cached by its inputs, and bad input named by page.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildUserGuide } from '../../build/pdf/stage.ts';
import { GuideError, renderGuide } from '../../build/pdf/render.ts';
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
});
