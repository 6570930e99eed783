// The dev server watches its folders (docs/, src/, static/, the pages) and, one by one, the files
// outside them that the site is made from: a file a page shows with `<<<`, an image beside the
// repository's examples, a file the site config imports. Saving one updates what it changes.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { devArgs, startDev, type DevProcess } from './harness.ts';

const svg = (title: string) => `<svg xmlns="http://www.w3.org/2000/svg"><title>${title}</title></svg>`;

describe('dev server: files outside the site\'s folders', { timeout: 120_000 }, () => {
  let site: FixtureCopy;
  let dev: DevProcess;
  const html = async (route: string) => (await fetch(`${dev.origin}${route}`)).text();
  const imageUrl = async () => /src="([^"]*scheme[^"]*\.svg)"/.exec(await html('/guide/install'))?.[1];

  before(async () => {
    site = copyFixture();
    const install = readFileSync(path.join(site.docs, 'guide/install.md'), 'utf8');
    site.write('examples/nft.conf', 'table inet filter {}\n');
    site.write('examples/scheme.svg', svg('один'));
    site.write('docs/guide/install.md', `${install}\n<<< ../../examples/nft.conf\n\n![Схема](../../examples/scheme.svg)\n`);
    const config = readFileSync(path.join(site.dir, 'site.config.ts'), 'utf8');
    site.write('copyright.ts', "export const copyright = '© 2025 Из отдельного файла';\n");
    site.write('site.config.ts', `import { copyright } from './copyright.ts';\n${config.replace("copyright: '© 2025 Тестовая компания'", 'copyright')}`);
    dev = await startDev(devArgs(site), undefined, undefined, { SG_DEV_QUIET_MS: '100' });
  });
  after(async () => {
    await dev?.stop();
    if (site) rmSync(site.dir, { recursive: true, force: true });
  });

  it('a snippet\'s file: the page that shows it is updated', async () => {
    assert.match(await html('/guide/install'), /table inet filter/);
    const from = dev.output().length;
    site.write('examples/nft.conf', 'table inet sgroups {}\n');
    assert.ok(await dev.waitForOutput(/examples\/nft\.conf: 1 page updated in \d+ ms/, from));
    assert.match(await html('/guide/install'), /table inet sgroups/);
  });

  it('an image: the page shows it under its new hash', async () => {
    const before = await imageUrl();
    const from = dev.output().length;
    site.write('examples/scheme.svg', svg('два'));
    assert.ok(await dev.waitForOutput(/examples\/scheme\.svg: 1 page updated in \d+ ms/, from));
    const now = await imageUrl();
    assert.ok(before && now && now !== before, `${before} → ${now}`);
    assert.match(await (await fetch(`${dev.origin}${now}`)).text(), /два/);
  });

  it('a file the config imports: the site is rebuilt with it', async () => {
    assert.match(await html('/guide/intro'), /© 2025 Из отдельного файла/);
    const from = dev.output().length;
    site.write('copyright.ts', "export const copyright = '© 2026 Из отдельного файла';\n");
    assert.ok(await dev.waitForOutput(/site config: .* in \d+ ms/, from));
    assert.match(await html('/guide/intro'), /© 2026 Из отдельного файла/);
  });
});
