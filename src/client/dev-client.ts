// Dev server only (build/dev): live reload and the error overlay. The dev server adds this
// module to every page it serves; the site's own bundle never contains it. It listens to
// /__dev/events: `update` swaps the page on screen in place (through the navigation context,
// see useDevUpdates in src/contexts/navigation.tsx), `reload` loads the page again where the
// reader was, `errors` shows or hides the overlay, whose `file:line` opens in the author's editor
// (build/dev/open-in-editor.ts).
import { normaliseRoute } from './page-loader.ts';
import { restoreScrollY } from './deferred-layout.ts';

interface UpdateMessage {
  routes: string[];
  sidebarVersions: Record<string, string>;
}

const OVERLAY_ID = 'sg-dev-overlay';
/** Where an error starts: `docs/a.md:12: …`. */
const LOCATION = /^(\S(?:.*?\S)?):(\d+)(?=: )/;
const SCROLL_KEY = 'sg-dev-scroll';

function reloadInPlace() {
  try {
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ path: location.pathname, y: window.scrollY }));
  } catch {
    /* storage off: the page reloads at the top */
  }
  location.reload();
}

function restoreScroll() {
  let saved: { path: string; y: number } | null = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? 'null');
    sessionStorage.removeItem(SCROLL_KEY);
  } catch {
    return;
  }
  if (!saved || saved.path !== location.pathname) return;
  const y = saved.y;
  const apply = () => restoreScrollY(y);
  if (document.readyState === 'complete') apply();
  else window.addEventListener('load', apply, { once: true });
}

function style<E extends HTMLElement>(el: E, css: Partial<CSSStyleDeclaration>): E {
  // Through the CSSOM, which the site's Content-Security-Policy (style-src 'self') allows.
  Object.assign(el.style, css);
  return el;
}

/** The error's `file:line`, as a button that asks the dev server to open it in the editor. */
function openButton(file: string, line: number): HTMLButtonElement {
  const button = style(document.createElement('button'), {
    padding: '0', border: '0', background: 'none', color: '#93c5fd', textDecoration: 'underline', cursor: 'pointer', font: 'inherit',
  });
  button.type = 'button';
  button.textContent = `${file}:${line}`;
  button.title = 'Open in the editor';
  button.addEventListener('click', async () => {
    const res = await fetch(`/__dev/open?file=${encodeURIComponent(file)}&line=${line}`, { method: 'POST', headers: { 'X-SG-Open-In-Editor': '1' } });
    if (!res.ok) button.title = 'Not a file of this site: open it yourself';
  });
  return button;
}

function showErrors(errors: string[]) {
  document.getElementById(OVERLAY_ID)?.remove();
  if (errors.length === 0) return;
  const overlay = style(document.createElement('div'), {
    position: 'fixed', inset: '0', zIndex: '2147483647', overflow: 'auto', padding: '32px',
    background: 'rgba(20, 20, 24, 0.94)', color: '#f4f4f5', font: '14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  });
  overlay.id = OVERLAY_ID;
  overlay.setAttribute('role', 'alertdialog');
  overlay.setAttribute('aria-label', 'Build error');
  const title = style(document.createElement('h2'), { margin: '0 0 16px', font: 'bold 18px/1.3 system-ui, sans-serif', color: '#ff8a8a' });
  title.textContent = errors.length === 1 ? 'Build error' : `${errors.length} build errors`;
  const close = style(document.createElement('button'), {
    position: 'absolute', top: '16px', right: '16px', background: 'transparent', color: 'inherit', border: '1px solid #71717a',
    borderRadius: '4px', padding: '2px 10px', cursor: 'pointer', font: 'inherit',
  });
  close.type = 'button';
  close.textContent = '×';
  close.setAttribute('aria-label', 'Hide until the next error');
  close.addEventListener('click', () => overlay.remove());
  overlay.append(title, close);
  for (const message of errors) {
    const pre = style(document.createElement('pre'), {
      margin: '0 0 16px', padding: '12px 16px', whiteSpace: 'pre-wrap', background: 'rgba(255, 80, 80, 0.08)',
      borderLeft: '3px solid #ff5a5a', color: '#fecaca',
    });
    const at = LOCATION.exec(message);
    if (at) pre.append(openButton(at[1], Number(at[2])), message.slice(at[0].length));
    else pre.textContent = message;
    overlay.append(pre);
  }
  const hint = style(document.createElement('p'), { margin: '0', color: '#a1a1aa' });
  hint.textContent = 'Fix the file and save: this page updates by itself. The site keeps its last good version meanwhile. A file:line opens in your editor.';
  overlay.append(hint);
  document.body.append(overlay);
}

/**
 * This page was rendered on its own while the dev server's first build ran (`?early` on this
 * script's URL); the build's version of it may differ (a title the sidebar guessed).
 */
const early = new URL(import.meta.url).searchParams.has('early');

function onUpdate({ routes, sidebarVersions }: UpdateMessage) {
  // Before hydration there is no one to swap the page in place, and an early page is replaced
  // whole: load it again if it changed.
  if (document.documentElement.dataset.sgDevLive !== 'true' || early) {
    if (routes.includes(normaliseRoute(location.pathname))) reloadInPlace();
    return;
  }
  window.dispatchEvent(new CustomEvent('sg:dev-update', { detail: { sidebarVersions } }));
}

function connect() {
  let session: string | undefined;
  const events = new EventSource(early ? `/__dev/events?early=${encodeURIComponent(normaliseRoute(location.pathname))}` : '/__dev/events');
  const on = <T>(name: string, handle: (data: T) => void) =>
    events.addEventListener(name, (e) => handle(JSON.parse((e as MessageEvent<string>).data) as T));
  on<{ session: string }>('hello', (d) => {
    // A new dev server (restarted): what it built may differ from this page.
    if (session && session !== d.session) reloadInPlace();
    session = d.session;
  });
  on<UpdateMessage>('update', onUpdate);
  on('reload', reloadInPlace);
  on<{ errors: string[] }>('errors', (d) => showErrors(d.errors));
}

restoreScroll();
connect();
