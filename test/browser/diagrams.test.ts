// A Mermaid diagram as the reader sees it: the drawing of the reader's colour mode, loaded as an
// image (no script), the other one never fetched; switching the mode shows the other drawing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { servedFixture } from '../helpers/build-fixture.ts';
import { isolate, watchErrors } from '../helpers/browser.ts';
import { gotoHydrated } from './theme-helpers.ts';

const PAGE = '---\ntitle: Поток\n---\n\nТекст.\n\n```mermaid\nflowchart LR\n  accTitle: Путь пакета\n  A[Вход] --> B{Правило}\n  B -->|accept| C[Хост]\n```\n';

describe('Mermaid diagrams in the reader\'s browser', () => {
  const served = servedFixture((fixture) => fixture.write('docs/reference/flow.md', PAGE));

  it('shows the drawing of the colour mode, and the other one when the mode changes', async () => {
    const context = await served.browser.newContext();
    await isolate(context);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const fetched: string[] = [];
    page.on('request', (r) => {
      const variant = /\.(light|dark)\.[\w-]+\.svg$/.exec(r.url())?.[1];
      if (variant) fetched.push(variant);
    });
    // The toggle answers once the page is hydrated: a click before that is lost.
    await gotoHydrated(page, `${served.site.origin}/reference/flow`);
    const shown = async () => page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>('figure.diagram img')]
      .filter((img) => img.getBoundingClientRect().width > 0 && img.complete && img.naturalWidth > 0).map((img) => `${img.className.replace(/.*themed-image--/, '')} ${img.alt}`));
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('figure.diagram img')].some((img) => img.complete && img.naturalWidth > 0));
    assert.deepEqual(await shown(), ['dark Путь пакета'], 'the fixture is dark by default');
    assert.deepEqual(fetched, ['dark'], 'the light drawing is not fetched');
    await page.getByRole('button', { name: 'Включить светлую тему' }).click();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('figure.diagram img.themed-image--light')].some((img) => img.complete && img.naturalWidth > 0));
    assert.deepEqual(await shown(), ['light Путь пакета']);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
