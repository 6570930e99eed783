// Web storage that never throws: private modes, full quotas and storage turned off must not
// break the page. What cannot be stored is simply not remembered.
function safeStorage(area: () => Storage) {
  return {
    get(key: string): string | null {
      try {
        return area().getItem(key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        area().setItem(key, value);
      } catch {
        /* not remembered: reading still works from memory for this visit */
      }
    },
    remove(key: string): void {
      try {
        area().removeItem(key);
      } catch {
        /* nothing to do */
      }
    },
  };
}

/** localStorage: what the reader chose, kept across visits. */
export const storage = safeStorage(() => window.localStorage);
/** sessionStorage: what is remembered only until the tab is closed. */
export const sessionStore = safeStorage(() => window.sessionStorage);

/** Every key the site stores, in one place so the pre-paint script and hooks agree. */
export const STORAGE_KEYS = {
  colorMode: 'sg.theme',
  announcementId: 'sg.announcement.id',
  announcementDismissed: 'sg.announcement.dismissed',
  preferredVersion: 'sg.docs.preferredVersion',
  tabsPrefix: 'sg.tabs.',
  github: 'sg.github.',
  /** sessionStorage: GitHub's API did not answer in this session (intranet, offline). */
  githubUnreachable: 'sg.github.unreachable',
  sidebarHidden: 'sg.sidebar.hidden',
} as const;
