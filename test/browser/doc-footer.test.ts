// Below each doc: "Редактировать страницу" (config, custom_edit_url, null), "Последнее
// обновление" (dates from a fixture git repository with known commit dates, front matter
// override), "Скопировать как Markdown" (the clipboard gets exactly the page's .md file), and the
// pages for machines (llms.txt lists every sidebar page and no unlisted one).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { servedFixture } from '../helpers/build-fixture.ts';
import { isolate, watchErrors } from '../helpers/browser.ts';

/** Commits everything in dir as of `date` by `author` (committed by another name), the way a repository's history records it. */
function commitAll(dir: string, date: string, message: string, author = 'Автор'): void {
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date, GIT_AUTHOR_NAME: author, GIT_AUTHOR_EMAIL: 'a@example.org', GIT_COMMITTER_NAME: 'Сборщик', GIT_COMMITTER_EMAIL: 'ci@example.org' };
  for (const args of [['add', '-A'], ['commit', '-q', '-m', message]]) {
    const r = spawnSync('git', args, { cwd: dir, env, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  }
}

describe('doc footer and pages for machines', () => {
  const served = servedFixture((fixture) => {
    assert.equal(spawnSync('git', ['init', '-q'], { cwd: fixture.dir }).status, 0);
    commitAll(fixture.dir, '2024-03-05T10:00:00Z', 'first version of the docs');
    fixture.write('docs/guide/install.md', `${readFileSync(path.join(fixture.docs, 'guide/install.md'), 'utf8')}\nДобавленный абзац.\n`);
    commitAll(fixture.dir, '2025-06-07T12:30:00Z', 'install page updated', 'Мария Иванова');
  });

  const open = async (route: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> => {
    const context = await served.browser.newContext();
    await isolate(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: served.site.origin });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${served.site.origin}${route}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    return { page, errors, close: () => context.close() };
  };

  it('links each doc to its source on GitHub; custom_edit_url overrides, null hides', async () => {
    const { page, close } = await open('/guide/intro');
    const edit = page.getByRole('link', { name: 'Редактировать страницу' });
    assert.equal(await edit.getAttribute('href'), 'https://github.com/example/sgroups-docs/edit/main/website/docs/guide/intro.md');
    assert.equal(await edit.getAttribute('target'), '_blank');
    await page.goto(`${served.site.origin}/reference/api`);
    assert.equal(await page.getByRole('link', { name: 'Редактировать страницу' }).getAttribute('href'), 'https://example.org/edit/api');
    await page.goto(`${served.site.origin}/reference`);
    await page.locator('.doc-footer').waitFor();
    assert.equal(await page.getByRole('link', { name: 'Редактировать страницу' }).count(), 0);
    await close();
  });

  it('shows the date of the last commit that touched the page, in Russian; front matter overrides it', async () => {
    const { page, close } = await open('/guide/install');
    const time = page.locator('.doc-footer__updated time');
    assert.equal(await page.locator('.doc-footer__updated').innerText(), 'Последнее обновление: 7 июня 2025 г.');
    assert.equal(await time.getAttribute('datetime'), '2025-06-07T12:30:00Z');
    await page.goto(`${served.site.origin}/guide/intro`);
    assert.equal(await time.innerText(), '5 марта 2024 г.', 'a page not touched since the first commit');
    await page.goto(`${served.site.origin}/reference/api`);
    assert.equal(await time.getAttribute('datetime'), '2025-01-31');
    assert.equal(await time.innerText(), '31 января 2025 г.');
    await close();
  });

  it('copies the page as Markdown from the keyboard, says so, and the clipboard holds the page\'s .md file', async () => {
    const { page, errors, close } = await open('/guide/intro');
    const button = page.getByRole('button', { name: 'Скопировать как Markdown' });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Скопировано' }).waitFor();
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    const file = await (await fetch(`${served.site.origin}/guide/intro.md`)).text();
    assert.equal(clipboard, file);
    assert.equal(file, readFileSync(path.join(served.fixture.out, 'guide/intro.md'), 'utf8'));
    assert.match(file, /^# Введение в фикстуру\n/);
    assert.doesNotMatch(file, /^---|^:::|^::::/m, 'no front matter and no directives');
    assert.match(file, /> \*\*Потеря данных\*\*/, 'an admonition as a quote with its title');
    assert.match(file, /\*\*HTTP API\*\*[\s\S]*\*\*Terraform\*\*/, 'every tab under its label');
    assert.match(file, /\]\(https:\/\/docs\.example\.com\/reference\/api#параметры-запроса\)/, 'links to other pages as site URLs');
    // The confirmation goes away again.
    await page.getByRole('button', { name: 'Скопировать как Markdown' }).waitFor({ timeout: 5000 });
    assert.deepEqual(errors, []);
    await close();
  });

  it('llms.txt lists every sidebar page with its Markdown URL and description, and no unlisted page', async () => {
    const llms = await (await fetch(`${served.site.origin}/llms.txt`)).text();
    assert.match(llms, /^# Fixture\n\n> Тестовый сайт генератора\n/);
    const linked = [...llms.matchAll(/\]\(https:\/\/docs\.example\.com([^)]+)\)/g)].map((m) => m[1]);
    assert.deepEqual(linked, ['/guide/intro.md', '/guide/install.md', '/reference.md', '/reference/api.md'], 'sidebar order');
    assert.match(llms, /## Руководство\n/);
    assert.match(llms, /\[Введение в фикстуру\]\([^)]+\): Страница, на которой проверяются возможности генератора\./);
    assert.doesNotMatch(llms, /hidden|Скрытая/, 'the unlisted page is not listed');
    const full = await (await fetch(`${served.site.origin}/llms-full.txt`)).text();
    const titles = [...full.matchAll(/^# (.+)$/gm)].map((m) => m[1]);
    assert.deepEqual(titles, ['Fixture', 'Введение в фикстуру', 'Установка из пакета', 'Справочник', 'API']);
  });

  it('with docs.showLastUpdateAuthor, also names who made that change; front matter overrides the author too', async () => {
    served.fixture.edit('site.config.ts', (s) => s.replace("mainDoc: 'guide/intro' },", "mainDoc: 'guide/intro' },\n    showLastUpdateAuthor: true,"));
    served.fixture.edit('docs/reference/api.md', (s) => s.replace('  date: 2025-01-31\n', '  date: 2025-01-31\n  author: Редакция SGroups\n'));
    const r = served.fixture.build();
    assert.equal(r.status, 0, r.stderr);
    const { page, errors, close } = await open('/guide/install');
    const line = page.locator('.doc-footer__updated');
    assert.equal(await line.innerText(), 'Последнее обновление: 7 июня 2025 г., автор: Мария Иванова');
    await page.goto(`${served.site.origin}/guide/intro`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    assert.equal(await line.innerText(), 'Последнее обновление: 5 марта 2024 г., автор: Автор', 'the author, not the committer');
    await page.goto(`${served.site.origin}/reference/api`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    assert.equal(await line.innerText(), 'Последнее обновление: 31 января 2025 г., автор: Редакция SGroups');
    assert.deepEqual(errors, [], 'hydrated without a mismatch');
    await close();
  });
});
