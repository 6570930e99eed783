// What a first visit costs: gzip bytes of the HTML (the CSS is inlined in it) plus every JS file the page loads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

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

const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;

/** sampleHtml: the HTML of some pages (the build keeps one in fifty; the median barely moves). */
export function measureFirstLoad(outDir: string, initialFiles: string[], inlineCss: string, sampleHtml: string[]): FirstLoad {
  let js = 0;
  for (const f of initialFiles) js += gz(readFileSync(path.join(outDir, f)));
  const css = gz(inlineCss);
  const sizes = sampleHtml.map(gz).sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)] ?? 0;
  return { jsGzip: js, cssGzip: css, htmlGzipMedian: median, totalGzipMedian: median + js };
}
