// Pages' links to the user guide PDF (files/documentation.pdf): the build checks the site's links
// while the guide is still being drawn, so a link to the PDF is the build's own output, not a file
// linkinator is asked about. `npm run build -- --no-user-guide` skips the PDF once: those links are
// not broken then either. Every other link is still checked, both ways.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from '../../build/index.ts';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { projectRoot } from '../helpers/paths.ts';

describe('links to the user guide PDF', () => {
  let site: FixtureCopy;
  const options = (userGuide: boolean) => ({
    projectRoot, docsDir: site.docs, pagesDir: path.join(site.dir, 'pages'), staticDir: path.join(site.dir, 'static'),
    configPath: path.join(site.dir, 'site.config.ts'), outDir: site.out, cacheDir: null, userGuide,
  });
  const pdf = () => path.join(site.out, 'files/documentation.pdf');
  const linkToGuide = '---\ntitle: Печать\n---\n\n[Руководство пользователя](/files/documentation.pdf) целиком.\n';

  before(() => {
    site = copyFixture();
    const config = path.join(site.dir, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace('userGuidePdf: false', 'userGuidePdf: true'));
    site.write('docs/reference/print.md', linkToGuide);
  });
  after(() => {
    if (site) rmSync(site.dir, { recursive: true, force: true });
  });

  it('builds with the guide, and the link leads to the PDF it wrote', async () => {
    await build(options(true));
    assert.equal(readFileSync(pdf()).subarray(0, 5).toString(), '%PDF-');
    assert.match(readFileSync(path.join(site.out, 'reference/print/index.html'), 'utf8'), /href="\/files\/documentation\.pdf"/);
  });

  it('builds without the PDF when told to skip it, though pages link to it', async () => {
    await build(options(false));
    assert.equal(existsSync(pdf()), false);
    assert.match(readFileSync(path.join(site.out, 'reference/print/index.html'), 'utf8'), /href="\/files\/documentation\.pdf"/);
  });

  it('still fails on another broken link, with the guide or without', async () => {
    site.write('docs/reference/print.md', `${linkToGuide}\n[Нет файла](/files/other.pdf).\n`);
    for (const userGuide of [true, false]) {
      await assert.rejects(build(options(userGuide)), /broken link on \/reference\/print: \/files\/other\.pdf/, `userGuide: ${userGuide}`);
    }
    assert.equal(existsSync(pdf()), false, 'the output of the last good build is in place');
  });
});
