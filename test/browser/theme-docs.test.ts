// Doc pages in Chromium: sidebar, table of contents, page parts, tabs and code blocks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allLaidOut, gotoHydrated, hydrated, markWindow, unexpected, useHarness, windowMarked } from './theme-helpers.ts';

const h = useHarness();
const CHAINS = '/tech-docs/to-nft/nftables/chains';
const sidebar = (page: import('playwright-core').Page) => page.locator('aside.doc-sidebar nav.menu');

describe('doc sidebar', () => {
  it('highlights the current page and opens the categories on its path, leaving the others as configured', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url(CHAINS));
    const current = sidebar(page).locator('a[aria-current="page"]');
    assert.equal(await current.count(), 1);
    assert.equal(await current.getAttribute('href'), CHAINS);
    assert.match(await current.getAttribute('class') ?? '', /menu__link--active/);
    // "Nftables" is collapsed by default in the config, but it holds the current page.
    assert.equal(await sidebar(page).getByRole('button', { name: 'Nftables' }).getAttribute('aria-expanded'), 'true');
    assert.equal(await sidebar(page).getByRole('button', { name: 'HBF-агент' }).getAttribute('aria-expanded'), 'true');
    const api = sidebar(page).getByRole('button', { name: 'API' });
    assert.equal(await api.getAttribute('aria-expanded'), 'false');
    assert.equal(await sidebar(page).locator('a[href="/tech-docs/sgroups/api/v2/sync"]').count(), 0, 'a collapsed category hides its links');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('collapses and expands categories, and keeps that state while navigating', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url(CHAINS));
    await markWindow(page);
    const api = sidebar(page).getByRole('button', { name: 'API' });
    await api.click();
    assert.equal(await api.getAttribute('aria-expanded'), 'true');
    const syncLink = sidebar(page).locator('a[href="/tech-docs/sgroups/api/v2/sync"]');
    assert.ok(await syncLink.isVisible(), 'the expanded category shows its pages');
    const terraform = sidebar(page).getByRole('button', { name: 'Terraform' });
    await terraform.click();
    assert.equal(await terraform.getAttribute('aria-expanded'), 'false');
    assert.equal(await sidebar(page).locator('a[href="/tech-docs/terraform/spec-terraform"]').count(), 0);

    // Navigate to a page in another category of the same sidebar.
    await sidebar(page).locator('a[href="/tech-docs/sgroups/goose"]').click();
    await page.waitForURL('**/tech-docs/sgroups/goose');
    await page.waitForFunction(() => document.querySelector('aside.doc-sidebar a[aria-current="page"]')?.getAttribute('href') === '/tech-docs/sgroups/goose');
    assert.ok(await windowMarked(page), 'client navigation, no reload');
    assert.equal(await api.getAttribute('aria-expanded'), 'true', 'the category the reader opened stays open');
    assert.equal(await terraform.getAttribute('aria-expanded'), 'false', 'the category the reader closed stays closed');
    assert.equal(await sidebar(page).locator(`a[href="${CHAINS}"]`).getAttribute('aria-current'), null, 'the old page is no longer highlighted');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('hydrates with the page\'s own view of the sidebar; a closed category opened while the sidebar cannot load asks again', async () => {
    const { page, context, errors } = await h.open();
    let answer = false;
    const asked: string[] = [];
    // The sidebar's file (the items of closed categories) fails until `answer`.
    await page.route('**/_data/sidebars/**', (route) => {
      asked.push(new URL(route.request().url()).pathname);
      return answer ? route.continue() : route.abort('failed');
    });
    await gotoHydrated(page, h.url(CHAINS));
    // Hydrated without it: the open categories' links work and the current page is marked.
    assert.equal(await sidebar(page).locator('a[aria-current="page"]').getAttribute('href'), CHAINS);
    for (let i = 0; i < 50 && asked.length === 0; i++) await page.waitForTimeout(50);
    assert.deepEqual([...new Set(asked)], ['/_data/sidebars/techDocs.json'], 'asked for once the page is idle, under its stable name');
    const before = asked.length;
    const api = sidebar(page).getByRole('button', { name: 'API' });
    const syncLink = sidebar(page).locator('a[href="/tech-docs/sgroups/api/v2/sync"]');
    await api.click();
    assert.equal(await api.getAttribute('aria-expanded'), 'true');
    await page.waitForTimeout(200);
    assert.equal(await syncLink.count(), 0, 'nothing to show while the sidebar cannot load');
    assert.ok(asked.length > before, 'opening the category asked for it again');
    // The server answers again: closing and opening the category shows its pages.
    answer = true;
    await api.click();
    await api.click();
    await syncLink.waitFor();
    assert.equal(await api.getAttribute('aria-expanded'), 'true');
    assert.deepEqual(unexpected(errors, /Failed to load resource/), []);
    await context.close();
  });

  it('with Save-Data on, asks for the sidebar only when a closed category is opened', async () => {
    const { page, context, errors } = await h.open();
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
    const asked: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/_data/sidebars/')) asked.push(r.url()); });
    await gotoHydrated(page, h.url(CHAINS));
    await page.waitForTimeout(1500); // past the idle load's latest start (1 s)
    assert.deepEqual(asked, [], 'nothing loaded that the reader did not ask for');
    await sidebar(page).getByRole('button', { name: 'API' }).click();
    await sidebar(page).locator('a[href="/tech-docs/sgroups/api/v2/sync"]').waitFor();
    assert.equal(asked.length, 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('hides the sidebar on desktop with a button and remembers it across a reload', async () => {
    const { page, context, errors } = await h.open({ width: 1440 });
    await gotoHydrated(page, h.url(CHAINS));
    const article = page.locator('article.doc-article');
    const before = (await article.boundingBox())!;
    await page.getByRole('button', { name: 'Скрыть боковое меню' }).click();
    assert.equal(await sidebar(page).count(), 0, 'the menu is gone');
    const after = (await article.boundingBox())!;
    assert.ok(after.x < before.x - 100, `the content takes the space (${before.x} → ${after.x})`);
    await page.reload();
    await hydrated(page);
    assert.equal(await sidebar(page).count(), 0, 'still hidden after reload');
    assert.ok(await page.getByRole('button', { name: 'Показать боковое меню' }).isVisible());
    await page.getByRole('button', { name: 'Показать боковое меню' }).click();
    assert.ok(await sidebar(page).isVisible());
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('table of contents', () => {
  it('lists h2 and h3 headings but not h4', async () => {
    const { page, context, errors } = await h.open({ width: 1440 });
    await gotoHydrated(page, h.url('/markdown-page'));
    const toc = page.locator('.doc-toc nav.toc');
    assert.ok(await toc.isVisible());
    const entries = await toc.locator('a').evaluateAll((as) => as.map((a) => a.textContent));
    const h2 = await page.locator('.markdown > h2, .markdown > .doc-section > h2').evaluateAll((hs) => hs.map((x) => x.firstChild?.textContent ?? x.textContent));
    const h3 = await page.locator('.markdown > h3, .markdown > .doc-section > h3').evaluateAll((hs) => hs.map((x) => x.firstChild?.textContent ?? x.textContent));
    const h4 = await page.locator('.markdown > h4, .markdown > .doc-section > h4').evaluateAll((hs) => hs.map((x) => x.firstChild?.textContent ?? x.textContent));
    assert.ok(h4.length > 0 && h3.length > 0, 'the page has h3 and h4 headings');
    for (const t of [...h2, ...h3]) assert.ok(entries.includes(t), `TOC has "${t}"`);
    for (const t of h4) assert.ok(!entries.includes(t), `TOC leaves out the h4 "${t}"`);
    // h3 entries are nested under their h2.
    assert.equal(await toc.locator('ul ul a', { hasText: 'Заголовок третьего уровня' }).count(), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('highlights the heading in view and scrolls to a heading when its entry is clicked', async () => {
    const { page, context, errors } = await h.open({ width: 1440 });
    await gotoHydrated(page, h.url('/markdown-page'));
    await markWindow(page);
    const toc = page.locator('.doc-toc nav.toc');
    const active = () => toc.locator('a.toc__link--active').innerText();
    assert.equal(await active(), 'Заголовки');
    await toc.getByRole('link', { name: 'Блоки кода' }).click();
    await page.waitForFunction(() => decodeURIComponent(location.hash) === '#блоки-кода');
    await page.waitForFunction(() => {
      const top = document.getElementById('блоки-кода')!.getBoundingClientRect().top;
      return top > 40 && top < 140;
    });
    await page.waitForFunction(() => document.querySelector('.doc-toc a.toc__link--active')?.textContent === 'Блоки кода');
    assert.equal(await toc.locator('a[aria-current="location"]').innerText(), 'Блоки кода');
    assert.ok(await windowMarked(page));
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('becomes a collapsible "Содержание" above the content on narrow screens', async () => {
    const { page, context, errors } = await h.open({ width: 1000 });
    await gotoHydrated(page, h.url('/markdown-page'));
    assert.equal(await page.locator('.doc-toc').isVisible(), false, 'no TOC column');
    const toggle = page.getByRole('button', { name: 'Содержание' });
    assert.ok(await toggle.isVisible());
    const title = (await page.locator('h1.doc-title').boundingBox())!;
    const content = (await page.locator('.markdown').boundingBox())!;
    const box = (await toggle.boundingBox())!;
    assert.ok(box.y > title.y && box.y < content.y, 'between the title and the content');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.click();
    const list = page.locator('.toc-collapsible nav');
    assert.ok(await list.getByRole('link', { name: 'Таблица' }).isVisible());
    await list.getByRole('link', { name: 'Таблица' }).click();
    await page.waitForFunction(() => decodeURIComponent(location.hash) === '#таблица');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'picking an entry closes the list');
    await page.waitForFunction(() => Math.abs(document.getElementById('таблица')!.getBoundingClientRect().top - 76) < 40);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('doc page parts', () => {
  it('shows breadcrumbs, the title, and previous / next links that navigate', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url('/tech-docs/rule-configuration/s2s'));
    const title = await page.locator('h1').innerText();
    assert.ok(title.length > 0);
    const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });
    assert.deepEqual((await crumbs.locator('li').allInnerTexts()).map((t) => t.replace('›', '').trim()), ['Главная', 'Конфигурация ресурсов', title]);
    assert.equal(await crumbs.getByRole('link', { name: 'Главная' }).getAttribute('href'), '/');
    assert.equal(await crumbs.locator('[aria-current="page"]').innerText(), title);
    // Previous and next follow the sidebar order (site.config.ts): hosts, s2s, s2s-ie.
    const pager = page.getByRole('navigation', { name: 'Страницы документации' });
    const prev = pager.locator('a[rel="prev"]');
    const next = pager.locator('a[rel="next"]');
    assert.equal(await prev.getAttribute('href'), '/tech-docs/rule-configuration/hosts');
    assert.equal(await next.getAttribute('href'), '/tech-docs/rule-configuration/s2s-ie');
    const label = (href: string) => sidebar(page).locator(`a[href="${href}"]`).innerText();
    assert.equal(await prev.innerText(), `Назад\n« ${await label('/tech-docs/rule-configuration/hosts')}`);
    assert.equal(await next.innerText(), `Далее\n${await label('/tech-docs/rule-configuration/s2s-ie')} »`);
    await markWindow(page);
    await next.click();
    await page.waitForURL('**/tech-docs/rule-configuration/s2s-ie');
    await page.waitForFunction((old) => document.querySelector('h1')?.textContent !== old, title);
    assert.ok(await windowMarked(page));
    assert.equal(await page.locator('meta[name="robots"]').count(), 0, 'listed pages are indexed');
    assert.equal(await page.locator('.unlisted-notice').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('tabs in content', () => {
  const RULE = '/tech-docs/rule-configuration/s2s';
  const tabsOf = (page: import('playwright-core').Page) => page.locator('.tabs[data-group="rule-view"]').first();

  it('has every tab\'s content in the HTML, readable without JavaScript', async () => {
    const { page, context } = await h.open({ javaScriptEnabled: false });
    await page.goto(h.url(RULE));
    assert.equal(await page.getByRole('tablist').first().isVisible(), false, 'no tab buttons that could not work');
    const panels = page.locator('.tabs[data-group="rule-view"] [role="tabpanel"]');
    assert.equal(await panels.count(), 3);
    // Scrolled to as a reader would: parts far down a page are only rendered near the screen.
    for (let i = 0; i < 3; i++) {
      await panels.nth(i).scrollIntoViewIfNeeded();
      assert.ok(await panels.nth(i).isVisible(), `panel ${i} shows without JavaScript`);
    }
    assert.match(await panels.nth(1).innerText(), /resource|sgroups_/);
    assert.match(await panels.nth(2).innerText(), /nft|chain|accept/i);
    await context.close();
  });

  it('switches by keyboard (arrows, Home, End) as WAI-ARIA tabs do', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url(RULE));
    const tabs = tabsOf(page);
    const list = tabs.getByRole('tablist');
    assert.ok(await list.isVisible());
    const tab = (name: string) => tabs.getByRole('tab', { name });
    const panelShown = async (name: string) => {
      const id = await tab(name).getAttribute('aria-controls');
      return page.locator(`[id="${id}"]`).isVisible();
    };
    assert.equal(await tab('HTTP API').getAttribute('aria-selected'), 'true');
    assert.ok(await panelShown('HTTP API'));
    assert.equal(await panelShown('Terraform'), false);
    await tab('HTTP API').focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await tab('Terraform').getAttribute('aria-selected'), 'true');
    assert.ok(await tab('Terraform').evaluate((el) => el === document.activeElement), 'focus follows the selection');
    assert.ok(await panelShown('Terraform'));
    assert.equal(await panelShown('HTTP API'), false);
    await page.keyboard.press('End');
    assert.equal(await tab('nftables').getAttribute('aria-selected'), 'true');
    await page.keyboard.press('ArrowRight');
    assert.equal(await tab('HTTP API').getAttribute('aria-selected'), 'true', 'wraps around');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await tab('nftables').getAttribute('aria-selected'), 'true');
    await page.keyboard.press('Home');
    assert.equal(await tab('HTTP API').getAttribute('aria-selected'), 'true');
    // Only the selected tab is in the Tab order; the next Tab goes into its panel.
    assert.deepEqual(await tabs.getByRole('tab').evaluateAll((ts) => ts.map((t) => (t as HTMLElement).tabIndex)), [0, -1, -1]);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('remembers the choice for the group on other pages and after a reload', async () => {
    const { page, context, errors } = await h.open();
    await gotoHydrated(page, h.url(RULE));
    // The click goes to the tab's place on the screen: wait until the parts above it have their
    // true heights (src/client/deferred-layout.ts), or on a busy machine it can land beside it.
    await allLaidOut(page);
    await tabsOf(page).getByRole('tab', { name: 'Terraform' }).click();
    assert.equal(await page.evaluate(() => localStorage.getItem('sg.tabs.rule-view')), 'Terraform');
    await markWindow(page);
    // Client navigation to another rule page: its "rule-view" tabs open on Terraform.
    await page.locator('a[rel="next"]').click();
    await page.waitForURL('**/s2s-ie');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent?.includes('s2s-ie'));
    assert.ok(await windowMarked(page));
    assert.equal(await tabsOf(page).getByRole('tab', { name: 'Terraform' }).getAttribute('aria-selected'), 'true');
    assert.equal(await tabsOf(page).getByRole('tab', { name: 'HTTP API' }).getAttribute('aria-selected'), 'false');
    await page.reload();
    await hydrated(page);
    assert.equal(await tabsOf(page).getByRole('tab', { name: 'Terraform' }).getAttribute('aria-selected'), 'true');
    await tabsOf(page).locator('[role="tabpanel"]:not([hidden])').scrollIntoViewIfNeeded();
    assert.ok(await tabsOf(page).locator('[role="tabpanel"]:not([hidden])').isVisible());
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('code blocks', () => {
  it('shows a title bar, highlighted lines and a copy button that copies and says so', async () => {
    const { page, context, errors } = await h.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.site.origin });
    await gotoHydrated(page, h.url('/markdown-page'));
    const block = page.locator('.code-block', { has: page.locator('.code-block__title', { hasText: 'Создать сеть через REST' }) });
    assert.equal(await block.count(), 1);
    assert.equal(await block.locator('.highlight-line').count(), 2, 'lines 2-3 are highlighted');
    const highlighted = await block.locator('.highlight-line').first().evaluate((el) => getComputedStyle(el).backgroundColor);
    const plain = await block.locator('.code-line:not(.highlight-line)').first().evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.notEqual(highlighted, plain, 'highlighted lines look different');
    assert.ok(await block.locator('.token').count() > 3, 'Prism tokens');
    const code = await block.locator('pre code').evaluate((el) => el.textContent);
    await block.hover();
    const copy = block.getByRole('button', { name: 'Копировать код' });
    assert.ok(await copy.isVisible());
    await copy.click();
    await page.waitForFunction(() => document.querySelector('.code-block__copy[data-copied]')?.textContent === 'Скопировано');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code);
    await page.waitForFunction(() => !document.querySelector('.code-block__copy[data-copied]'), undefined, { timeout: 4000 });
    assert.equal(await block.locator('.code-block__copy').innerText(), 'Копировать');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('VitePress forms: a code group switches its own blocks, lines marked added or removed carry a sign, a details block opens', async () => {
    const { page, context, errors } = await h.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.site.origin });
    await gotoHydrated(page, h.url('/markdown-page'));
    const group = page.locator('.tabs', { has: page.getByRole('tab', { name: 'HTTP API' }) }).filter({ has: page.getByRole('tab', { name: 'Terraform' }) }).first();
    await group.scrollIntoViewIfNeeded();
    assert.deepEqual(await group.getByRole('tab').allInnerTexts(), ['HTTP API', 'Terraform'], 'labels from the [label] after the language');
    assert.ok(await group.getByText('"sgIcmpRules"').isVisible());
    await group.getByRole('tab', { name: 'Terraform' }).click();
    assert.ok(await group.getByText('action = "ACCEPT"').isVisible());
    assert.equal(await group.getByText('"sgIcmpRules"').isVisible(), false, 'one block at a time');
    const otherTabs = page.locator('.tabs[data-group="tool"]');
    assert.equal(await otherTabs.getByRole('tab', { name: 'REST API' }).getAttribute('aria-selected'), 'true', 'a code group switches no other tabs');

    const diff = page.locator('.code-block', { has: page.locator('ins.code-line') });
    await diff.scrollIntoViewIfNeeded();
    const sign = (line: string) => diff.locator(line).evaluate((el) => getComputedStyle(el, '::after').content);
    assert.deepEqual([await sign('del.code-line'), await sign('ins.code-line')], ['"−"', '"+"']);
    await diff.hover();
    await diff.getByRole('button', { name: 'Копировать код' }).click();
    await page.waitForFunction(() => document.querySelector('.code-block__copy[data-copied]'));
    assert.match(await page.evaluate(() => navigator.clipboard.readText()), /push: false\n +push: true\n?$/, 'the copied code has both lines, no marks, no signs');

    const details = page.locator('.markdown details');
    await details.scrollIntoViewIfNeeded();
    assert.equal(await details.getByText('flush.sh').first().isVisible(), false, 'closed at first');
    await details.locator('summary').click();
    assert.ok(await details.getByText('flush.sh').first().isVisible());
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('on a phone a code block\'s title takes the whole bar, and its buttons sit over the code', async () => {
    const { page, context, errors } = await h.open({ width: 375 });
    await gotoHydrated(page, h.url('/markdown-page'));
    const block = page.locator('.code-block', { has: page.locator('.code-block__title', { hasText: 'Фрагмент конфигурации агента' }) });
    await block.scrollIntoViewIfNeeded();
    const title = await block.locator('.code-block__title').boundingBox();
    const lineHeight = await block.locator('.code-block__title').evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
    assert.ok(title!.height < 2 * lineHeight + 16, `the title is one line (${title!.height} px)`);
    await block.locator('pre').click();
    const copy = await block.getByRole('button', { name: 'Копировать код' }).boundingBox();
    assert.ok(copy!.y >= title!.y + title!.height, 'the buttons are below the title bar, not over it');
    assert.ok(await block.getByRole('button', { name: 'Копировать код' }).isVisible());
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('scrolls long lines sideways inside the block, not the page', async () => {
    const { page, context, errors } = await h.open({ width: 375 });
    await gotoHydrated(page, h.url('/tech-docs/sgroups/installation-server'));
    await allLaidOut(page); // code far down the page is measured once laid out
    const wide = await page.evaluate(() => [...document.querySelectorAll('.code-block pre')].some((p) => p.scrollWidth > p.clientWidth));
    assert.ok(wide, 'some code is wider than the screen');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'the page itself does not scroll sideways');
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const javaScriptEnabled of [true, false]) {
    it(`wraps a block's long lines at its "Перенос" toggle, by mouse or keyboard, and back${javaScriptEnabled ? '' : ' (without JavaScript)'}`, async () => {
      const { page, context, errors } = await h.open({ width: 375, javaScriptEnabled });
      if (javaScriptEnabled) {
        await gotoHydrated(page, h.url('/tech-docs/sgroups/installation-server'));
        await allLaidOut(page);
      } else {
        await page.goto(h.url('/tech-docs/sgroups/installation-server')); // no JavaScript: nothing is deferred
      }
      // Without JavaScript the sections further down are laid out only near the screen: each block is brought there first.
      const pres = page.locator('.code-block pre');
      let index = -1;
      for (let i = 0; i < await pres.count() && index < 0; i++) {
        await pres.nth(i).scrollIntoViewIfNeeded();
        if (await pres.nth(i).evaluate((p) => p.scrollWidth > p.clientWidth + 1)) index = i;
      }
      assert.ok(index >= 0, 'some code is wider than the screen');
      const block = page.locator('.code-block').nth(index);
      const pre = block.locator('pre');
      const scrolls = () => pre.evaluate((p) => p.scrollWidth > p.clientWidth + 1);
      const height = () => pre.evaluate((p) => p.getBoundingClientRect().height);
      const toggle = block.getByRole('checkbox', { name: 'Перенос' });
      const label = block.locator('label.code-block__wrap');
      const before = await height();
      await block.hover();
      assert.ok(await label.isVisible());
      await label.click();
      assert.equal(await toggle.isChecked(), true);
      assert.equal(await scrolls(), false, 'wrapped: nothing left to scroll');
      assert.ok(await height() > before, 'the long lines now take more rows');
      // Away from the block, a wrapped one still shows its toggle, switched on.
      await page.mouse.move(0, 0);
      const opacity = () => label.evaluate((l) => getComputedStyle(l).opacity);
      for (let tries = 0; tries < 40 && await opacity() !== '1'; tries++) await page.waitForTimeout(50); // its fade takes 0.15 s
      assert.equal(await opacity(), '1');
      assert.equal(await label.evaluate((l) => getComputedStyle(l).borderColor), await label.evaluate((l) => getComputedStyle(l).color), 'drawn in the accent colour');
      // Keyboard: the checkbox takes focus (its label shows the ring) and Space turns it off.
      await pre.focus();
      await page.keyboard.press('Shift+Tab');
      assert.equal(await toggle.evaluate((t) => t === document.activeElement), true);
      assert.notEqual(await label.evaluate((l) => getComputedStyle(l).outlineStyle), 'none');
      await page.keyboard.press('Space');
      assert.equal(await toggle.isChecked(), false);
      assert.equal(await scrolls(), true, 'unwrapped again');
      assert.equal(await height(), before);
      // The toggle is no page text: search and copying do not take it.
      assert.doesNotMatch(await pre.evaluate((p) => p.textContent ?? ''), /Перенос/);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
