// "Скопировать как Markdown": fetches the page's own Markdown (`<route>.md`, written by the
// build) and puts it on the clipboard. The state drives the button's visible confirmation.
import { useCallback, useEffect, useRef, useState } from 'react';

export type CopyState = 'idle' | 'copying' | 'copied' | 'failed';

/** How long "Скопировано" stays before the button reads as before. */
export const COPIED_MS = 2000;

export function useCopyMarkdown(url: string | undefined): { state: CopyState; copy: () => void } {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // Another page: the button starts over.
  useEffect(() => setState('idle'), [url]);
  const copy = useCallback(() => {
    if (!url) return;
    setState('copying');
    fetch(url)
      .then((res) => {
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        return res.text();
      })
      // The clipboard code is loaded by the first copy: no reader needs it to read.
      .then((text) => import('../client/clipboard.ts').then((m) => m.copyText(text)))
      .then(() => 'copied' as const, () => 'failed' as const)
      .then((next) => {
        setState(next);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => setState('idle'), COPIED_MS);
      });
  }, [url]);
  return { state, copy };
}
