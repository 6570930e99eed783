// The icons' SVG sprite (src/theme/Icons): one <symbol> per icon, written into the browser's
// assets under a content-hashed name. Both bundles get that URL as process.env.SG_ICON_SPRITE.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { importCode, importEsbuild } from '../import-module.ts';

type Shapes = Record<string, readonly [attributes: string, body: string]>;

/** Where the shapes are, in the project. */
export const SHAPES_FILE = path.join('src', 'theme', 'Icons', 'icon-shapes.ts');

export interface IconSprite {
  /** Relative to the output folder, e.g. assets/icons.1a2b3c4d.svg */
  file: string;
  /** Its public URL. */
  url: string;
  svg: string;
}

function spriteOf(shapes: Shapes): IconSprite {
  const symbols = Object.entries(shapes).map(([name, [attributes, body]]) => `<symbol id="${name}" ${attributes}>${body}</symbol>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
  const file = `assets/icons.${createHash('sha256').update(svg).digest('hex').slice(0, 10)}.svg`;
  return { file, url: `/${file}`, svg };
}

/**
 * The sprite of the project's shapes as they are now (the theme is the project's src/, like the
 * bundles'; the dev server asks again after a theme edit).
 */
export async function currentIconSprite(projectRoot: string): Promise<IconSprite> {
  const esbuild = await importEsbuild();
  const result = await esbuild.build({
    entryPoints: [path.join(projectRoot, SHAPES_FILE)],
    bundle: true, write: false, format: 'esm', platform: 'neutral', logLevel: 'silent',
  });
  const mod = await importCode<{ ICON_SHAPES: Shapes }>(result.outputFiles[0].contents);
  return spriteOf(mod.ICON_SHAPES);
}

/** Writes the sprite into outDir; returns its path relative to outDir. */
export function writeIconSprite(outDir: string, sprite: IconSprite): string {
  const to = path.join(outDir, sprite.file);
  mkdirSync(path.dirname(to), { recursive: true });
  writeFileSync(to, sprite.svg);
  return sprite.file;
}
