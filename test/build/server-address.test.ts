// Where `npm run preview` and `npm run dev` say they are, and `--open`: the address printed is one
// that answers (the one --host names; with every interface, the machine's network addresses
// too), the browser $BROWSER names is started on it, none without the option, and a browser that
// cannot be started costs one line on the terminal, not the server.
import assert from 'node:assert/strict';
import net from 'node:net';
import os from 'node:os';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { projectRoot } from '../helpers/paths.ts';
import { fakeBrowser } from '../helpers/fake-browser.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { devArgs, startDev } from '../dev/harness.ts';

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `npm run preview` with these arguments, until it prints where it serves. */
async function preview(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/preview.ts', ...args], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((r) => child.once('exit', r));
  const origin = await until(`the preview server's address in:\n${output}`, () => {
    if (child.exitCode !== null) throw new Error(`npm run preview exited with ${child.exitCode}:\n${output}`);
    return /at (http:\/\/\S+:\d+)/.exec(output)?.[1];
  });
  return {
    origin,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('server addresses and --open', () => {
  let site: FixtureCopy;
  before(() => {
    site = copyFixture();
    const r = site.build(['--no-link-check', '--no-user-guide']);
    assert.equal(r.status, 0, r.stderr);
  });
  after(() => {});

  it('npm run preview -- --open starts $BROWSER with the served address, %s where the address goes', async () => {
    const browser = fakeBrowser();
    const server = await preview(['--dir', site.out, '--port', '0', '--open'], { BROWSER: `${browser.program} --new-tab %s` });
    try {
      const [line] = await until('the browser to be started', () => (browser.opened().length ? browser.opened() : undefined));
      assert.equal(line, `--new-tab ${server.origin}/`);
      const res = await fetch(line.split(' ')[1]);
      assert.equal(res.status, 200);
      assert.match(await res.text(), /<html lang="ru"/);
      assert.equal(browser.opened().length, 1, 'one browser, once');
    } finally {
      await server.stop();
    }
  });

  it('without --open no browser is started', async () => {
    const browser = fakeBrowser();
    const server = await preview(['--dir', site.out, '--port', '0'], { BROWSER: browser.program });
    try {
      assert.equal((await fetch(`${server.origin}/`)).status, 200);
      await new Promise((r) => setTimeout(r, 1000));
      assert.deepEqual(browser.opened(), []);
    } finally {
      await server.stop();
    }
  });

  it('a browser that cannot be started: one line with the address to open by hand, and the server goes on', async () => {
    const missing = path.join(tempDir('sg-browser-'), 'no-such-browser');
    const server = await preview(['--dir', site.out, '--port', '0', '--open'], { BROWSER: missing });
    try {
      const line = await until('the line about the browser', () => /^Could not open a browser.*$/m.exec(server.output())?.[0]);
      assert.equal(line, `Could not open a browser (${missing} is not installed): open ${server.origin}/ yourself, or name one with BROWSER=firefox`);
      assert.equal((await fetch(`${server.origin}/`)).status, 200, 'the server still serves');
    } finally {
      await server.stop();
    }
  });

  it('npm run preview -- --host prints the address it listens on, and every interface\'s when it listens on all', async () => {
    const one = await preview(['--dir', site.out, '--port', '0', '--host', '127.0.0.1'], {});
    try {
      assert.match(one.origin, /^http:\/\/127\.0\.0\.1:\d+$/, one.output());
      assert.equal((await fetch(`${one.origin}/`)).status, 200);
    } finally {
      await one.stop();
    }
    const all = await preview(['--dir', site.out, '--port', '0', '--host', '0.0.0.0'], {});
    try {
      assert.match(all.origin, /^http:\/\/localhost:\d+$/);
      const port = new URL(all.origin).port;
      const network = Object.values(os.networkInterfaces()).flat().filter((i) => i && i.family === 'IPv4' && !i.internal).map((i) => `http://${i!.address}:${port}`);
      // What the machine's interfaces are is the machine's: the line names exactly those (none on a machine with loopback only).
      if (network.length) assert.match(all.output(), new RegExp(`\\(on the network: ${network.join(', ').replaceAll('.', '\\.')}\\)`));
      else assert.doesNotMatch(all.output(), /on the network/);
      for (const url of network) assert.equal((await fetch(`${url}/`)).status, 200, url);
    } finally {
      await all.stop();
    }
  });

  it('the default port taken: the servers move to the next free one and say so; a port named with --port is not moved', async () => {
    const busy = net.createServer();
    await new Promise<void>((r) => busy.listen(0, 'localhost', () => r()));
    const port = (busy.address() as net.AddressInfo).port;
    try {
      const moved = await preview(['--dir', site.out], { PORT: String(port) });
      try {
        const at = Number(new URL(moved.origin).port);
        assert.ok(at > port && at <= port + 20, moved.output());
        assert.match(moved.output(), new RegExp(`Port ${port} is in use: serving on ${at} instead`));
        assert.equal((await fetch(`${moved.origin}/`)).status, 200);
      } finally {
        await moved.stop();
      }
      const dev = await startDev(devArgs(site, ['--no-cache']).filter((a, i, all) => a !== '--port' && all[i - 1] !== '--port'), 60_000, undefined, { PORT: String(port) });
      try {
        assert.notEqual(new URL(dev.origin).port, String(port));
        assert.match(dev.output(), new RegExp(`Port ${port} is in use: serving on \\d+ instead`));
        assert.equal((await fetch(`${dev.origin}/`)).status, 200);
      } finally {
        await dev.stop();
      }
    } finally {
      busy.close();
    }
  });

  it('npm run dev -- --open starts the browser on the dev server, which answers it', async () => {
    const browser = fakeBrowser();
    const dev = await startDev(devArgs(site, ['--open', '--no-cache']), 60_000, undefined, { BROWSER: browser.program });
    try {
      const [line] = await until('the browser to be started', () => (browser.opened().length ? browser.opened() : undefined));
      assert.equal(line, `${dev.origin}/`);
      const res = await fetch(line);
      assert.equal(res.status, 200);
      assert.match(await res.text(), /<html lang="ru"/);
    } finally {
      await dev.stop();
    }
  });
});
