// Behaviour for the static content HTML: copy buttons (their code loaded by the first click),
// tabs, and links to a part of a page (or text found on it) that a tab or a <details> hides. One
// delegated listener per event type serves every page, so content swaps need no per-block setup
// beyond applying the stored tab choices.
import { storage, STORAGE_KEYS } from './storage.ts';
import { LAID_OUT } from './deferred-layout.ts';

function selectTab(tab: HTMLElement, focus: boolean) {
  // The tab list holds the group's tabs and nothing else (build/markdown/directives.ts).
  for (const t of tab.parentElement!.children as HTMLCollectionOf<HTMLElement>) {
    const selected = t === tab;
    t.ariaSelected = String(selected);
    t.tabIndex = selected ? 0 : -1;
    // The panel as the build writes it (build/markdown/directives.ts): when not selected, hidden
    // but found by find in page (a browser without that sets plain `hidden`), and no Tab stop.
    const panel = document.getElementById(t.getAttribute('aria-controls')!)! as HTMLElement & { hidden: boolean | string };
    panel.hidden = !selected && 'until-found';
    panel.tabIndex = t.tabIndex;
  }
  if (focus) tab.focus();
}

/**
 * What a tab stands for across groups and pages: its label as the author wrote it. (The build's
 * data-value is unique per page — "debian", then "debian-1" — so it cannot tie groups together.)
 */
function choiceOf(tab: HTMLElement): string {
  return (tab.textContent ?? '').trim();
}

/** Selects the tab labelled `value` in every tab group named `group` under `root`. */
function selectInGroup(root: ParentNode, group: string, value: string) {
  for (const tabs of root.querySelectorAll<HTMLElement>(`.tabs[data-group="${CSS.escape(group)}"]`)) {
    const tab = [...tabs.querySelectorAll<HTMLElement>(':scope > .tabs__list > [role="tab"]')].find((t) => choiceOf(t) === value);
    if (tab) selectTab(tab, false);
  }
}

function chooseTab(tab: HTMLElement) {
  const group = tab.closest<HTMLElement>('.tabs')?.dataset.group;
  const value = choiceOf(tab);
  if (group && value) {
    // Keep the clicked tab where it is on screen while other groups above it change height.
    const before = tab.getBoundingClientRect().top;
    selectInGroup(document, group, value);
    storage.set(STORAGE_KEYS.tabsPrefix + group, value);
    window.scrollBy(0, tab.getBoundingClientRect().top - before);
  }
  selectTab(tab, true);
}

/** Applies the reader's remembered tab choices to freshly rendered content. */
export function applyStoredTabs(root: ParentNode) {
  // Panels the browser showed where it found a text (a link to a text, `#:~:text=`, is followed as
  // the page loads, before this code runs; content.css hides their neighbours meanwhile).
  const found = root.querySelectorAll('.tabs__panel:not(.tabs__panel--default,[hidden])');
  const groups = new Set<string>();
  root.querySelectorAll<HTMLElement>('.tabs[data-group]').forEach((t) => groups.add(t.dataset.group!));
  for (const group of groups) {
    const value = storage.get(STORAGE_KEYS.tabsPrefix + group);
    if (value) selectInGroup(root, group, value);
  }
  // A text found on this page, and a link to a part of it, win over the remembered choice.
  found.forEach((panel) => selectTab(tabOf(panel), false));
  revealFragmentTarget();
}

const tabOf = (panel: Element) => document.getElementById(panel.getAttribute('aria-labelledby')!)!;

/**
 * The element a link sends the reader to may be, or sit in, a tab that is not selected or a closed
 * <details>: a hidden element has no place on the page, so the browser would not move. Selects
 * its tabs (for this group only: the reader's remembered choice stays) and opens its <details>;
 * true when something was hidden.
 */
export function revealTarget(target: Element): boolean {
  let hidden = false;
  for (let el: Element | null = target; (el = el.closest('details:not([open]), .tabs__panel[hidden]')); el = el.parentElement!, hidden = true) {
    if (el instanceof HTMLDetailsElement) el.open = true;
    else selectTab(tabOf(el), false);
  }
  return hidden;
}

/**
 * The element the address's fragment names (`:target`), when it is in a hidden part: shown and
 * scrolled to. Client navigation (history.pushState) leaves `:target` as it was; the navigation
 * reveals its own target (src/client/entry.tsx) after the new content's tabs are set.
 */
function revealFragmentTarget() {
  const target = document.querySelector(':target');
  if (target && revealTarget(target)) target.scrollIntoView();
}

/**
 * Tables wider than the column scroll sideways; a keyboard user can only scroll a region that
 * can take focus. Every table comes from the build with tabindex="0"; once measured, the ones
 * that fit the screen are no Tab stop (and a resize can make one again).
 */
export function makeScrollableTablesFocusable(root: ParentNode) {
  // Only tables already laid out: measuring one whose layout is still deferred would force it
  // (and its section) to be laid out now. The deferred ones are measured once they are done.
  const tables = [...root.querySelectorAll<HTMLTableElement>(`table.${LAID_OUT}`)];
  // All measurements first, then all changes: one layout, however many tables.
  const wide = tables.map((t) => t.scrollWidth > t.clientWidth + 1);
  tables.forEach((table, i) => {
    if (wide[i]) table.tabIndex = 0;
    else table.removeAttribute('tabindex');
  });
}

/**
 * A collapsed <details> prints its summary alone: every one in the article opens for the print and
 * closes again after it. The events run around the print's own layout, before anything is laid
 * out for paper, and opening one needs nothing from the network.
 */
function openDetailsWhilePrinting() {
  let opened: HTMLDetailsElement[] = [];
  window.addEventListener('beforeprint', () => {
    opened = [...document.querySelectorAll<HTMLDetailsElement>('.markdown details:not([open])')];
    for (const d of opened) d.open = true;
  });
  window.addEventListener('afterprint', () => {
    for (const d of opened) d.open = false;
    opened = [];
  });
}

let installed = false;

export function installContentEnhancers() {
  if (installed) return;
  installed = true;
  openDetailsWhilePrinting();
  // Find in page found a text in a panel that is hidden="until-found": the browser shows it, and
  // its tab is selected with it.
  document.addEventListener('beforematch', (e) => revealTarget(e.target as Element));
  revealFragmentTarget();
  window.addEventListener('hashchange', revealFragmentTarget);
  document.addEventListener('click', (e) => {
    const target = e.target as Element | null;
    const copy = target?.closest<HTMLButtonElement>('.code-block__copy');
    if (copy) {
      // Loaded by the first copy, as the search dialog is by the first search: no reader needs it to read.
      import('./copy-code.ts').then((m) => m.copyCode(copy), () => {});
      return;
    }
    const tab = target?.closest<HTMLElement>('.tabs__list > [role="tab"]');
    if (tab) chooseTab(tab);
  });
  document.addEventListener('keydown', (e) => {
    const tab = (e.target as Element | null)?.closest?.<HTMLElement>('.tabs__list > [role="tab"]');
    if (!tab) return;
    const tabs = [...tab.parentElement!.querySelectorAll<HTMLElement>('[role="tab"]')];
    const i = tabs.indexOf(tab);
    const next = e.key === 'ArrowRight' ? tabs[(i + 1) % tabs.length]
      : e.key === 'ArrowLeft' ? tabs[(i - 1 + tabs.length) % tabs.length]
      : e.key === 'Home' ? tabs[0] : e.key === 'End' ? tabs[tabs.length - 1] : undefined;
    if (next) {
      e.preventDefault();
      chooseTab(next);
    }
  });
}
