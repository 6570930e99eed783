// The icons' SVG sprite (src/theme/Icons): one <symbol> per icon, written into the browser's
// assets under a content-hashed name. Both bundles get that URL as process.env.SG_ICON_SPRITE.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ICON_SHAPES } from '../../src/theme/Icons/icon-shapes.ts';

export interface IconSprite {
  /** Relative to the output folder, e.g. assets/icons.1a2b3c4d.svg */
  file: string;
  /** Its public URL. */
  url: string;
  svg: string;
}

export function iconSprite(): IconSprite {
  const symbols = Object.entries(ICON_SHAPES).map(([name, [attributes, body]]) => `<symbol id="${name}" ${attributes}>${body}</symbol>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
  const file = `assets/icons.${createHash('sha256').update(svg).digest('hex').slice(0, 10)}.svg`;
  return { file, url: `/${file}`, svg };
}

/** Writes the sprite into outDir; returns its path relative to outDir. */
export function writeIconSprite(outDir: string, sprite: IconSprite = iconSprite()): string {
  const to = path.join(outDir, sprite.file);
  mkdirSync(path.dirname(to), { recursive: true });
  writeFileSync(to, sprite.svg);
  return sprite.file;
}
