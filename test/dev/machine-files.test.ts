// The dev server answers /llms.txt and /llms-full.txt although no rebuild writes them: it makes
// them when they are asked for (DevSession.machineFiles; an edit showing in the next request is
// tested in session.test.ts).
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
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

  it('serves llms.txt and llms-full.txt of the site', async () => {
    const intro = readFileSync(path.join(site.docs, 'guide', 'intro.md'), 'utf8');
    const title = /^title: (.*)$/m.exec(intro)![1];
    const list = await text('/llms.txt');
    assert.match(list, /^# Fixture\n/);
    assert.ok(list.includes(`[${title}]`), 'llms.txt lists the page');
    const full = await text('/llms-full.txt');
    assert.ok(full.includes(`# ${title}`), 'llms-full.txt holds the page');
  });
});
