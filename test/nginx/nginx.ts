// Runs the real nginx (Debian's package; .ci/run installs it when missing) as the test's own
// process, with a config generated from deploy/nginx.conf: the site root and the port are the
// only things replaced, exactly what an operator changes. Nothing is installed or touched outside
// a temporary prefix, and nginx listens on 127.0.0.1 only.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fixtureSite, projectRoot } from '../helpers/paths.ts';
import { tempDir } from '../helpers/temp-dir.ts';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? '/usr/sbin/nginx';
export const DEPLOY_CONF = path.join(projectRoot, 'deploy', 'nginx.conf');
/** The site folder the shipped config names (root is its `current`); the generated config replaces it. */
export const SHIPPED_SITE = '/srv/sgroups-docs';

/**
 * Debian's brotli_static module (libnginx-mod-http-brotli-static, which .ci/run installs): the
 * tests serve the shipped config with its `brotli_static on;` line uncommented, as the README
 * tells an operator to do once the module is there.
 */
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/**
 * A site folder as `npm run deploy` lays it out, for a built output: `current` links to it and
 * the CSP and redirects includes are its own. A folder that already is a site folder is used as it is.
 */
export function siteFolderFor(root: string): string {
  if (existsSync(path.join(root, 'current'))) return root;
  const site = tempDir('sg-site-');
  symlinkSync(path.resolve(root), path.join(site, 'current'));
  copyFileSync(path.join(root, '_headers', 'csp.nginx.conf'), path.join(site, 'csp.nginx.conf'));
  copyFileSync(path.join(root, '_headers', 'redirects.nginx.conf'), path.join(site, 'redirects.nginx.conf'));
  return site;
}

/** The shipped server block with the site folder and the port replaced, and brotli_static on. */
export function serverBlock(siteDir: string, port: number): string {
  if (!existsSync(BROTLI_MODULE)) throw new Error(`${BROTLI_MODULE} is missing: apt-get install libnginx-mod-http-brotli-static (.ci/run does)`);
  const shipped = readFileSync(DEPLOY_CONF, 'utf8');
  let conf = shipped.replaceAll(`${SHIPPED_SITE}/`, `${siteDir}/`);
  conf = conf.replace(/^(\s*)listen 80;.*$/m, `$1listen 127.0.0.1:${port};`).replace(/^\s*listen \[::\]:80;.*\n/m, '');
  conf = conf.replace(/^(\s*)# (brotli_static on;)/m, '$1$2');
  if (conf.includes(`${SHIPPED_SITE}/`) || !conf.includes(`root ${siteDir}/current;`) || !conf.includes(`listen 127.0.0.1:${port};`) || !conf.includes('\n    brotli_static on;')) {
    throw new Error('deploy/nginx.conf no longer has the root and listen lines this test replaces');
  }
  return conf;
}

/** A complete nginx.conf around the server block, everything inside prefix (the pid file is given with -g). */
export function mainConf(prefix: string): string {
  const user = process.getuid?.() === 0 ? 'user root root;\n' : '';
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${prefix}/tmp/${t};`).join('\n');
  return `${user}load_module ${BROTLI_MODULE};
worker_processes 2;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log ${prefix}/access.log;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 100000;
${temp}
    include ${prefix}/site.conf;
}
`;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface RunningNginx {
  origin: string;
  prefix: string;
  process: ChildProcess;
  /** The error log so far (for assertion messages). */
  errors(): string;
  stop(): Promise<void>;
}

async function waitUntilUp(origin: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output()}`);
    try {
      await fetch(`${origin}/robots.txt`, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`nginx did not answer on ${origin} within 10 s:\n${output()}`);
}

/** Starts nginx in the foreground (`daemon off`) serving a built output or a site folder; stop() ends it and waits. */
export async function startNginx(root: string): Promise<RunningNginx> {
  if (!existsSync(NGINX)) throw new Error('nginx is not installed: apt-get install -y nginx (.ci/run does this on CI)');
  const siteDir = siteFolderFor(root);
  for (let attempt = 1; ; attempt++) {
    const prefix = tempDir('sg-nginx-');
    mkdirSync(path.join(prefix, 'tmp'));
    const port = await freePort();
    writeFileSync(path.join(prefix, 'site.conf'), serverBlock(siteDir, port));
    writeFileSync(path.join(prefix, 'nginx.conf'), mainConf(prefix));
    const child = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log'),
      '-g', `daemon off; pid ${prefix}/nginx.pid;`], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.on('error', (e) => (output += `${e.message}\n`));
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    const errors = () => {
      try {
        return output + readFileSync(path.join(prefix, 'error.log'), 'utf8');
      } catch {
        return output;
      }
    };
    const kill = () => child.exitCode === null && child.signalCode === null && child.kill('SIGTERM');
    process.once('exit', kill); // a crashed test run must not leave nginx behind
    const stop = async () => {
      kill();
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      process.off('exit', kill);
      rmSync(prefix, { recursive: true, force: true });
      if (siteDir !== root) rmSync(siteDir, { recursive: true, force: true }); // made by siteFolderFor
    };
    const origin = `http://127.0.0.1:${port}`;
    try {
      await waitUntilUp(origin, child, errors);
      return { origin, prefix, process: child, errors, stop };
    } catch (e) {
      await stop();
      // Another process may have taken the free port between the probe and nginx's bind.
      if (attempt < 3 && /Address already in use/.test(String(e))) continue;
      throw e;
    }
  }
}

/** `nginx -t` on a generated config: the shipped file's syntax, without starting a server. */
export function testConfig(root: string): { ok: boolean; output: string } {
  const prefix = tempDir('sg-nginx-t-');
  try {
    mkdirSync(path.join(prefix, 'tmp'));
    writeFileSync(path.join(prefix, 'site.conf'), serverBlock(siteFolderFor(root), 8080));
    writeFileSync(path.join(prefix, 'nginx.conf'), mainConf(prefix));
    const r = spawnSync(NGINX, ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log'), '-g', `pid ${prefix}/nginx.pid;`], { encoding: 'utf8' });
    return { ok: r.status === 0, output: r.stdout + r.stderr };
  } finally {
    rmSync(prefix, { recursive: true, force: true });
  }
}

/** Every file the fixture build's output depends on. */
function sourceKey(): string {
  const h = createHash('sha256');
  for (const dir of ['build', 'src', 'scripts', path.relative(projectRoot, fixtureSite)]) {
    const files = readdirSync(path.join(projectRoot, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath ?? e.path, e.name))
      .sort();
    for (const f of files) h.update(f).update(readFileSync(f));
  }
  h.update(readFileSync(path.join(projectRoot, 'package-lock.json')));
  return h.digest('hex').slice(0, 16);
}

/**
 * The fixture site built through the real CLI (as in the issue), once per source state: the
 * nginx test files share it. Built into a private folder and renamed into place, so two test
 * processes never see a half-built output.
 */
export function fixtureDist(): string {
  const base = path.join(projectRoot, '.cache', 'nginx-fixture');
  const key = sourceKey();
  const dist = path.join(base, key);
  if (existsSync(path.join(dist, '404.html'))) return dist;
  mkdirSync(base, { recursive: true });
  const work = tempDir('build-', base);
  const out = path.join(work, 'dist');
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts',
    '--docs', path.join(fixtureSite, 'docs'), '--pages', path.join(fixtureSite, 'pages'), '--static', path.join(fixtureSite, 'static'),
    '--config', path.join(fixtureSite, 'site.config.ts'), '--out', out, '--no-cache', '--quiet'], { cwd: projectRoot, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`fixture build failed:\n${r.stdout}\n${r.stderr}`);
  try {
    renameSync(out, dist);
  } catch {
    /* another test process got there first: use its output */
  }
  rmSync(work, { recursive: true, force: true });
  for (const old of readdirSync(base)) if (old !== key && !old.startsWith('build-')) rmSync(path.join(base, old), { recursive: true, force: true });
  return dist;
}
