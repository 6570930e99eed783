// Browser entry: reads the data the build inlined, and hydrates the server-rendered page once
// the browser is idle, so hydration never competes with the first paint.
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import config from 'virtual:site-config';
import { loaders } from 'virtual:react-pages';
import { App, type ReactPages } from '../theme/Layout/Layout.tsx';
import type { InitialData, PageData } from '../data/types.ts';
import { installContentEnhancers, revealTarget } from './content-enhancers.ts';
import { restoreScrollY } from './deferred-layout.ts';

const reactPages: ReactPages = {};

async function loadPageCode(page: PageData) {
  if (page.kind === 'react-page' && !reactPages[page.route]) {
    const load = loaders[page.route];
    if (!load) throw new TypeError(`no module for ${page.route}`);
    reactPages[page.route] = (await load()).default;
  }
}

function onNavigated(page: PageData, hash: string, restoreY: number | null) {
  // The navigation context has committed the new content: scroll before the next paint.
  const target = hash ? document.getElementById(hash) : null;
  if (restoreY !== null) restoreScrollY(restoreY);
  else if (target) {
    revealTarget(target);
    target.scrollIntoView();
  }
  else window.scrollTo(0, 0);
  if (!hash) document.getElementById('main')?.focus({ preventScroll: true });
  const live = document.getElementById('route-announcer');
  if (live) live.textContent = page.title;
}

async function start() {
  const dataEl = document.getElementById('__SG_DATA__');
  const root = document.getElementById('root');
  if (!dataEl || !root) return;
  const data = JSON.parse(dataEl.textContent ?? '{}') as InitialData;
  installContentEnhancers();
  // The content HTML is already in the DOM: hand it back instead of shipping it twice.
  const html = root.querySelector('#main .markdown')?.innerHTML ?? '';
  const page: PageData = { ...data.page, html };
  // The page's view of its sidebar is inline: nothing to wait for but a React page's code.
  await loadPageCode(page);
  // As a transition, hydration yields to the browser every few milliseconds instead of one long
  // task: input stays responsive (Total Blocking Time) while the page becomes interactive.
  startTransition(() => {
    hydrateRoot(root, <App config={config} page={page} sidebar={data.sidebar} reactPages={reactPages} loadPageCode={loadPageCode} onNavigated={onNavigated} />);
  });
}

const idle = (window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => void }).requestIdleCallback;
if (idle) idle(() => void start(), { timeout: 1500 });
else setTimeout(() => void start(), 1);
