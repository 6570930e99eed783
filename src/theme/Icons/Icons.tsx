// Icons drawn from one SVG sprite (build/render/icon-sprite.ts): a page refers to each by name, and
// the browser fetches the sprite once for the whole site. Their drawings (icon-shapes.ts) stay out
// of every page's HTML and of the first-load bundle.
import type { SVGProps } from 'react';
import type { IconName } from './icon-shapes.ts';

/**
 * The sprite's URL, content-hashed; both bundles are built with it defined (build/render/bundle.ts).
 * Rendering without a bundle (unit tests) gets the unhashed name.
 */
const SPRITE = process.env.SG_ICON_SPRITE || '/assets/icons.svg';

function icon(name: IconName, size = 20) {
  return (p: SVGProps<SVGSVGElement>) => (
    <svg width={size} height={size} aria-hidden focusable={false} {...p}><use href={`${SPRITE}#${name}`} /></svg>
  );
}

export const MenuIcon = icon('menu');
export const CloseIcon = icon('close');
export const SunIcon = icon('sun');
export const MoonIcon = icon('moon');
export const ChevronIcon = icon('chevron', 16);
export const GlobeIcon = icon('globe', 18);
export const StarIcon = icon('star', 14);
export const ForkIcon = icon('fork', 14);
export const TagIcon = icon('tag', 14);
export const ArrowUpIcon = icon('arrow-up');
export const EditIcon = icon('edit', 16);
export const CopyIcon = icon('copy', 16);
export const SidebarIcon = icon('sidebar');
export const SearchIcon = icon('search', 18);
export const GitHubIcon = icon('github');
