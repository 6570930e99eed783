// The file system saying no gets one line naming the path, the cause and the fix (the stack only
// with --verbose), and the previous output stays exactly as it was. The full disk and the
// read-only output are real: small tmpfs mounts (the tests run as root, as CI does).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { describeFsError } from '../../build/output/fs-errors.ts';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { projectRoot } from '../helpers/paths.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const mounts: string[] = [];

/** A tmpfs of `size` at a new folder; fails the test plainly where mounting is not allowed. */
function tmpfs(size: string, readOnly = false): string {
  const dir = tempDir('sg-tmpfs-');
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `${readOnly ? 'ro,' : ''}size=${size}`, 'tmpfs', dir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`these tests mount a small tmpfs and need root (CI runs as root): mount said ${r.stderr.trim()}`);
  mounts.push(dir);
  return dir;
}

/** The lines a failed build printed on stderr, without blank ones. */
const lines = (stderr: string) => stderr.split('\n').filter((l) => l.trim() !== '');

describe('plain errors when the disk says no', () => {
  let site: FixtureCopy;
  const build = (out: string, extra: string[] = [], cacheDir?: string) =>
    spawnSync(process.execPath, site.buildArgs(['--quiet', ...extra], cacheDir).map((a) => (a === site.out ? out : a)), { cwd: projectRoot, encoding: 'utf8' });

  before(() => {
    site = copyFixture();
  });
  after(() => {
    for (const dir of mounts) {
      if (spawnSync('umount', [dir]).status === 0) rmdirSync(dir); // the mount point, empty once unmounted
    }
  });

  // Full while esbuild writes the bundles (64 KB), or later while the pages are written (1 MB; the
  // fixture's output is about 2 MB): the same one line either way.
  for (const [size, when] of [['64k', 'writing the bundles'], ['1m', 'writing the pages']] as const) {
    it(`a disk that fills up during the build (${when}): one line, previous output untouched, no staging folder left`, () => {
      const disk = tmpfs(size);
      const out = path.join(disk, 'dist');
      mkdirSync(path.join(out, '_headers'), { recursive: true }); // what marks a folder as an output
      writeFileSync(path.join(out, 'index.html'), 'the previous release');
      const r = build(out);
      assert.equal(r.status, 1);
      assert.equal(lines(r.stderr).length, 1, r.stderr);
      assert.match(r.stderr, new RegExp(`^Build failed: cannot write ${disk}/\\S+: no space left on the device \\(ENOSPC\\)\\. `
        + 'Fix: free space on that file system, or build elsewhere with --out DIR\\. The previous output is untouched\\.\\n$'));
      assert.equal(readFileSync(path.join(out, 'index.html'), 'utf8'), 'the previous release');
      assert.deepEqual(readdirSync(disk), ['dist'], 'the staging folder is gone');
    });
  }

  it('--verbose adds the stack trace to that line', () => {
    const disk = tmpfs('1m');
    const r = build(path.join(disk, 'dist'), ['--verbose']);
    assert.equal(r.status, 1);
    assert.match(lines(r.stderr)[0], /^Build failed: .*ENOSPC/);
    assert.match(r.stderr, /\n\s+at /, 'a stack trace follows');
  });

  it('an output folder on a read-only file system: one line', () => {
    const disk = tmpfs('1m', true);
    const r = build(path.join(disk, 'dist'));
    assert.equal(r.status, 1);
    assert.equal(lines(r.stderr).length, 1, r.stderr);
    assert.match(r.stderr, new RegExp(`^Build failed: cannot write ${disk}/\\.dist-staging-\\d+: the file system is read-only \\(EROFS\\)\\. Fix: mount it read-write, or build elsewhere with --out DIR\\.`));
  });

  it('an output path that is a file: one line naming it, with the fix', () => {
    const file = path.join(site.dir, 'not-a-folder');
    writeFileSync(file, 'x');
    for (const out of [file, path.join(file, 'dist')]) {
      const r = build(out);
      assert.equal(r.status, 1);
      assert.deepEqual(lines(r.stderr), [
        `Build failed: cannot use ${file}: a file stands where a folder is needed (ENOTDIR). Fix: remove or rename that file, or choose another --out DIR. The previous output is untouched.`,
      ], `--out ${out}`);
    }
    assert.equal(readFileSync(file, 'utf8'), 'x');
  });

  it('an output folder the build\'s user may not write: one line (EACCES), previous output untouched', () => {
    // Root passes every permission check, so the build runs as `nobody` (setpriv, util-linux),
    // in a folder that belongs to root: the operator's case of building as the wrong user.
    if (process.getuid?.() !== 0) throw new Error('this test switches to the user nobody and needs root (CI runs as root)');
    chmodSync(site.dir, 0o755); // mkdtemp made it 0700: nobody must read the sources
    const locked = path.join(site.dir, 'locked');
    const out = path.join(locked, 'dist');
    mkdirSync(path.join(out, '_headers'), { recursive: true });
    writeFileSync(path.join(out, 'index.html'), 'the previous release');
    const r = spawnSync('setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath,
      ...site.buildArgs(['--quiet']).map((a) => (a === site.out ? out : a))], { cwd: projectRoot, encoding: 'utf8' });
    if (r.error) throw new Error(`this test runs the build as nobody with setpriv (util-linux): ${r.error.message}`);
    assert.equal(r.status, 1, r.stderr);
    assert.equal(lines(r.stderr).length, 1, r.stderr);
    assert.match(r.stderr, new RegExp(`^Build failed: cannot write ${locked}/\\.dist-staging-\\d+: permission denied \\(EACCES\\)\\. Fix: give the user running the build write access to that folder, or build elsewhere with --out DIR\\. The previous output is untouched\\.\\n$`));
    assert.equal(readFileSync(path.join(out, 'index.html'), 'utf8'), 'the previous release');
    assert.deepEqual(readdirSync(locked), ['dist'], 'no staging folder');
  });

  it('a cache folder that cannot be written: one warning, and the build goes on without it', () => {
    const disk = tmpfs('1m', true);
    const out = path.join(site.dir, 'dist-ok');
    const r = build(out, [], path.join(disk, 'cache'));
    assert.equal(r.status, 0, r.stderr);
    const warnings = lines(r.stderr).filter((l) => l.includes('cache'));
    assert.deepEqual(warnings, [`warning: ${disk}/cache: the cache folder cannot be written: the file system is read-only (EROFS); building without a cache (fix: make it writable, or pass --cache-dir DIR)`]);
    assert.ok(existsSync(path.join(out, 'index.html')));
    rmSync(out, { recursive: true, force: true });
  });

  it('permission denied and the other refusals read the same way', () => {
    const denied = Object.assign(new Error('EACCES: permission denied, mkdir \'/srv/site/.dist-staging-1\''), { code: 'EACCES', path: '/srv/site/.dist-staging-1', syscall: 'mkdir' });
    assert.equal(describeFsError(denied), 'cannot write /srv/site/.dist-staging-1: permission denied (EACCES). Fix: give the user running the build write access to that folder, or build elsewhere with --out DIR.');
    assert.equal(describeFsError(new Error('a bug of ours')), undefined, 'anything else keeps its stack');
  });
});
