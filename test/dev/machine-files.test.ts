// The dev server makes llms.txt and llms-full.txt when they are asked for, from the pages as they
// are now: a body edit shows in the next llms-full.txt (no rebuild writes them: they hold every
// page, and making them on every edit cost a second at 10 000 pages).
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { devArgs, startDev, type DevProcess } from './harness.ts';

describe('dev server: the pages for machines on request', { timeout: 120_000 }, () => {
  let site: FixtureCopy;
  let dev: DevProcess;
  const text = async (p: string) => {
    const res = await fetch(`${dev.origin}${p}`);
    assert.equal(res.status, 200, p);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    return res.text();
  };

  before(async () => {
    site = copyFixture();
    dev = await startDev(devArgs(site));
  });
  after(async () => {
    await dev?.stop();
    if (site) rmSync(site.dir, { recursive: true, force: true });
  });

  it('serves llms.txt and llms-full.txt of the current pages, and new ones after edits', async () => {
    const intro = path.join(site.docs, 'guide', 'intro.md');
    const source = readFileSync(intro, 'utf8');
    const title = /^title: (.*)$/m.exec(source)![1];
    assert.ok((await text('/llms.txt')).includes(`[${title}]`), 'llms.txt lists the page');
    assert.doesNotMatch(await text('/llms-full.txt'), /Абзац, дописанный в режиме разработки/);

    let from = dev.output().length;
    writeFileSync(intro, `${source}\nАбзац, дописанный в режиме разработки.\n`);
    await dev.waitForOutput(/pages? updated/, from);
    assert.match(await text('/llms-full.txt'), /Абзац, дописанный в режиме разработки\./);

    from = dev.output().length;
    writeFileSync(intro, readFileSync(intro, 'utf8').replace(/^title: .*$/m, 'title: Название после правки'));
    await dev.waitForOutput(/pages? updated/, from);
    const list = await text('/llms.txt');
    assert.ok(list.includes('[Название после правки]') && !list.includes(`[${title}]`), list);
  });
});
