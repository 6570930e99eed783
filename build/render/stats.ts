// What a first visit costs: gzip bytes of the HTML (the CSS is inlined in it) plus every JS file the page loads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';

export interface FirstLoad {
  /** gzip bytes of the JS every page loads. */
  jsGzip: number;
  /** gzip bytes of the stylesheet on its own (every page's HTML carries it inline). */
  cssGzip: number;
  /** Median gzip bytes of a page's HTML. */
  htmlGzipMedian: number;
  /** Median first-visit total: HTML (with its CSS) + JS, gzip. */
  totalGzipMedian: number;
}

/** gzip bytes at the level a server would precompress with at best. */
export const gzipSize = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;
const gz = gzipSize;
const gzipAsync = promisify(gzip);
/** gzipSize, computed on libuv's threads: the build samples pages while its own thread renders. */
export const gzipSizeOffThread = async (b: Buffer | string) => (await gzipAsync(b, { level: 9 })).length;

/** gzip bytes of files under outDir, each compressed on its own (as a browser downloads them). */
export function gzipBytesOf(outDir: string, files: string[]): number {
  let bytes = 0;
  for (const f of files) bytes += gz(readFileSync(path.join(outDir, f)));
  return bytes;
}

/**
 * js: gzipBytesOf the bundle's initial files (measured when the bundle is made, kept with it).
 * htmlGzip: gzipSize of some pages' HTML (the build takes one in fifty; the median barely moves).
 */
export function measureFirstLoad(js: number, inlineCss: string, htmlGzip: number[]): FirstLoad {
  const css = gz(inlineCss);
  const sizes = [...htmlGzip].sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)] ?? 0;
  return { jsGzip: js, cssGzip: css, htmlGzipMedian: median, totalGzipMedian: median + js };
}
