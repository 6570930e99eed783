// The dev server makes the user guide PDF when the browser asks for it, from the pages as they
// are now: an edit shows in the next download.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { devArgs, startDev, type DevProcess } from './harness.ts';

async function textOf(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: bytes, useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise;
  let text = '';
  for (let i = 1; i <= pdf.numPages; i++) text += (await (await pdf.getPage(i)).getTextContent()).items.map((it) => ('str' in it ? it.str : '')).join('') + '\n';
  return text;
}

describe('dev server: the user guide PDF on request', { timeout: 120_000 }, () => {
  let site: FixtureCopy;
  let dev: DevProcess;
  const get = () => fetch(`${dev.origin}/files/documentation.pdf`);

  before(async () => {
    site = copyFixture();
    const config = path.join(site.dir, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace('userGuidePdf: false', 'userGuidePdf: true'));
    dev = await startDev(devArgs(site));
  });
  after(async () => {
    await dev?.stop();
    if (site) rmSync(site.dir, { recursive: true, force: true });
  });

  it('serves a PDF of the current pages, and a new one after an edit', async () => {
    const first = await get();
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('content-type'), 'application/pdf');
    const before = await textOf(new Uint8Array(await first.arrayBuffer()));
    assert.match(before, /Руководство пользователя/);
    const intro = path.join(site.docs, 'guide', 'intro.md');
    const source = readFileSync(intro, 'utf8');
    const title = /^title: (.*)$/m.exec(source)![1];
    assert.ok(before.includes(title), `the guide has the page "${title}"`);

    const from = dev.output().length;
    writeFileSync(intro, source.replace(/^title: .*$/m, 'title: Заголовок после правки'));
    await dev.waitForOutput(/pages? updated/, from);
    const after = await textOf(new Uint8Array(await (await get()).arrayBuffer()));
    assert.match(after, /Заголовок после правки/);
    assert.doesNotMatch(after, new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  });

  it('an image the guide cannot draw is answered as the build says it: the page\'s file, the image\'s line, the fix', async () => {
    const intro = path.join(site.docs, 'guide', 'intro.md');
    const source = readFileSync(intro, 'utf8');
    writeFileSync(path.join(site.docs, 'guide', 'broken.png'), 'this is not a PNG');
    const from = dev.output().length;
    const edited = `${source}\n![схема](./broken.png)\n`;
    writeFileSync(intro, edited);
    await dev.waitForOutput(/pages? updated/, from);
    const r = await get();
    assert.equal(r.status, 500);
    const line = edited.split('\n').findIndex((l) => l.includes('broken.png')) + 1;
    assert.match(await r.text(), new RegExp(`docs/guide/intro\\.md:${line}: user guide PDF, page /guide/intro: image \\S*docs/guide/broken\\.png cannot be embedded[^\\n]*\\n  fix: use PNG, JPEG or SVG`));
  });
});
