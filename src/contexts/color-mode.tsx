// Dark or light. The pre-paint script (src/client/prepaint.ts) has already put the stored mode
// on <html data-theme> before the first paint; this context only reads it back and changes it.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { storage, STORAGE_KEYS } from '../client/storage.ts';
import { createStrictContext } from './strict-context.tsx';

export type ColorMode = 'dark' | 'light';

interface ColorModeValue {
  mode: ColorMode;
  /** False during the server render and hydration: the real mode is not known yet. */
  known: boolean;
  canSwitch: boolean;
  setMode(mode: ColorMode): void;
}

const [ColorModeContext, useColorMode] = createStrictContext<ColorModeValue>('ColorMode');
export { useColorMode };

export function ColorModeProvider({ defaultMode, canSwitch, children }: { defaultMode: ColorMode; canSwitch: boolean; children: ReactNode }) {
  const [mode, setModeState] = useState<ColorMode>(defaultMode);
  const [known, setKnown] = useState(false);
  useEffect(() => {
    const current = document.documentElement.dataset.theme;
    if (current === 'dark' || current === 'light') setModeState(current);
    setKnown(true);
  }, []);
  const setMode = useCallback((next: ColorMode) => {
    document.documentElement.dataset.theme = next;
    storage.set(STORAGE_KEYS.colorMode, next);
    setModeState(next);
  }, []);
  const value = useMemo(() => ({ mode, known, canSwitch, setMode }), [mode, known, canSwitch, setMode]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}
