// build/model/config-bundle.ts keeps the bundled site config in the cache: whatever changes in the
// config or in a file it imports must be seen by the next build, never an old bundle.
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { bundleConfig } from '../../build/model/config-bundle.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const dir = tempDir('sg-config-bundle-');
const cache = path.join(dir, 'cache');
const config = path.join(dir, 'site.config.ts');
const part = path.join(dir, 'labels.ts');
after(() => rmSync(dir, { recursive: true, force: true }));

const load = async () => ((await import(`data:text/javascript;base64,${Buffer.from((await bundleConfig(config, dir, cache)).code).toString('base64')}`)) as { default: { title: string; label: string } }).default;

describe('the kept config bundle', () => {
  it('follows edits to the config and to the files it imports', async () => {
    writeFileSync(part, "export const label: string = 'Первая';\n");
    writeFileSync(config, "import { label } from './labels.ts';\nexport default { title: 'А', label };\n");
    assert.deepEqual(await load(), { title: 'А', label: 'Первая' });
    assert.deepEqual(await load(), { title: 'А', label: 'Первая' }, 'taken from the cache');
    writeFileSync(part, "export const label: string = 'Вторая';\n");
    assert.deepEqual(await load(), { title: 'А', label: 'Вторая' }, 'an imported file changed');
    writeFileSync(config, "import { label } from './labels.ts';\nexport default { title: 'Б', label };\n");
    assert.deepEqual(await load(), { title: 'Б', label: 'Вторая' }, 'the config changed');
    assert.deepEqual((await bundleConfig(config, dir, cache)).files.sort(), [part, config].sort(), 'the files it was made from');
  });

  it('fails as esbuild fails when an imported file is gone, instead of loading the kept bundle', async () => {
    writeFileSync(config, "import { label } from './gone.ts';\nexport default { title: 'В', label };\n");
    await assert.rejects(bundleConfig(config, dir, cache), /gone\.ts/);
  });
});
