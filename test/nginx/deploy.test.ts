// `npm run deploy`: releases named by their content, `current` switched atomically, the last N
// kept, rollback, hashed assets of the previous release still served; and the real nginx, serving
// `<site>/current` with deploy/nginx.conf, answering every request of a load loop with 200 or 304
// while the live release is switched 20 times.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import autocannon, { type Result } from 'autocannon';
import { currentRelease, deploy, releaseId, rollback } from '../../build/deploy/releases.ts';
import { projectRoot } from '../helpers/paths.ts';
import { fixtureDist, startNginx, type RunningNginx } from './nginx.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const SWITCHES = 20;
const MIN_REQUESTS = 20_000;

/** A copy of the fixture's output that differs from it in one file (so it is another release). */
function variant(base: string, dir: string, name: string, change: (d: string) => void = () => {}): string {
  const d = path.join(dir, name);
  cpSync(base, d, { recursive: true, preserveTimestamps: true });
  writeFileSync(path.join(d, 'robots.txt'), `${readFileSync(path.join(base, 'robots.txt'), 'utf8')}# release ${name}\n`);
  change(d);
  return d;
}

/** `npm run deploy` as an operator runs it (a process of its own), resolving with its output. */
function runDeploy(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/deploy.ts', ...args], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

describe('npm run deploy', () => {
  let dist: string;
  let work: string;
  before(() => {
    dist = fixtureDist();
    work = tempDir('sg-deploy-');
  });
  after(() => {
    rmSync(work, { recursive: true, force: true });
  });

  it('names a release by its content: the same output twice is one release', () => {
    const site = path.join(work, 'same');
    const first = deploy(dist, site);
    const second = deploy(dist, site);
    assert.equal(first.id, releaseId(dist));
    assert.equal(second.id, first.id);
    assert.equal(second.copied, false);
    assert.deepEqual(readdirSync(path.join(site, 'releases')), [first.id]);
    assert.equal(readlinkSync(path.join(site, 'current')), path.join('releases', first.id));
  });

  it('keeps the last five releases (--keep N), and rollback walks back through them', () => {
    const site = path.join(work, 'keep');
    const ids = Array.from({ length: 7 }, (_, i) => deploy(variant(dist, work, `keep-${i}`), site).id);
    assert.deepEqual(readdirSync(path.join(site, 'releases')).sort(), ids.slice(-5).sort());
    assert.equal(currentRelease(site), ids[6]);
    assert.deepEqual(rollback(site), { from: ids[6], to: ids[5] });
    assert.equal(currentRelease(site), ids[5]);
    assert.deepEqual(rollback(site), { from: ids[5], to: ids[4] });
    deploy(variant(dist, work, 'keep-7'), site, { keep: 2 });
    assert.equal(readdirSync(path.join(site, 'releases')).length, 2);
  });

  it('the site\'s redirects include is the live release\'s: written by each deploy and each rollback', () => {
    const site = path.join(work, 'redirects');
    const include = (d: string) => readFileSync(path.join(d, '_headers/redirects.nginx.conf'), 'utf8');
    const withRule = variant(dist, work, 'redirects-a');
    assert.match(include(withRule), /^location = "\/old-intro" \{ return 301 "\/guide\/intro\$is_args\$args"; \}$/m, 'the fixture config\'s redirect');
    const without = variant(dist, work, 'redirects-b', (d) => writeFileSync(path.join(d, '_headers/redirects.nginx.conf'), '# none\n'));
    deploy(withRule, site);
    assert.equal(readFileSync(path.join(site, 'redirects.nginx.conf'), 'utf8'), include(withRule));
    deploy(without, site);
    assert.equal(readFileSync(path.join(site, 'redirects.nginx.conf'), 'utf8'), '# none\n');
    rollback(site);
    assert.equal(readFileSync(path.join(site, 'redirects.nginx.conf'), 'utf8'), include(withRule));
  });

  it('a deploy killed midway (SIGKILL) leaves the live release serving, and the next deploy removes its leftovers', async () => {
    const site = path.join(work, 'killed');
    const first = deploy(dist, site);
    const big = variant(dist, work, 'killed-big', (d) => {
      // Enough bytes that the copy is still running when the test looks.
      for (let i = 0; i < 400; i++) writeFileSync(path.join(d, 'assets', `filler-${i}.bin`), Buffer.alloc(256 * 1024, i));
    });
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/deploy.ts', site, '--dist', big], { cwd: projectRoot, stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const releasesDir = path.join(site, 'releases');
    const deadline = Date.now() + 30_000;
    while (!readdirSync(releasesDir).some((n) => n.includes('.tmp-'))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error('the deploy finished before it could be killed midway');
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGKILL');
    await exited;
    // What the killed deploy may leave: a half-copied release, and (killed a moment later) the new
    // link and policy file it had not renamed into place yet.
    symlinkSync(path.join('releases', first.id), path.join(site, `.current-${child.pid}`));
    writeFileSync(path.join(site, `csp.nginx.conf.tmp-${child.pid}`), '');
    assert.ok(readdirSync(releasesDir).some((n) => n.includes('.tmp-')), 'the killed deploy left a half-copied release');
    assert.equal(currentRelease(site), first.id, 'the live release is untouched');

    const next = deploy(variant(dist, work, 'killed-next'), site);
    assert.deepEqual(readdirSync(releasesDir).sort(), [first.id, next.id].sort());
    assert.deepEqual(readdirSync(site).sort(), ['csp.nginx.conf', 'current', 'redirects.nginx.conf', 'releases', 'releases.json']);
    assert.equal(currentRelease(site), next.id);
  });

  it('a current that is a real folder is refused with the fix, and nothing is switched', async () => {
    const site = path.join(work, 'manual');
    mkdirSync(path.join(site, 'current'), { recursive: true });
    const r = await runDeploy([site, '--dist', dist]);
    assert.equal(r.code, 1);
    assert.match(r.out, /Deploy failed: .*current is a folder, not a symlink\n\s+fix: move it away/);
    assert.ok(existsSync(path.join(site, 'current')) && !readdirSync(path.join(site, 'current')).length);
  });

  describe('nginx serving <site>/current', () => {
    let nginx: RunningNginx | undefined;
    const site = () => path.join(work, 'live');
    const onlyInFirst = '/assets/only-in-the-first-release.js';

    before(async () => {
      // The first release has one hashed asset the later ones do not: a reader holding its page may still ask for it.
      deploy(variant(dist, work, 'live-first', (d) => writeFileSync(path.join(d, onlyInFirst), 'console.log(1);\n')), site());
      nginx = await startNginx(site());
    });
    after(async () => {
      await nginx?.stop();
    });

    it('the previous release\'s hashed assets are still served after a deploy', async () => {
      deploy(variant(dist, work, 'live-second'), site());
      const r = await fetch(`${nginx!.origin}${onlyInFirst}`);
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    });

    it(`every answer is 200 or 304 while the live release switches ${SWITCHES} times under load`, { timeout: 300_000 }, async (t) => {
      const variants = Array.from({ length: SWITCHES }, (_, i) => variant(dist, work, `switch-${i}`));
      const pages = ['/', '/guide/intro', '/guide/install', '/reference', '/reference/api', '/markdown-page'];
      const etags = new Map<string, string>();
      for (const p of pages) etags.set(p, (await fetch(`${nginx!.origin}${p}`)).headers.get('etag') ?? '');
      const assets = readdirSync(path.join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f)).map((f) => `/assets/${f}`);
      const requests = [
        ...pages.map((p) => ({ method: 'GET' as const, path: p })),
        // Revalidations, as a browser sends them for no-cache pages: unchanged pages stay 304 across releases.
        ...pages.map((p) => ({ method: 'GET' as const, path: p, headers: { 'if-none-match': etags.get(p)! } })),
        { method: 'GET' as const, path: '/_data/guide/intro.json' },
        { method: 'GET' as const, path: '/robots.txt' },
        ...assets.map((p) => ({ method: 'GET' as const, path: p })),
      ];

      const counts = new Map<number, number>();
      let total = 0;
      const load = autocannon({ url: nginx!.origin, connections: 16, duration: 240, headers: { 'accept-encoding': 'gzip' }, requests });
      load.on('response', (_client: unknown, status: number) => {
        counts.set(status, (counts.get(status) ?? 0) + 1);
        total++;
      });
      const finished = new Promise<Result>((resolve) => load.on('done', resolve));

      let lastId = '';
      for (const v of variants) {
        const r = await runDeploy([site(), '--dist', v]);
        assert.equal(r.code, 0, r.out);
        lastId = releaseId(v);
      }
      while (total < MIN_REQUESTS) await new Promise((r) => setTimeout(r, 50));
      load.stop();
      const result = await finished;

      const summary = `deploy under load: ${total} requests during ${SWITCHES} switches: `
        + [...counts].sort(([a], [b]) => a - b).map(([s, n]) => `${n} × ${s}`).join(', ') + `; errors ${result.errors}, timeouts ${result.timeouts}`;
      console.log(summary);
      t.diagnostic(summary);
      assert.equal(result.errors, 0, `connection errors${nginx!.errors()}`);
      assert.equal(result.timeouts, 0, 'timeouts');
      assert.deepEqual([...counts.keys()].filter((s) => s !== 200 && s !== 304), [], `answers other than 200/304: ${summary}`);
      assert.ok((counts.get(304) ?? 0) > 0, 'revalidated pages answer 304 across releases');
      assert.equal(currentRelease(site()), lastId, 'current points at the last release');
      assert.match(await (await fetch(`${nginx!.origin}/robots.txt`)).text(), /# release switch-19\n$/);

      const back = await runDeploy([site(), '--rollback']);
      assert.equal(back.code, 0, back.out);
      assert.equal(currentRelease(site()), releaseId(variants[SWITCHES - 2]));
      assert.match(await (await fetch(`${nginx!.origin}/robots.txt`)).text(), /# release switch-18\n$/, 'nginx serves the release rolled back to');
    });
  });
});
