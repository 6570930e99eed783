// The link check with a cache: linkinator is not sent again a list of references it found whole
// against the same output files, and a file or link that breaks since is still caught.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from '../../build/index.ts';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { projectRoot } from '../helpers/paths.ts';

describe('link check with a cache', () => {
  let site: FixtureCopy;
  const options = () => ({
    projectRoot, docsDir: site.docs, pagesDir: path.join(site.dir, 'pages'), staticDir: path.join(site.dir, 'static'),
    configPath: path.join(site.dir, 'site.config.ts'), outDir: site.out, cacheDir: path.join(site.dir, '.cache'), userGuide: false,
  });
  const page = () => path.join(site.docs, 'reference/files.md');

  before(async () => {
    site = copyFixture();
    site.write('static/img/extra.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>\n');
    site.write('docs/reference/files.md', '---\ntitle: Файлы\n---\n\nСхема: [extra.svg](/img/extra.svg).\n');
    const first = await build(options());
    assert.equal(first.linksSentToChecker, true);
  });
  after(() => {
    if (site) rmSync(site.dir, { recursive: true, force: true });
  });

  it('a text edit sends the same list again: linkinator is not asked', async () => {
    writeFileSync(page(), `${readFileSync(page(), 'utf8')}\nЕщё абзац.\n`);
    const r = await build(options());
    assert.equal(r.linksSentToChecker, false);
  });

  it('a new link to a missing file fails the build', async () => {
    writeFileSync(page(), `${readFileSync(page(), 'utf8')}\n[нет файла](/img/missing.svg)\n`);
    await assert.rejects(build(options()), /broken link on \/reference\/files: \/img\/missing\.svg points at a page or file that does not exist/);
    writeFileSync(page(), readFileSync(page(), 'utf8').replace('\n[нет файла](/img/missing.svg)\n', ''));
  });

  it('a linked file deleted since the last check fails the build', async () => {
    unlinkSync(path.join(site.dir, 'static/img/extra.svg'));
    await assert.rejects(build(options()), /broken link on \/reference\/files: \/img\/extra\.svg/);
  });
});
