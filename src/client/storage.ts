// localStorage that never throws: private modes and full quotas must not break the page.
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* reading still works from memory for this visit */
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* nothing to do */
    }
  },
};

/** sessionStorage that never throws: what is remembered only until the tab is closed. */
export const sessionStore = {
  get(key: string): string | null {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.sessionStorage.setItem(key, value);
    } catch {
      /* without it, the next page load simply tries again */
    }
  },
};

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
