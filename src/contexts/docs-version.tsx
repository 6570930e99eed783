// The documentation version: one version today ("current", labelled "Next"), kept as a context
// so that a second version needs no component changes. The reader's choice is remembered.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { storage, STORAGE_KEYS } from '../client/storage.ts';
import { createStrictContext } from './strict-context.tsx';

export interface DocsVersion {
  name: string;
  label: string;
  mainDoc: string;
}

interface DocsVersionValue {
  version: DocsVersion;
  versions: DocsVersion[];
  preferred: string | null;
  setPreferred(name: string): void;
}

const [DocsVersionContext, useDocsVersion] = createStrictContext<DocsVersionValue>('DocsVersion');
export { useDocsVersion };

export function DocsVersionProvider({ version, children }: { version: DocsVersion; children: ReactNode }) {
  const [preferred, setPreferredState] = useState<string | null>(null);
  // Read after hydration: the server render cannot know it.
  useEffect(() => setPreferredState(storage.get(STORAGE_KEYS.preferredVersion)), []);
  const setPreferred = useCallback((name: string) => {
    storage.set(STORAGE_KEYS.preferredVersion, name);
    setPreferredState(name);
  }, []);
  const value = useMemo(() => ({ version, versions: [version], preferred, setPreferred }), [version, preferred, setPreferred]);
  return <DocsVersionContext.Provider value={value}>{children}</DocsVersionContext.Provider>;
}
