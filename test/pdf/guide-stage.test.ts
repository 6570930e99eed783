// The guide stage alone: cached by its inputs, and bad input named by page.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildUserGuide } from '../../build/pdf/stage.ts';
import { renderGuide } from '../../build/pdf/render.ts';
import siteConfig from '../../src/site.config.ts';
import type { PageData, SidebarData } from '../../src/data/types.ts';
import type { SiteConfig } from '../../src/config/schema.ts';

const page = (route: string, html: string): PageData => ({ route, kind: 'doc', title: `Страница ${route}`, html, toc: [], unlisted: false, breadcrumbs: [] } as PageData);
const sidebars: SidebarData[] = [{ id: 's', items: [
  { type: 'link', label: 'Первая', href: '/a', docId: 'a' },
  { type: 'category', label: 'Раздел', collapsed: false, collapsible: true, items: [{ type: 'link', label: 'Вторая', href: '/b', docId: 'b' }] },
] }];

describe('user guide stage', () => {
  it('reuses the cached PDF when nothing changed and renders again when a page did', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'guide-'));
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
  });
});
