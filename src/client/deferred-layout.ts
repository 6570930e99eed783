// Long pages are laid out in parts. The stylesheet gives every h2 section, table and code block
// of the content `content-visibility: auto` until it carries LAID_OUT, so while a page loads the
// browser lays out only what is near the screen; on the API reference pages that is most of the
// first layout, the longest task of the page load on a slow phone. A skipped part only has an
// estimated height, though, so once the browser is idle the parts are laid out one after
// another in short tasks, and a moment later the page has its true height: the scroll bar,
// restored scroll positions and table measurements are exact again.
import { whenIdle } from './schedule.ts';

export const LAID_OUT = 'is-laid-out';
// The same parts as the rule in src/theme/styles/content.css: only those inside the content.
const PARTS = `.markdown :is(.doc-section, table, pre):not(.${LAID_OUT})`;
/** Work per idle task: short enough that a tap on the page is never kept waiting. */
const SLICE_MS = 5;

function deferredParts(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(PARTS)];
}

/**
 * Lays out the deferred parts under `root` in document order, a few at a time while the browser
 * is idle, then calls `done`. Returns a cancel.
 */
export function layOutGradually(root: ParentNode, done: () => void): () => void {
  const parts = deferredParts(root);
  let next = 0;
  let cancel = () => {};
  const slice = () => {
    const until = performance.now() + SLICE_MS;
    while (next < parts.length && performance.now() < until) {
      const part = parts[next++];
      if (part.classList.contains(LAID_OUT)) continue; // restoreScrollY got there first
      part.classList.add(LAID_OUT);
      // Reading a size lays out this part now, inside the slice, instead of every part of the
      // slice together in the next frame.
      void part.offsetHeight;
    }
    if (next < parts.length) cancel = whenIdle(slice);
    else done();
  };
  cancel = whenIdle(slice);
  return () => cancel();
}

/** Scrolls to a remembered position, which only means the same place once everything is laid out. */
export function restoreScrollY(y: number) {
  for (const part of deferredParts(document)) part.classList.add(LAID_OUT);
  window.scrollTo(0, y);
}
