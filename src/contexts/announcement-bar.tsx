// Whether the announcement bar shows. Dismissal is stored with the bar's id: a new id in the
// config shows the bar again. The pre-paint script hides a dismissed bar before first paint
// (html[data-announcement-dismissed]), so the server-rendered bar never flashes.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { storage, STORAGE_KEYS } from '../client/storage.ts';
import { createStrictContext } from './strict-context.tsx';

interface AnnouncementBarValue {
  isActive: boolean;
  close(): void;
}

const [AnnouncementBarContext, useAnnouncementBar] = createStrictContext<AnnouncementBarValue>('AnnouncementBar');
export { useAnnouncementBar };

export function isAnnouncementDismissed(id: string): boolean {
  return storage.get(STORAGE_KEYS.announcementId) === id && storage.get(STORAGE_KEYS.announcementDismissed) === 'true';
}

export function AnnouncementBarProvider({ id, children }: { id: string | undefined; children: ReactNode }) {
  const [isActive, setActive] = useState(Boolean(id));
  useEffect(() => {
    if (!id) return;
    if (storage.get(STORAGE_KEYS.announcementId) !== id) {
      storage.set(STORAGE_KEYS.announcementId, id);
      storage.remove(STORAGE_KEYS.announcementDismissed);
      delete document.documentElement.dataset.announcementDismissed;
    }
    setActive(!isAnnouncementDismissed(id));
  }, [id]);
  const close = useCallback(() => {
    storage.set(STORAGE_KEYS.announcementDismissed, 'true');
    document.documentElement.dataset.announcementDismissed = 'true';
    setActive(false);
  }, []);
  const value = useMemo(() => ({ isActive, close }), [isActive, close]);
  return <AnnouncementBarContext.Provider value={value}>{children}</AnnouncementBarContext.Provider>;
}
