// The inline script in <head>: runs before the first paint so that the stored colour mode, a
// dismissed announcement bar and a hidden doc sidebar are applied without a flash, and a text
// found in a tab that is not shown is shown alone. Kept tiny and dependency-free;
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
  return `(function(){var d=document.documentElement;d.classList.add('js');`
    // Find in page, or a link to a text (`#:~:text=`), may find it in a tab's panel that is not
    // shown (hidden="until-found", build/markdown/directives.ts): the browser shows that panel, and
    // this hides the others of its group at once, before the browser scrolls to the text. Here
    // because a link to a text is followed as the page loads, before the site's JavaScript; that
    // selects the panel's tab when it starts (src/client/content-enhancers.ts).
    + `document.addEventListener('beforematch',function(e){var p=e.target,q=p.parentNode&&p.parentNode.firstElementChild;if(p.classList.contains('tabs__panel'))for(;q;q=q.nextElementSibling)if(q!==p&&q.classList.contains('tabs__panel'))q.setAttribute('hidden','until-found')});`
    + `try{var s=localStorage;`
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
