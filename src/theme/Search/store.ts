// The one search dialog of the page belongs to the navbar's search button; other places (the
// menu on narrow screens) ask it to open through this tiny channel instead of owning a second.
type Listener = () => void;
const listeners = new Set<Listener>();

export function requestSearch(): void {
  for (const l of listeners) l();
}

export function onSearchRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
