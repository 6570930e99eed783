// VitePress's front-matter keys, read where they mean what a key of ours means, so that a page
// brought from a VitePress site keeps its table of contents, pager and edit link as they were:
//   outline: false | 2 | [2, 4] | 'deep'  → hide_table_of_contents / toc_min_heading_level, toc_max_heading_level
//   prev: false, next: false              → pagination_prev: null, pagination_next: null
//   editLink: false                       → custom_edit_url: null
// A key written the Docusaurus way as well wins. VitePress's other keys, and these keys in forms
// with no counterpart here (`prev: 'Текст'`), are said once each with what to write instead:
// never silently dropped.
import type { Warning } from '../errors.ts';

/** VitePress keys about its own theme (home page hero, layout, aside…): nothing here reads them. */
const THEME_ONLY = new Set(['layout', 'hero', 'features', 'aside', 'sidebar', 'navbar', 'footer', 'pageClass', 'head', 'titleTemplate', 'lastUpdated', 'isHome', 'search']);

type Data = Record<string, unknown>;

const isLevel = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 2 && (n as number) <= 6;

/** The outline's heading levels as ours, or a reason it cannot be read. */
function outlineLevels(value: unknown): { min: number; max: number } | false | string {
  if (value === false) return false;
  if (value === 'deep') return { min: 2, max: 6 };
  if (isLevel(value)) return { min: value, max: value };
  if (Array.isArray(value) && value.length === 2 && isLevel(value[0]) && isLevel(value[1]) && value[0] <= value[1]) return { min: value[0], max: value[1] };
  return 'outline is false, a level from 2 to 6, [from, to] or "deep"';
}

/** The keys this module reads: they leave the data, read as ours or said. */
const VITEPRESS_KEYS = new Set(['outline', 'prev', 'next', 'editLink', ...THEME_ONLY]);

/** `data` with VitePress's keys read as ours (a copy when it has any), and what could not be. */
export function readVitePressKeys(data: Data, file: string, lineOf: (key: string) => number): { data: Data; warnings: Warning[] } {
  const keys = Object.keys(data).filter((k) => VITEPRESS_KEYS.has(k));
  if (keys.length === 0) return { data, warnings: [] };
  const out: Data = { ...data };
  for (const key of keys) delete out[key];
  const warnings: Warning[] = [];
  const say = (key: string, message: string) => warnings.push({ file, line: lineOf(key), message: `front matter key "${key}" (VitePress): ${message}` });
  const set = (ours: string, value: unknown) => {
    if (!(ours in data)) out[ours] = value;
  };
  if ('outline' in data) {
    const levels = outlineLevels(data.outline);
    if (levels === false) set('hide_table_of_contents', true);
    else if (typeof levels === 'string') say('outline', `not read: ${levels}`);
    else if (!('toc_min_heading_level' in data || 'toc_max_heading_level' in data)) {
      set('toc_min_heading_level', levels.min);
      set('toc_max_heading_level', levels.max);
    }
  }
  for (const [key, ours] of [['prev', 'pagination_prev'], ['next', 'pagination_next']] as const) {
    if (!(key in data)) continue;
    if (data[key] === false) set(ours, null);
    else say(key, `only "${key}: false" is read here; to name the page write ${ours}: <doc id>, and a page's label in the pager is its pagination_label`);
  }
  if ('editLink' in data) {
    if (data.editLink === false) set('custom_edit_url', null);
    else if (data.editLink !== true) say('editLink', 'only true or false is read here (custom_edit_url sets the link)');
  }
  for (const key of Object.keys(data)) {
    if (THEME_ONLY.has(key)) say(key, key === 'lastUpdated' ? 'has no effect here; last_update: { date: YYYY-MM-DD } sets the date shown' : 'part of VitePress\'s theme, has no effect here');
  }
  return { data: out, warnings };
}
