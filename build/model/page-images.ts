// Front matter `image` (the picture a shared link shows): a path under static/ must name a file
// there, or every shared link to the page would show a broken picture, and nothing else in the
// build would notice (the link check reads href and src, not meta tags).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BuildError, throwIfAny } from '../errors.ts';
import type { SourcePage } from './content.ts';
import { frontMatterKeyLine } from './frontmatter.ts';
import { decodedBy } from '../decoded-url.ts';

export function checkPageImages(pages: SourcePage[], staticDir: string): void {
  const errors: BuildError[] = [];
  for (const page of pages) {
    const image = page.frontMatter.image;
    if (!image?.startsWith('/')) continue;
    const file = path.join(staticDir, decodedBy(decodeURI, image.split(/[?#]/)[0]));
    if (existsSync(file)) continue;
    const line = frontMatterKeyLine(page.raw, 'image');
    errors.push(new BuildError(`image ${image} is not a file under ${path.basename(staticDir)}/`, page.file, line,
      `put the picture at ${path.relative(process.cwd(), file) || file}, or give a full https:// URL`));
  }
  throwIfAny(errors);
}

