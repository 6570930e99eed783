// `npm run clear`: removes the engine's cache and the dev output, and nothing that is not theirs.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { clearCaches } from '../../build/cache/clear.ts';
import { BuildError } from '../../build/errors.ts';
import { projectRoot } from '../helpers/paths.ts';
import { tempDir } from '../helpers/temp-dir.ts';

/** A folder shaped as the engine leaves its cache: the stamps, a compiled page store. */
function cacheLike(dir: string): string {
  mkdirSync(path.join(dir, 'bodies'), { recursive: true });
  writeFileSync(path.join(dir, 'input-stamps.v8'), Buffer.alloc(2048));
  writeFileSync(path.join(dir, 'bodies', 'a'), Buffer.alloc(1024));
  return dir;
}

describe('npm run clear', () => {
  it('removes the cache and the dev output, and says how much', () => {
    const root = tempDir('sg-clear-');
    const cache = cacheLike(path.join(root, '.cache'));
    const dev = path.join(root, '.dev');
    mkdirSync(path.join(dev, '_headers'), { recursive: true });
    writeFileSync(path.join(dev, 'index.html'), 'x');
    const cleared = clearCaches(cache, dev);
    assert.deepEqual(cleared, [{ folder: cache, bytes: 3072 }, { folder: dev, bytes: 1 }]);
    assert.deepEqual(readdirSync(root), []);
    assert.deepEqual(clearCaches(cache, dev), [], 'a second run finds nothing to clear');
  });

  it('a folder the engine did not make is refused, and nothing at all is removed', () => {
    const root = tempDir('sg-clear-');
    const theirs = path.join(root, 'docs');
    mkdirSync(theirs);
    writeFileSync(path.join(theirs, 'intro.md'), '# Не кэш\n');
    const dev = path.join(root, '.dev');
    mkdirSync(path.join(dev, '_headers'), { recursive: true });
    assert.throws(() => clearCaches(theirs, dev), (e) => e instanceof BuildError && /docs is not a folder the engine made \(it has no input-stamps\.v8 or launch\): nothing was removed/.test(e.message));
    assert.ok(existsSync(path.join(theirs, 'intro.md')));
    assert.ok(existsSync(dev), 'the dev output stays too: nothing is removed when one folder is refused');
  });

  it('the command refuses a mistyped --cache-dir with exit 1 and one message', () => {
    const theirs = tempDir('sg-clear-theirs-');
    writeFileSync(path.join(theirs, 'notes.txt'), 'мои заметки');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/clear.ts', '--cache-dir', theirs], { cwd: projectRoot, encoding: 'utf8' });
    assert.equal(r.status, 1, r.stdout);
    assert.match(r.stderr, /^npm run clear: \S+ is not a folder the engine made[^\n]*\n  fix: give the cache folder the builds use: --cache-dir DIR\n$/);
    assert.ok(existsSync(path.join(theirs, 'notes.txt')));
  });
});
