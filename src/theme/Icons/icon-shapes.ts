// The icons' drawings. The build writes them once into an SVG sprite (build/render/icon-sprite.ts)
// that every page refers to; neither the pages' HTML nor the browser's bundle carries them.
// Only types may be imported from here into components (src/theme/Icons/Icons.tsx).

/** Lines 2 px wide with round ends on a 24-unit grid, the stroke taking the text's colour. */
const LINE = 'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

export const ICON_SHAPES = {
  menu: [LINE, '<path d="M3 6h18M3 12h18M3 18h18"/>'],
  close: [LINE, '<path d="M18 6 6 18M6 6l12 12"/>'],
  sun: [LINE, '<circle cx="12" cy="12" r="4"/><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"/>'],
  moon: [LINE, '<path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z"/>'],
  chevron: [LINE, '<path d="m9 18 6-6-6-6"/>'],
  globe: [LINE, '<circle cx="12" cy="12" r="10"/><path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20"/>'],
  star: [LINE, '<path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z"/>'],
  fork: [LINE, '<circle cx="6" cy="5" r="2"/><circle cx="18" cy="5" r="2"/><circle cx="12" cy="19" r="2"/><path d="M6 7v2a3 3 0 0 0 3 3h6a3 3 0 0 0 3-3V7M12 12v5"/>'],
  tag: [LINE, '<path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8z"/><circle cx="7.5" cy="7.5" r="1.5"/>'],
  'arrow-up': [LINE, '<path d="M12 19V5M5 12l7-7 7 7"/>'],
  edit: [LINE, '<path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z"/>'],
  copy: [LINE, '<rect x="9" y="9" width="12" height="12" rx="2"/><path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1"/>'],
  sidebar: [LINE, '<rect x="3" y="3" width="18" height="18" rx="2"/><path d="M9 3v18"/>'],
  search: [LINE, '<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/>'],
  github: ['viewBox="0 0 16 16" fill="currentColor"', '<path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0 0 16 8c0-4.42-3.58-8-8-8z"/>'],
} as const satisfies Record<string, readonly [attributes: string, body: string]>;

export type IconName = keyof typeof ICON_SHAPES;
