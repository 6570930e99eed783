// The commands an author types: `npm start` hands each flag to the step it belongs to and stops
// at once on Ctrl+C, a busy port is answered with a port that is actually free, and `npm test`
// with a filter that matches nothing says so. Every command lists its options on --help and
// answers a mistyped one with one line and exit 2, before doing any work.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { fakeBrowser } from '../helpers/fake-browser.ts';
import { projectRoot } from '../helpers/paths.ts';

const listenOn = (port: number): Promise<net.Server> => new Promise((resolve, reject) => {
  const s = net.createServer();
  s.once('error', reject);
  s.listen(port, 'localhost', () => resolve(s));
});

describe('command line', () => {
  let site: FixtureCopy;
  before(() => {
    site = copyFixture();
  });
  after(() => {});

  it('npm start: --no-cache and --no-link-check reach the build, --port and --open reach the server', async () => {
    const browser = fakeBrowser();
    const out = path.join(site.dir, 'started');
    const fixtureArgs = site.buildArgs().slice(3).filter((a, i, all) => a !== '--no-cache' && all[i - 1] !== '--out' && a !== '--out');
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', ...fixtureArgs, '--out', out, '--no-cache', '--no-link-check', '--port', '0', '--open'],
      { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, BROWSER: browser.program } });
    const exited = new Promise((r) => child.once('exit', r));
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    try {
      const origin = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no server within 60 s:\n${output}`)), 60_000);
        const check = () => {
          const m = /at (http:\/\/localhost:\d+)/.exec(output);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        };
        child.stdout.on('data', check);
        child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
      });
      assert.match(output, /markdown: \d+ compiled, 0 from cache/, 'the build ran without its cache');
      assert.doesNotMatch(output, /stages: .*links/, 'and without the link check');
      const res = await fetch(`${origin}/guide/intro`);
      assert.equal(res.status, 200, 'the server serves the folder the build wrote');
      for (let i = 0; i < 100 && browser.opened().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      assert.deepEqual(browser.opened(), [`${origin}/`], 'the browser was started on it');
      // A browser keeps a socket open that has not sent a request yet (a preconnect); the server
      // stops at once all the same, where server.close() alone waits a minute for it.
      const { port } = new URL(origin);
      const preconnect = net.connect(Number(port), 'localhost');
      await new Promise((r) => preconnect.once('connect', r));
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 10_000))]);
      preconnect.destroy();
      assert.ok(stopped, 'npm start stops within 10 s of Ctrl+C while a browser holds a connection');
    } finally {
      // npm start passes the stop on to its server: both must be gone, or this file never ends.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      child.stdout.destroy();
      child.stderr.destroy();
    }
  });

  it('npm test with a filter no test file matches says so, instead of running what Node finds', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/test.ts', 'no-such-test-file'], { cwd: projectRoot, encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /No test file under test\/ has "no-such-test-file" in its path/);
    assert.doesNotMatch(r.stdout, /type check/, 'it stops before the type check and the build');
  });

  /** A script as npm runs it (scripts/launch.mjs), with the output of both streams. */
  const run = (script: string, args: string[]) => spawnSync(process.execPath, ['scripts/launch.mjs', `scripts/${script}`, ...args], { cwd: projectRoot, encoding: 'utf8', timeout: 60_000 });

  it('every command lists its options on --help, and exits 0', () => {
    const expected: Record<string, string[]> = {
      'build.ts': ['usage: npm run build -- [options]', '--docs DIR', '--out DIR', '--no-cache', '--cache-dir DIR', '--no-link-check', '--no-user-guide', '--verbose'],
      'dev.ts': ['usage: npm run dev -- [options]', '--port N', '--host HOST', '--docs DIR', '--out DIR', '--no-cache'],
      'start.ts': ['usage: npm start -- [options]', '--port N', '--docs DIR', '--no-link-check'],
      'preview.ts': ['usage: npm run preview -- [options]', '--dir DIR', '--port N'],
      'deploy.ts': ['usage: npm run deploy -- <site dir> [options]', '--keep N', '--reload CMD', '--rollback'],
      'migrate.ts': ['usage: npm run migrate -- <docusaurus site folder> <target docs folder> [options]', '--force', '--static DIR'],
      'check-links.ts': ['usage: npm run check:links -- [options]', '--external', '--timeout MS', '--fresh'],
      'clear.ts': ['usage: npm run clear -- [options]', '--cache-dir DIR'],
      'test.ts': ['usage: npm test -- [path filter] [options]'],
    };
    for (const [script, lines] of Object.entries(expected)) {
      for (const flag of ['--help', '-h']) {
        const r = run(script, [flag]);
        assert.equal(r.status, 0, `${script} ${flag}: ${r.stderr}`);
        for (const line of lines) assert.ok(r.stdout.includes(line), `${script} ${flag} shows ${line}:\n${r.stdout}`);
      }
    }
  });

  it('a mistyped option, a missing value or a stray word: one line naming it, a pointer to --help, exit 2, no work done', () => {
    const cases: [string, string[], string][] = [
      ['build.ts', ['--no-cahce'], 'npm run build: unknown option --no-cahce; did you mean --no-cache?'],
      ['build.ts', ['--bogus'], 'npm run build: unknown option --bogus'],
      ['build.ts', ['--docs'], 'npm run build: --docs needs a value: --docs DIR'],
      ['build.ts', ['--docs='], 'npm run build: --docs needs a value: --docs DIR'],
      ['build.ts', ['--quiet=yes'], 'npm run build: --quiet is a flag and takes no value'],
      ['build.ts', ['docs'], 'npm run build: unexpected argument docs (this command takes options only)'],
      ['dev.ts', ['--prot', '4000'], 'npm run dev: unknown option --prot; did you mean --port?'],
      ['preview.ts', ['--port', '70000'], 'npm run preview: --port takes a whole number from 0 to 65535, not "70000"'],
      ['start.ts', ['--prot', '4000'], 'npm start: unknown option --prot; did you mean --port?'],
      ['deploy.ts', [], 'npm run deploy: give the site folder nginx serves, e.g. /srv/sgroups-docs'],
      ['deploy.ts', ['/tmp/site', '--keep', '0'], 'npm run deploy: --keep takes a whole number of 1 or more, not "0"'],
      ['check-links.ts', ['--external', '--retries', 'two'], 'npm run check:links: --retries takes a whole number, not "two"'],
    ];
    for (const [script, args, message] of cases) {
      const r = run(script, args);
      const name = message.split(': ')[0];
      assert.equal(r.status, 2, `${script} ${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.equal(r.stderr, `${message}\n${name} -- --help lists the options.\n`);
      assert.equal(r.stdout, '', `${script} ${args.join(' ')} started nothing`);
    }
  });

  it('npm run dev with a docs folder that does not exist stops at once, naming it', () => {
    const missing = path.join(site.dir, 'no-such-docs');
    const r = run('dev.ts', ['--docs', missing, '--port', '0', '--out', path.join(site.dir, 'dev-out')]);
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.equal(r.stderr, `The dev server could not start:\nthe docs folder ${path.relative(projectRoot, missing)} does not exist\n  fix: give the folder of the Markdown pages: --docs DIR\n`);
  });

  it('npm run dev with --out onto the docs folder refuses to start, and deletes nothing', () => {
    const docs = path.join(site.dir, 'docs');
    const before = readdirSync(docs, { recursive: true }).length;
    const r = run('dev.ts', ['--docs', docs, '--pages', path.join(site.dir, 'pages'), '--static', path.join(site.dir, 'static'), '--config', path.join(site.dir, 'site.config.ts'), '--port', '0', '--out', docs]);
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /^The dev server could not start:\nthe output folder \S+ would replace the docs folder \S+: the output folder is replaced whole\n/);
    assert.equal(readdirSync(docs, { recursive: true }).length, before);
  });

  it('npm run preview of a folder that is not there says so and exits 1, instead of serving 404s', () => {
    const r = run('preview.ts', ['--dir', path.join(site.dir, 'no-such-dist'), '--port', '0']);
    assert.equal(r.status, 1, r.stdout);
    assert.match(r.stderr, /^npm run preview: \S*no-such-dist is not there to serve\n  fix: build it first \(npm run build\), or give the built site with --dir DIR\n$/);
  });

  it('a busy port: the hint names a port that is free', async () => {
    const busy = await listenOn(0);
    const port = (busy.address() as net.AddressInfo).port;
    try {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/preview.ts', '--dir', path.join(projectRoot, 'static'), '--port', String(port)], { cwd: projectRoot, encoding: 'utf8' });
      assert.equal(r.status, 1);
      const suggested = Number(/npm run preview -- --port (\d+)/.exec(r.stderr)?.[1]);
      assert.ok(suggested > 0 && suggested !== port, r.stderr);
      const probe = await listenOn(suggested); // the suggestion really is free
      probe.close();
    } finally {
      busy.close();
    }
  });
});
