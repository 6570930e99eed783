// Runs the dev CLI (scripts/dev.ts) as an author would, over temporary copies: the fixture site
// and, for theme edits, the project's src/ (so a test never touches the real theme).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, rmSync, symlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { projectRoot } from '../helpers/paths.ts';
import { DevSession, type RebuildResult } from '../../build/dev/session.ts';
import { planChanges, type FileEvent } from '../../build/dev/changes.ts';
import { tempDir } from '../helpers/temp-dir.ts';

/** A project root with a copy of src/ and the real node_modules: its theme can be edited freely. */
export function copyProject(): { root: string; remove(): void } {
  const root = tempDir('sg-project-');
  cpSync(path.join(projectRoot, 'src'), path.join(root, 'src'), { recursive: true });
  for (const f of ['package.json', 'package-lock.json', 'tsconfig.json']) cpSync(path.join(projectRoot, f), path.join(root, f));
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export interface DevProcess {
  origin: string;
  child: ChildProcess;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Waits until the output (after `from` characters) matches. */
  waitForOutput(pattern: RegExp, from?: number, timeoutMs?: number): Promise<string>;
  /** Ctrl+C; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export function devArgs(site: FixtureCopy, extra: string[] = []): string[] {
  return ['--docs', site.docs, '--pages', path.join(site.dir, 'pages'), '--static', path.join(site.dir, 'static'),
    '--config', path.join(site.dir, 'site.config.ts'), '--out', path.join(site.dir, '.dev'), '--port', '0', ...extra];
}

/**
 * Starts `scripts/dev.ts` with these arguments and waits for its ready line (the first build is
 * done). With `listenOn`, it returns as soon as that port answers, while the first build runs.
 */
export async function startDev(args: string[], readyTimeoutMs = 60_000, listenOn?: number, env: NodeJS.ProcessEnv = {}): Promise<DevProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts', ...args], {
    cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env },
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  let stopping = false;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A dev server that dies on its own makes every later test fail with "fetch failed"; its own
  // output is what says why, so it goes into the test log.
  void exited.then((code) => {
    if (!stopping) console.error(`the dev server exited by itself (code ${code}); its output:\n${out}`);
  });
  const waitForOutput = (pattern: RegExp, from = 0, timeoutMs = 20_000) => new Promise<string>((resolve, reject) => {
    const check = () => {
      const m = pattern.exec(out.slice(from));
      if (!m) return false;
      cleanup();
      resolve(m[0]);
      return true;
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`timed out waiting for ${pattern} in the dev server's output:\n${out}`));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      listeners.delete(listener);
    };
    const listener = () => void check();
    listeners.add(listener);
    void exited.then(() => {
      if (!check()) {
        cleanup();
        reject(new Error(`the dev server exited while waiting for ${pattern}:\n${out}`));
      }
    });
    check();
  });
  const origin = listenOn === undefined
    ? (await waitForOutput(/Dev server at (http:\/\/[^ ]+)/, 0, readyTimeoutMs)).replace('Dev server at ', '')
    : await until(async () => {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the dev server exited:\n${out}`);
      const url = `http://localhost:${listenOn}`;
      return new Promise<string | false>((resolve) => {
        const socket = net.connect(listenOn, 'localhost', () => { socket.end(); resolve(url); });
        socket.on('error', () => resolve(false));
      });
    }, 'the dev server to listen', readyTimeoutMs) as string;
  return {
    origin,
    child,
    output: () => out,
    waitForOutput,
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Polls until fn returns a truthy value. */
export async function until<T>(fn: () => Promise<T> | T, what: string, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A TCP port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, 'localhost', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A dev session (no server, no watcher) over a fixture copy, writing into its `.dev` folder. */
export function sessionOf(site: FixtureCopy, options: { cacheDir?: string } = {}): { session: DevSession; out: string; change(rel: string, type?: FileEvent['type']): Promise<RebuildResult> } {
  const out = path.join(site.dir, '.dev');
  const session = new DevSession({
    projectRoot, docsDir: site.docs, pagesDir: path.join(site.dir, 'pages'), staticDir: path.join(site.dir, 'static'),
    configPath: path.join(site.dir, 'site.config.ts'), outDir: out, ...options,
  });
  return { session, out, change: (rel, type = 'change') => session.update(planChanges([{ type, file: path.join(site.dir, rel) }], session.dirs)) };
}
