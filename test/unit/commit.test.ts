// Putting an incremental build's output in place (build/output/commit.ts): the files it kept stay
// as they are (same inode), new and changed ones move in, files it no longer makes go, folders
// left empty go too; a mostly new output is swapped in whole instead; a commit cut short by
// kill -9 is finished by the next build; and a build whose output was replaced by another build
// meanwhile refuses to commit and leaves the output alone.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { commitOutput, KeptFiles, recoverCommits } from '../../build/output/commit.ts';
import { MANIFEST_FILE } from '../../build/output/compress-core.ts';
import { STAMP_FILE } from '../../build/cache/up-to-date.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const root = tempDir('sg-commit-');
after(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

function write(dir: string, files: Record<string, string>): void {
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), content);
  }
}

/** Every file under dir with its content. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath ?? e.path, e.name);
    out[path.relative(dir, file)] = readFileSync(file, 'utf8');
  }
  return out;
}

const manifest = (files: Record<string, string>) => JSON.stringify({ settings: 's', files });
const inode = (file: string) => statSync(file).ino;

/**
 * An output in place of ten pages and a script, each with its compressed copies, and a stamp. The
 * pages have a .br too, as every file had before brotli was kept to the shared assets (hasBrotliCopy).
 */
function previousOutput(): string {
  const dist = path.join(root, `site${n++}`, 'dist');
  const files: Record<string, string> = { [STAMP_FILE]: 'old stamp', [MANIFEST_FILE]: manifest({}) };
  const listed: Record<string, string> = {};
  for (let i = 0; i < 10; i++) {
    const rel = `docs/p${i}/index.html`;
    files[rel] = `page ${i}`;
    files[`${rel}.gz`] = `gz ${i}`;
    files[`${rel}.br`] = `br ${i}`;
    listed[rel] = `h${i}`;
  }
  Object.assign(files, { 'assets/app.js': 'script', 'assets/app.js.gz': 'gz app', 'assets/app.js.br': 'br app' });
  listed['assets/app.js'] = 'happ';
  files['gone/only/index.html'] = 'a page deleted since';
  files[MANIFEST_FILE] = manifest(listed);
  write(dist, files);
  return dist;
}

const stagingOf = (dist: string, pid = process.pid) => path.join(path.dirname(dist), `.dist-staging-${pid}`);

describe('commit of an incremental build', () => {
  it('keeps what it kept, moves in what changed, and deletes what the build no longer makes', () => {
    const dist = previousOutput();
    const kept = new KeptFiles(dist);
    const outputFolder = inode(dist);
    const keptInode = inode(path.join(dist, 'docs/p1/index.html'));
    for (let i = 1; i < 10; i++) assert.ok(kept.keepIfInPlace(`docs/p${i}/index.html`, path.join(dist, `docs/p${i}/index.html`)));
    assert.ok(kept.keepIfInPlace('assets/app.js', path.join(dist, 'assets/app.js')));
    assert.equal(kept.keepIfInPlace('docs/p0/index.html', path.join(dist, 'docs/p1/index.html')), false, 'another file of the output is linked, not kept');
    const staging = stagingOf(dist);
    const listed = { ...Object.fromEntries([...Array(10).keys()].filter((i) => i !== 9).map((i) => [`docs/p${i}/index.html`, `h${i}`])), 'assets/app.js': 'happ' };
    // Page 0 changed; page 9's compressed copies are no longer listed (they are not kept).
    write(staging, { 'docs/p0/index.html': 'page 0, edited', 'docs/p0/index.html.gz': 'gz 0 new', [STAMP_FILE]: 'new stamp', [MANIFEST_FILE]: manifest(listed) });
    commitOutput(staging, dist, kept);
    assert.equal(inode(dist), outputFolder, 'the output folder is the same folder, changed in place');

    const after = tree(dist);
    assert.equal(after['docs/p0/index.html'], 'page 0, edited');
    assert.equal(after['docs/p0/index.html.gz'], 'gz 0 new');
    assert.equal(after['docs/p0/index.html.br'], undefined);
    assert.equal(after['docs/p1/index.html.gz'], 'gz 1');
    assert.equal(after['docs/p1/index.html.br'], undefined, 'a kept page\'s .br, which the rules no longer make, is gone');
    assert.equal(after['assets/app.js.br'], 'br app', 'a kept shared asset keeps its .br');
    assert.equal(after[STAMP_FILE], 'new stamp');
    assert.equal(inode(path.join(dist, 'docs/p1/index.html')), keptInode, 'a kept file is the same file, untouched');
    assert.equal(after['docs/p9/index.html'], 'page 9');
    assert.equal(after['docs/p9/index.html.gz'], undefined, 'copies the new manifest does not list are gone');
    assert.equal(existsSync(path.join(dist, 'gone')), false, 'the deleted page and the folders it leaves empty are gone');
    assert.equal(existsSync(staging), false, 'nothing of the staging folder stays');
  });

  it('swaps a mostly new output in whole, with the few kept files linked into it', () => {
    const dist = previousOutput();
    const kept = new KeptFiles(dist);
    kept.keepIfInPlace('docs/p1/index.html', path.join(dist, 'docs/p1/index.html'));
    const keptInode = inode(path.join(dist, 'docs/p1/index.html'));
    const staging = stagingOf(dist);
    const fresh: Record<string, string> = { [MANIFEST_FILE]: manifest({ 'docs/p1/index.html': 'h1' }), [STAMP_FILE]: 'new stamp' };
    for (let i = 0; i < 400; i++) if (i !== 1) fresh[`docs/p${i}/index.html`] = `new page ${i}`;
    write(staging, fresh);
    const outputFolder = inode(dist);
    commitOutput(staging, dist, kept);
    assert.notEqual(inode(dist), outputFolder, 'the staging folder became the output');
    const after = tree(dist);
    assert.equal(after['docs/p0/index.html'], 'new page 0');
    assert.equal(after['docs/p1/index.html'], 'page 1');
    assert.equal(after['docs/p1/index.html.gz'], 'gz 1');
    assert.equal(after['docs/p2/index.html.gz'], undefined);
    assert.equal(inode(path.join(dist, 'docs/p1/index.html')), keptInode);
    assert.equal(Object.keys(after).length, 403, '399 new pages, one kept with its .gz, manifest, stamp');
  });

  it('keeps nothing in an output that is a symbolic link (its folder may be on another file system): it is swapped whole', () => {
    const dist = previousOutput();
    const elsewhere = `${dist}-target`;
    renameSync(dist, elsewhere);
    symlinkSync(elsewhere, dist);
    const kept = new KeptFiles(dist);
    assert.equal(kept.keepIfInPlace('docs/p1/index.html', path.join(dist, 'docs/p1/index.html')), false);
    assert.equal(kept.size, 0);
  });

  it('a commit cut short by kill -9 is finished by the next build, stamp last', () => {
    const dist = previousOutput();
    // A build that is gone: its staging folder names a pid no process has.
    const dead = spawnSync(process.execPath, ['-e', 'process.pid'], { encoding: 'utf8' });
    assert.equal(dead.status, 0);
    const staging = stagingOf(dist, dead.pid!);
    // Its journal, the stamp already removed, one deletion done, the moves not yet.
    write(staging, { '.sg-commit.json': JSON.stringify({ remove: ['docs/p9/index.html', 'docs/p9/index.html.br', 'docs/p9/index.html.gz'] }), 'docs/p0/index.html': 'page 0, edited', [STAMP_FILE]: 'new stamp' });
    rmSync(path.join(dist, STAMP_FILE));
    rmSync(path.join(dist, 'docs/p9/index.html'));
    recoverCommits(dist);
    const after = tree(dist);
    assert.equal(after['docs/p0/index.html'], 'page 0, edited');
    assert.equal(after[STAMP_FILE], 'new stamp');
    assert.equal(existsSync(path.join(dist, 'docs/p9')), false);
    assert.equal(existsSync(staging), false);
  });

  it('a staging folder without a journal (killed before its commit) is not applied', () => {
    const dist = previousOutput();
    const before = tree(dist);
    const dead = spawnSync(process.execPath, ['-e', '0']);
    write(stagingOf(dist, dead.pid!), { 'docs/p0/index.html': 'half a build' });
    recoverCommits(dist);
    assert.deepEqual(tree(dist), before);
  });

  it('refuses to commit over an output another build replaced meanwhile, and leaves it as it is', () => {
    const dist = previousOutput();
    const kept = new KeptFiles(dist);
    kept.keepIfInPlace('docs/p1/index.html', path.join(dist, 'docs/p1/index.html'));
    // The other build's commit: a new manifest (and whatever else it changed).
    rmSync(path.join(dist, MANIFEST_FILE));
    write(dist, { [MANIFEST_FILE]: manifest({}), 'docs/p1/index.html': 'the other build\'s page 1' });
    const before = tree(dist);
    const staging = stagingOf(dist);
    write(staging, { 'docs/p0/index.html': 'page 0, edited' });
    assert.throws(() => commitOutput(staging, dist, kept), /another build replaced dist\/ while this one ran/);
    assert.deepEqual(tree(dist), before);
    rmSync(staging, { recursive: true, force: true });
  });
});
