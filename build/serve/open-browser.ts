// `--open` of `npm run dev`, `npm run preview` and `npm start`: shows the served site in a browser
// (VitePress's `--open`; Docusaurus opens one on every start). $BROWSER names the program when it
// is set (the convention of git, xdg-utils and Python's webbrowser: "%s" is replaced by the
// address, otherwise the address is the last argument; BROWSER=none opens nothing); otherwise
// the system's own opener. The browser is left running on its own: it outlives the server.
import { spawn } from 'node:child_process';

/** The program and its arguments that open `url`. */
export function openerOf(url: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): { command: string; args: string[] } | null {
  const browser = env.BROWSER?.trim();
  if (browser === 'none') return null;
  if (browser) {
    const [command, ...words] = browser.split(/\s+/);
    return { command, args: words.some((w) => w.includes('%s')) ? words.map((w) => w.replaceAll('%s', url)) : [...words, url] };
  }
  if (platform === 'darwin') return { command: 'open', args: [url] };
  // `start` is a command of cmd; its first quoted argument is a window title.
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url] };
  return { command: 'xdg-open', args: [url] };
}

const OPENER_EXITS_WITHIN_MS = 10_000;

/**
 * Opens `url` in a browser. A missing opener or one that fails is reported with `say` as one line
 * that gives the address to open by hand; the server goes on either way.
 */
export function openBrowser(url: string, say: (line: string) => void): void {
  const opener = openerOf(url);
  if (!opener) return;
  const failed = (why: string) => say(`Could not open a browser (${why}): open ${url} yourself, or name one with BROWSER=firefox`);
  const started = Date.now();
  const child = spawn(opener.command, opener.args, { stdio: 'ignore', detached: true });
  child.once('error', (e: NodeJS.ErrnoException) => failed(e.code === 'ENOENT' ? `${opener.command} is not installed` : e.message));
  child.once('exit', (code) => {
    // An opener hands the address over and exits at once; a browser named in $BROWSER runs until
    // it is closed, and how it exits then says nothing about the opening.
    if (code && Date.now() - started < OPENER_EXITS_WITHIN_MS) failed(`${opener.command} exited with ${code}`);
  });
  child.unref();
}
