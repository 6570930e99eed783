// A build that is stopped leaves nothing behind and the previous output as it was: Ctrl+C and
// SIGTERM remove the build's staging folder and exit 130/143 with one line; a build killed with
// SIGKILL cannot clean up, so the next build removes its folder (and never a running build's).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { projectRoot } from '../helpers/paths.ts';

/** Every file of a folder with its bytes' hash: equal trees give equal strings. */
function treeDigest(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath ?? e.path, e.name))
    .sort()
    .map((f) => `${path.relative(dir, f)} ${createHash('sha256').update(readFileSync(f)).digest('hex')}`)
    .join('\n');
}

const stagingOf = (site: FixtureCopy, pid: number) => path.join(site.dir, `.dist-staging-${pid}`);

/**
 * Whether a folder is gone, allowing a stopped build a moment: writes already under way when the
 * signal came can bring it back until the process has exited, and its last sweep follows that.
 */
async function goneSoon(dir: string): Promise<boolean> {
  for (const end = Date.now() + 2000; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) {
    if (!existsSync(dir)) return true;
  }
  return !existsSync(dir);
}

interface Running {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

function startBuild(site: FixtureCopy): Running {
  const child = spawn(process.execPath, site.buildArgs(['--quiet']), { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  // 'close', not 'exit': the last lines a process writes may still be in the pipe at 'exit'.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal, stderr })));
  return { child, exited };
}

/** Resolves once the build has made its staging folder (it is then "midway": writing the output). */
async function untilStaging(site: FixtureCopy, run: Running): Promise<string> {
  const staging = stagingOf(site, run.child.pid!);
  const deadline = Date.now() + 30_000;
  while (!existsSync(staging)) {
    if (run.child.exitCode !== null) throw new Error(`the build ended before making its staging folder:\n${(await run.exited).stderr}`);
    if (Date.now() > deadline) throw new Error('the build made no staging folder within 30 s');
    await new Promise((r) => setTimeout(r, 10));
  }
  return staging;
}

describe('a stopped build leaves no staging folder and the previous output untouched', () => {
  let site: FixtureCopy;
  let previous = '';
  before(() => {
    site = copyFixture();
    const ok = site.build();
    assert.equal(ok.status, 0, ok.stderr);
    previous = treeDigest(site.out);
  });

  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    it(`${signal} midway: exit ${code}, one line, staging gone, output untouched`, async () => {
      const run = startBuild(site);
      const staging = await untilStaging(site, run);
      run.child.kill(signal);
      const { code: exitCode, signal: killedBy, stderr } = await run.exited;
      assert.equal(exitCode, code, `ended by ${killedBy ?? exitCode}; stderr: ${stderr}`);
      assert.deepEqual(stderr.trim().split('\n'), [`Build stopped (${signal}). The previous output is untouched.`]);
      assert.ok(await goneSoon(staging), 'the staging folder is removed');
      assert.equal(treeDigest(site.out), previous, 'the previous output is byte for byte the same');
    });
  }

  it('Ctrl+C in a terminal running npm run build (SIGINT to the whole process group): one line, staging gone, output untouched', async () => {
    // A terminal signals every process of the foreground group: npm, the build and esbuild's
    // service process alike. The build must still read as stopped, not as failed, and must not be
    // killed before it cleans up (as the tsx launcher's signal relay does to a busy child).
    const child = spawn('npm', ['run', '--silent', 'build', '--', ...site.buildArgs(['--quiet']).slice(3)],
      { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
      child.once('close', (code, signal) => resolve({ code, signal, stderr })));
    const run = { child, exited };
    // The folder of this build, not one an earlier test's build may have left.
    const earlier = new Set(readdirSync(site.dir));
    const deadline = Date.now() + 30_000;
    let staging: string | undefined;
    while (!staging) {
      if (child.exitCode !== null) throw new Error(`the build ended before making its staging folder:\n${stderr}`);
      if (Date.now() > deadline) throw new Error('the build made no staging folder within 30 s');
      const name = readdirSync(site.dir).find((n) => /^\.dist-staging-\d+$/.test(n) && !earlier.has(n));
      if (name) staging = path.join(site.dir, name);
      else await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, 300)); // well inside the build, not at its first step
    process.kill(-child.pid!, 'SIGINT');
    const { code, signal } = await run.exited;
    // npm re-raises the signal its script died of, so the shell sees 130 either way.
    assert.ok(code === 130 || signal === 'SIGINT', `npm ended with ${code ?? signal}: ${stderr}`);
    assert.deepEqual(stderr.split('\n').filter((l) => l.trim() && !l.startsWith('npm ')),
      ['Build stopped (SIGINT). The previous output is untouched.']);
    assert.ok(await goneSoon(staging), 'the staging folder is removed');
    assert.equal(treeDigest(site.out), previous, 'the previous output is byte for byte the same');
  });

  it('SIGKILL midway: the next build removes the killed build\'s staging folder and writes a correct output', async () => {
    const run = startBuild(site);
    const staging = await untilStaging(site, run);
    run.child.kill('SIGKILL');
    await run.exited;
    assert.ok(existsSync(staging), 'a killed build cannot clean up (the precondition of this test)');
    assert.equal(treeDigest(site.out), previous, 'the killed build did not touch the output');

    const again = site.build();
    assert.equal(again.status, 0, again.stderr);
    assert.equal(existsSync(staging), false, 'the next build removed the stale staging folder');
    assert.deepEqual(readdirSync(site.dir).filter((n) => n.includes('staging')), []);
    assert.equal(treeDigest(site.out), previous, 'the output is the one a clean build gives');
  });

  it('removes a killed build\'s folder whose process id a newer Node process has taken since', async () => {
    // The folder is made first; a Node process started seconds later then holds the pid in its
    // name, as when the system reuses the id of a build killed long ago.
    const made = path.join(site.dir, 'made-before');
    mkdirSync(made);
    await new Promise((r) => setTimeout(r, 3500));
    const newer = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      const stale = stagingOf(site, newer.pid!);
      renameSync(made, stale); // a rename keeps the folder's birth time
      const r = site.build();
      assert.equal(r.status, 0, r.stderr);
      assert.equal(existsSync(stale), false, 'the folder of the build that is gone is removed');
    } finally {
      newer.kill('SIGKILL');
    }
  });

  it('never removes the staging folder of a build that is still running', async () => {
    // A live Node process stands in for a running build: its folder must survive.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      const foreign = stagingOf(site, other.pid!);
      mkdirSync(foreign);
      const r = site.build();
      assert.equal(r.status, 0, r.stderr);
      assert.ok(existsSync(foreign), 'the running build\'s staging folder is still there');
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('the replaced output is deleted after the build, not during it, and nothing of it stays', async () => {
    const r = site.build();
    assert.equal(r.status, 0, r.stderr);
    const leftovers = () => readdirSync(site.dir).filter((n) => /^\.dist-(trash|staging)-/.test(n));
    for (const end = Date.now() + 5000; Date.now() < end && leftovers().length; await new Promise((res) => setTimeout(res, 50)));
    assert.deepEqual(leftovers(), [], 'the old output\'s folder is gone within seconds');
  });

  it('a trash folder whose rm was lost (the machine stopped) is deleted by a later build', async () => {
    const lost = path.join(site.dir, '.dist-trash-1-0');
    mkdirSync(path.join(lost, 'guide'), { recursive: true });
    const old = new Date(Date.now() - 10 * 60_000);
    utimesSync(lost, old, old);
    const r = site.build();
    assert.equal(r.status, 0, r.stderr);
    assert.ok(await goneSoon(lost), 'the abandoned trash folder is deleted');
  });
});
