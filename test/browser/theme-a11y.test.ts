// Accessibility in Chromium: axe-core finds no serious or critical violations on the main kinds of
// screen, in both colour modes, and the chrome works with the keyboard alone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { allLaidOut, gotoHydrated, seriousViolations, unexpected, useHarness } from './theme-helpers.ts';

const h = useHarness();
const DOC = '/tech-docs/sgroups/installation-server';

const report = (v: Awaited<ReturnType<typeof seriousViolations>>) =>
  v.map((x) => `${x.id} (${x.impact}): ${x.help}\n    ${x.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim()}`).join('\n    ')}`).join('\n');

describe('axe-core', () => {
  for (const mode of ['dark', 'light'] as const) {
    for (const [name, path] of [['the home page', '/'], ['a doc page', DOC], ['the 404 page', '/no/such/page']] as const) {
      it(`finds nothing serious on ${name} (${mode})`, async () => {
        const { page, context, errors } = await h.open({ init: `localStorage.setItem('sg.theme', '${mode}')` });
        await gotoHydrated(page, h.url(path));
        assert.equal(await page.getAttribute('html', 'data-theme'), mode);
        const violations = await seriousViolations(page);
        assert.equal(violations.length, 0, report(violations));
        assert.deepEqual(unexpected(errors, /status of 404/), []);
        await context.close();
      });
    }
  }

  it('finds nothing serious with the mobile menu open at 375 px, in the primary and the secondary menu', async () => {
    const { page, context, errors } = await h.open({ width: 375, height: 740 });
    await gotoHydrated(page, h.url(DOC));
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page.getByRole('dialog', { name: 'Меню' }).waitFor();
    let violations = await seriousViolations(page);
    assert.equal(violations.length, 0, report(violations));
    await page.getByRole('button', { name: '← Назад к главному меню' }).click();
    await page.getByRole('navigation', { name: 'Главное меню' }).waitFor();
    violations = await seriousViolations(page);
    assert.equal(violations.length, 0, report(violations));
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('wide tables', () => {
  it('lets the keyboard scroll a table wider than the screen, and not one that fits', async () => {
    const { page, context, errors } = await h.open({ width: 375, height: 740 });
    await gotoHydrated(page, h.url('/tech-docs/sgroups/api/v2/sync'));
    // Tables are measured once laid out, when the browser is idle after hydration (src/client/deferred-layout.ts).
    await allLaidOut(page);
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLTableElement>('.markdown table')].some((t) => !t.hasAttribute('tabindex')));
    const wide = await page.evaluate(() => [...document.querySelectorAll<HTMLTableElement>('.markdown table')]
      .map((t, i) => [i, t.scrollWidth > t.clientWidth + 1, t.tabIndex] as const));
    assert.ok(wide.some(([, w]) => w) && wide.some(([, w]) => !w), 'the page has tables that scroll and tables that fit at 375 px');
    for (const [i, isWide, tabIndex] of wide) assert.equal(tabIndex, isWide ? 0 : -1, `table ${i}`);
    const index = wide.filter(([, w]) => w).pop()![0];
    const table = page.locator('.markdown table').nth(index);
    await table.scrollIntoViewIfNeeded();
    await table.focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((i) => document.querySelectorAll('.markdown table')[i].scrollLeft > 0, index);
    // On a wide screen the same table fits and is no extra Tab stop.
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.waitForFunction((i) => !document.querySelectorAll('.markdown table')[i].hasAttribute('tabindex'), index);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

interface Focused {
  label: string;
  visible: boolean;
  indicator: boolean;
}

/** Presses Tab and describes where focus went: its name, whether it is on screen, whether focus is visible. */
async function tab(page: Page, key = 'Tab'): Promise<Focused> {
  await page.keyboard.press(key);
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return {
      label: (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim(),
      visible: r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && s.visibility !== 'hidden' && Number(s.opacity) > 0,
      indicator: (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none',
    };
  });
}

describe('keyboard', () => {
  it('reaches every navbar control in order, each visibly focused and on screen', async () => {
    const { page, context, errors } = await h.open({ width: 1440 });
    await gotoHydrated(page, h.url(DOC));
    const seen: Focused[] = [];
    for (let i = 0; i < 14; i++) seen.push(await tab(page));
    const labels = seen.map((f) => f.label);
    const order = ['Перейти к основному содержимому', 'Закрыть объявление', 'SGroups', 'Информация', 'Техническая документация', 'GitHub H-BF/sgroups', 'Язык: Русский', 'Версия документации: Next', 'Включить светлую тему'];
    let at = -1;
    for (const want of order) {
      const i = labels.findIndex((l, j) => j > at && l.includes(want));
      assert.ok(i > at, `"${want}" is reached after the previous control; order: ${labels.join(' → ')}`);
      at = i;
    }
    for (const f of seen) {
      assert.ok(f.visible, `"${f.label}" is on screen when focused`);
      assert.ok(f.indicator, `"${f.label}" shows a focus ring`);
    }
    assert.ok(!labels.includes('Наверх'), 'the hidden back-to-top button is not in the Tab order');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('operates dropdowns, the colour toggle and sidebar categories with Enter, Space and Escape', async () => {
    const { page, context, errors } = await h.open({ width: 1440 });
    await gotoHydrated(page, h.url('/tech-docs/to-nft/nftables/chains'));
    const language = page.getByRole('button', { name: 'Язык: Русский' });
    await language.focus();
    await page.keyboard.press('Enter');
    assert.equal(await language.getAttribute('aria-expanded'), 'true');
    const item = await tab(page);
    assert.equal(item.label, 'Русский', 'Tab moves into the open menu');
    await page.keyboard.press('Escape');
    assert.equal(await language.getAttribute('aria-expanded'), 'false');
    assert.ok(await language.evaluate((el) => el === document.activeElement));

    const toggle = page.getByRole('button', { name: 'Включить светлую тему' });
    await toggle.focus();
    await page.keyboard.press('Space');
    assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
    assert.ok(await page.getByRole('button', { name: 'Включить тёмную тему' }).evaluate((el) => el === document.activeElement), 'focus stays on the toggle');

    const api = page.locator('aside.doc-sidebar').getByRole('button', { name: 'API' });
    await api.focus();
    await page.keyboard.press('Enter');
    assert.equal(await api.getAttribute('aria-expanded'), 'true');
    const first = await tab(page);
    assert.ok(first.visible && first.label.length > 0, 'Tab goes into the opened category');
    await api.focus();
    await page.keyboard.press('Space');
    assert.equal(await api.getAttribute('aria-expanded'), 'false');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('follows links with Enter through client navigation and lands focus on the new content', async () => {
    const { page, context, errors } = await h.open({ width: 1440 });
    await gotoHydrated(page, h.url(DOC));
    const link = page.locator('aside.doc-sidebar a[href="/tech-docs/sgroups/goose"]');
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/tech-docs/sgroups/goose');
    await page.waitForFunction(() => document.activeElement?.id === 'main');
    const next = await tab(page);
    assert.ok(next.visible, 'the next Tab stays in the new page\'s content');
    assert.ok(await page.evaluate(() => Boolean(document.activeElement?.closest('#main'))));
    assert.deepEqual(errors, []);
    await context.close();
  });
});
