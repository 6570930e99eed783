// Work that must not lengthen the task that commits a render. React runs every effect of a
// commit in one task, and on a long page each effect that measures layout after another changed
// the DOM costs a full layout; measured in Lighthouse's trace of the API reference pages, that
// task was the page's longest after the first paint. So effects that are not needed for the next
// frame hand their work to these.

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };

/** Runs `job` when the browser is idle (at the latest after `timeoutMs`); returns a cancel. */
export function whenIdle(job: () => void, timeoutMs = 1000): () => void {
  const w = window as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(job, { timeout: timeoutMs });
    return () => w.cancelIdleCallback!(id);
  }
  const id = window.setTimeout(job, 1);
  return () => window.clearTimeout(id);
}

/** Runs `job` before the next frame is painted, in a task of its own; returns a cancel. */
export function beforeNextFrame(job: () => void): () => void {
  const id = requestAnimationFrame(job);
  return () => cancelAnimationFrame(id);
}
