// Watch mode for authors, composed: the session builds the site into .dev/ and keeps it in
// memory, the server serves it with production's routing plus the live-reload endpoints, the
// watcher feeds batches of changes to the session, and each rebuild's outcome goes to the
// open tabs (SSE) and to the terminal as one short line.
import type http from 'node:http';
import path from 'node:path';
import { formatWarning } from '../errors.ts';
import { checkSitePaths, sitePaths, type PathOptions } from '../model/paths.ts';
import { describeAddress, localOrigin } from '../serve/addresses.ts';
import { openBrowser } from '../serve/open-browser.ts';
import { listenNear, movedPortNote } from '../serve/free-port.ts';
import { listen, stopServer } from '../serve/server.ts';
import { describePlan, isEmptyPlan, planChanges, type FileEvent } from './changes.ts';
import { LiveEvents } from './events.ts';
import { editorOpener } from './open-in-editor.ts';
import { createDevServer } from './server.ts';
import { GUIDE_PATH } from '../pdf/stage.ts';
import { DevSession, MACHINE_FILES, type RebuildResult } from './session.ts';
import { filesUnder, watchInBatches, type BatchWatcher } from './watcher.ts';

export interface DevOptions extends PathOptions {
  /** Where the dev output goes: `.dev/` in the project by default (never dist/). */
  outDir?: string;
  port: number;
  host?: string;
  /** One line per start and rebuild, and warnings. */
  log?: (line: string) => void;
  /** Errors, with file:line. */
  logError?: (text: string) => void;
  /**
   * Told once the first build has put the whole site in place; startDevServer() resolves a little
   * later, when the file watcher has read the folders (seconds at 10 000 files).
   */
  onBuilt?: () => void;
  /** false: a busy port moves the server to the next free one (the port was not asked for by name). */
  strictPort?: boolean;
  /** Open the site in a browser once the server listens (build/serve/open-browser.ts): the first page is served before the rest is built. */
  open?: boolean;
}

export interface DevServer {
  url: string;
  port: number;
  /** Result of the first build. */
  started: RebuildResult;
  /** Stops watching, building and serving. */
  close(): Promise<void>;
}

export const formatMs = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Listens first (a taken port fails at once), then builds; page requests wait for the build. */
export async function startDevServer(options: DevOptions): Promise<DevServer> {
  // The server render must use React's production build, as `build()` does.
  process.env.NODE_ENV ??= 'production';
  const log = options.log ?? ((line) => console.log(line));
  const logError = options.logError ?? ((text) => console.error(text));
  const root = path.resolve(options.projectRoot);
  const outDir = options.outDir ?? path.join(root, '.dev');
  checkSitePaths(sitePaths({ ...options, outDir }), options, outDir === path.join(root, '.dev'));
  const session = new DevSession({ ...options, outDir });
  const events = new LiveEvents();
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  // The user guide PDF and the pages for machines that hold the whole site are made when the
  // browser asks for them, not on every edit.
  const onDemand = new Map<string, () => Promise<string | undefined>>([[`/${GUIDE_PATH}`, () => session.userGuide()], ...MACHINE_FILES.map((p) => [p, () => session.machineFiles()] as const)]);
  const t0 = performance.now();
  const watched = [session.paths.docsDir, session.paths.pagesDir, session.srcDir, session.paths.staticDir, session.paths.configPath]
    .filter((p): p is string => p !== null);
  // A folder inside another watched one (src/pages in src/) would report each event twice.
  const roots = watched.filter((p, i) => !watched.some((q, j) => j !== i && (p === q ? j < i : p.startsWith(q + path.sep))));
  // Files outside those folders that pages show or include (`<<< ../../examples/main.tf`, an
  // image) or the config imports are watched one by one, as the compiles find them; one saved
  // after the build that found it started (while the first build ran, say) is caught up at once.
  const watchIncluded = (readSince: number) => watcher?.add(session.inputFiles().filter((f) => !roots.some((r) => f === r || f.startsWith(r + path.sep))), readSince);
  // Saves closer together than the quiet time become one rebuild; SG_DEV_QUIET_MS widens it on a
  // loaded machine (or a network file system) where one burst of saves reaches us spread out.
  const quietMs = process.env.SG_DEV_QUIET_MS ? Number(process.env.SG_DEV_QUIET_MS) : undefined;
  if (quietMs !== undefined && !(quietMs >= 0)) throw new Error(`SG_DEV_QUIET_MS=${process.env.SG_DEV_QUIET_MS}: expected a number of milliseconds, e.g. SG_DEV_QUIET_MS=200`);
  // The watcher starts after the first page (startWatching): what it must catch up on is whatever
  // was written from now on (a few ms early: file times come from a coarser clock) or is gone.
  const since = Date.now() - 20;
  const before = filesUnder(roots);
  let startWatching!: () => void;
  let firstServed = false;
  // The first page asked for is rendered on its own while the rest of the site builds.
  const early = async (route: string) => {
    const html = await session.renderEarly(route);
    if (html !== undefined && !firstServed) {
      firstServed = true;
      log(`${route} served in ${formatMs(performance.now() - t0)}; building the rest of the site…`);
      setImmediate(startWatching); // after this response is on its way
    }
    return html;
  };
  // The overlay's file links open what the site is made of: the watched folders and the files outside them that pages show.
  const openInEditor = editorOpener(session.paths.root, () => [...roots, ...session.inputFiles()], log);
  const server = createDevServer({ root: session.paths.outDir, events, devClient: () => session.devClient, csp: () => session.csp, ready, onDemand, early,
    prepare: (urlPath) => session.prepare(urlPath), openInEditor });
  const host = options.host ?? 'localhost';
  const port = await (options.strictPort === false ? listenNear : listen)(server, options.port, host);
  const moved = movedPortNote(options.port, port);
  if (moved) log(moved);
  const url = localOrigin(host, port);
  if (options.open) openBrowser(`${url}/`, log);

  let shownErrors: string[] = [];
  const report = (result: RebuildResult) => {
    for (const w of result.warnings) log(`warning: ${formatWarning(w)}`);
    // Each error once, when it appears (the overlay shows them all the while).
    const fresh = result.errors.filter((e) => !shownErrors.includes(e));
    for (const e of fresh) logError(`error: ${e}`);
    shownErrors = result.errors;
    events.setErrors(result.errors);
  };
  const reportLinks = (routes: string[]) => {
    for (const w of session.brokenLinks(routes)) log(`warning: ${formatWarning(w)}`);
  };
  const errorNote = (r: RebuildResult) => (r.errors.length ? `, ${plural(r.errors.length, 'error')} (shown in the browser)` : '');

  const initial = session.start().then((result) => {
    startWatching();
    watchIncluded(since);
    report(result);
    // A tab showing a page served early whose built version differs loads it again.
    events.setProvisional(result.provisional, result.sidebarVersions);
    if (result.provisional.length) events.update({ routes: result.provisional, sidebarVersions: result.sidebarVersions });
    const what = result.built ? `${plural(session.routes.length, 'page')} built into ${path.relative(process.cwd(), session.paths.outDir) || '.'}` : 'nothing built yet';
    log(`Dev server at ${describeAddress(host, port)} — ${what} in ${formatMs(performance.now() - t0)}${errorNote(result)}. Watching for changes (Ctrl+C to stop).`);
    markReady();
    if (result.built) {
      options.onBuilt?.();
      reportLinks(session.routes);
      setImmediate(() => session.warmUp());
    }
    return result;
  });

  const onBatch = async (batch: FileEvent[]) => {
    await initial;
    if (process.env.SG_DEV_DEBUG) log(`events: ${batch.map((e) => `${e.type} ${e.file}`).join(', ')}`);
    const plan = planChanges(batch, session.dirs);
    if (isEmptyPlan(plan)) return;
    const t = performance.now();
    const readSince = Date.now() - 20; // file times come from a coarser clock
    const result = await session.update(plan);
    const ms = performance.now() - t;
    report(result);
    if (result.reload) events.reload();
    else if (result.routes.length) events.update({ routes: result.routes, sidebarVersions: result.sidebarVersions });
    // After the open tabs are told: this goes over every page's included files.
    watchIncluded(readSince);
    const did = describeResult(result);
    log(`${describePlan(plan, root)}: ${did} in ${formatMs(ms)}${errorNote(result)}`);
    if (process.env.SG_DEV_DEBUG) log(`  steps: ${Object.entries(result.timings).map(([k, v]) => `${k} ${v} ms`).join(', ')}`);
    reportLinks(result.routes);
  };
  let watcher: BatchWatcher | undefined;
  const watching = new Promise<BatchWatcher>((resolve) => (startWatching = () => {
    // chokidar's first scan costs about 1.3 s on the main thread at 10,000 files: started at once,
    // it would delay the first page by as much. Whatever changed meanwhile is caught up when it is ready.
    watcher ??= watchInBatches(roots, onBatch, { quietMs, onError: (e) => logError(`error: ${(e as Error).stack ?? e}`), catchUp: { since, before } });
    resolve(watcher);
  }));

  let started: RebuildResult;
  try {
    [started] = await Promise.all([initial, watching.then((w) => w.ready)]);
  } catch (e) {
    await closeAll(server, events, watcher, session);
    throw e;
  }
  return { url, port, started, close: () => closeAll(server, events, watcher, session) };
}

async function closeAll(server: http.Server, events: LiveEvents, watcher: BatchWatcher | undefined, session: DevSession): Promise<void> {
  events.close();
  await watcher?.close();
  await stopServer(server);
  await session.close();
}

/** What a rebuild did, in words: pages updated, pages removed (by route), or a reload. */
export function describeResult(result: Pick<RebuildResult, 'reload' | 'rendered' | 'routes' | 'removed' | 'deferred'>): string {
  if (result.reload) return `${plural(result.rendered, 'page')} rendered, reloading`;
  const updated = result.routes.length - result.removed.length;
  const parts = [
    ...(updated > 0 ? [`${plural(updated, 'page')} updated`] : []),
    ...(result.removed.length ? [`${result.removed.length === 1 ? 'page' : 'pages'} ${result.removed.join(', ')} removed`] : []),
  ];
  if (result.deferred) parts.push(`${plural(result.deferred, 'page')} rendering in the background`);
  return parts.length ? parts.join(', ') : 'no page changed';
}
