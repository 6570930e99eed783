// `npm run build -- --no-user-guide` skips the PDF once: the pages' links to it are not broken
// links, and every other link is still checked.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from '../../build/index.ts';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { projectRoot } from '../helpers/paths.ts';

describe('a build that skips the user guide', () => {
  let site: FixtureCopy;
  const options = () => ({
    projectRoot, docsDir: site.docs, pagesDir: path.join(site.dir, 'pages'), staticDir: path.join(site.dir, 'static'),
    configPath: path.join(site.dir, 'site.config.ts'), outDir: site.out, cacheDir: null, userGuide: false,
  });

  before(() => {
    site = copyFixture();
    const config = path.join(site.dir, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace('userGuidePdf: false', 'userGuidePdf: true'));
    site.write('docs/reference/print.md', '---\ntitle: Печать\n---\n\n[Руководство пользователя](/files/documentation.pdf) целиком.\n');
  });
  after(() => {
    if (site) rmSync(site.dir, { recursive: true, force: true });
  });

  it('builds, without the PDF, though pages link to it', async () => {
    await build(options());
    assert.equal(existsSync(path.join(site.out, 'files/documentation.pdf')), false);
    assert.match(readFileSync(path.join(site.out, 'reference/print/index.html'), 'utf8'), /href="\/files\/documentation\.pdf"/);
  });

  it('still fails on another broken link', async () => {
    site.write('docs/reference/print.md', '---\ntitle: Печать\n---\n\n[Нет файла](/files/other.pdf).\n');
    await assert.rejects(build(options()), /broken link on \/reference\/print: \/files\/other\.pdf/);
  });
});
