// The only inline script: runs in <head> before the first paint so that the stored colour mode
// a dismissed announcement bar and a hidden doc sidebar are applied without a flash. Kept tiny and dependency-free;
// the build inlines it and puts its hash in the Content-Security-Policy.
import { STORAGE_KEYS } from './storage.ts';

export interface PrepaintOptions {
  defaultMode: 'dark' | 'light';
  canSwitch: boolean;
  respectPrefersColorScheme: boolean;
  announcementId?: string;
}

export function prepaintScript(o: PrepaintOptions): string {
  const k = STORAGE_KEYS;
  return `(function(){var d=document.documentElement;d.classList.add('js');try{var s=localStorage;`
    + (o.canSwitch
      ? `var m=s.getItem(${JSON.stringify(k.colorMode)});`
        + (o.respectPrefersColorScheme ? `if(!m&&matchMedia('(prefers-color-scheme: light)').matches)m='light';` : '')
        + `if(m==='dark'||m==='light')d.dataset.theme=m;`
      : '')
    + (o.announcementId
      ? `if(s.getItem(${JSON.stringify(k.announcementId)})===${JSON.stringify(o.announcementId)}&&s.getItem(${JSON.stringify(k.announcementDismissed)})==='true')d.dataset.announcementDismissed='true';`
      : '')
    + `if(s.getItem(${JSON.stringify(k.sidebarHidden)})==='true')d.dataset.sidebarHidden='true';`
    + `}catch(e){}})();`;
}
