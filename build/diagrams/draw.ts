// Draws the diagrams that are not in the store yet, in the system's Chromium with Mermaid's own
// bundle (no network: the page is blank and the script is read from node_modules). Each diagram
// is drawn twice, in Mermaid's light and dark themes, for the reader's colour mode. The CSS Mermaid
// puts in its SVG is written onto the elements as attributes and the <style> dropped: the user
// guide's SVG renderer (svg-to-pdfkit) reads attributes, not selectors, and the file then looks
// the same wherever it is shown.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { BuildError, BuildErrors } from '../errors.ts';
import { writeFileAtomic } from '../cache/atomic-write.ts';
import { chromiumPath, CHROMIUM_FLAGS, hasChromium } from './chromium.ts';
import type { FoundDiagram } from './find.ts';
import { diagramFile, DIAGRAM_VARIANTS, isDrawn, type DiagramVariant } from './store.ts';

const THEMES: Record<DiagramVariant, string> = { light: 'default', dark: 'dark' };
/** Labels are measured here, in the build's fonts; the reader's may differ: wide faces first, so that text rarely outgrows its box. */
const FONT_FAMILY = '"DejaVu Sans", Verdana, Arial, sans-serif';
const DRAW_TIMEOUT_MS = 30_000;
/** The widest the page's text column gets (--content-max, src/theme/styles/tokens.css), in CSS pixels. */
const COLUMN_WIDTH = 860;

/**
 * Runs in the page: `window.drawDiagram(text, theme)` → the SVG's markup. Plain JavaScript (not a
 * function passed to page.evaluate), since the TypeScript loader would wrap a function's names in
 * helpers that do not exist in the page.
 */
const IN_PAGE = `
const INITIAL = { fill: 'rgb(0, 0, 0)', 'fill-opacity': '1', stroke: 'none', 'stroke-width': '1px', 'stroke-dasharray': 'none',
  'stroke-opacity': '1', opacity: '1', 'font-weight': '400', 'font-style': 'normal', 'text-anchor': 'start', 'dominant-baseline': 'auto' };
// A dash pattern with a zero in it (Mermaid's "1,0" for solid lines) is one PDF readers refuse.
const ZERO_DASH = /(^|[\\s,])0(px)?([\\s,]|$)/;
window.drawDiagram = async (text, theme, fontFamily) => {
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', deterministicIds: true, theme, fontFamily,
    htmlLabels: false, flowchart: { htmlLabels: false } });
  const { svg: markup } = await mermaid.render('diagram', text);
  const host = document.createElement('div');
  host.innerHTML = markup;
  document.body.append(host);
  const svg = host.querySelector('svg');
  for (const el of svg.querySelectorAll('*')) {
    if (el.closest('style, title, desc')) continue;
    const computed = getComputedStyle(el);
    if (el.style && ZERO_DASH.test(el.style.strokeDasharray)) el.style.removeProperty('stroke-dasharray');
    for (const [name, initial] of Object.entries(INITIAL)) {
      const value = computed.getPropertyValue(name);
      if (value !== initial && !(name === 'stroke-dasharray' && ZERO_DASH.test(value))) el.setAttribute(name, value);
    }
    if (el.tagName === 'text' || el.tagName === 'tspan') {
      el.setAttribute('font-family', computed.fontFamily);
      el.setAttribute('font-size', computed.fontSize);
    }
  }
  svg.querySelectorAll('style').forEach((style) => style.remove());
  // Its own size, so that an <img> of it has one (Mermaid gives width="100%" and a max-width style).
  const box = svg.viewBox.baseVal && svg.viewBox.baseVal.width > 0 ? svg.viewBox.baseVal : svg.getBBox();
  svg.setAttribute('width', String(Math.ceil(box.width)));
  svg.setAttribute('height', String(Math.ceil(box.height)));
  svg.style.removeProperty('max-width');
  if (!svg.getAttribute('style')) svg.removeAttribute('style');
  const out = new XMLSerializer().serializeToString(svg);
  host.remove();
  return out;
};
window.checkDiagram = async (text) => { await mermaid.parse(text); };
`;

/**
 * Mermaid's message, at the diagram's fence: its own "line N" counts lines of the text as its
 * parser saw it, after its own preprocessing, so it does not always point at the page's line.
 */
function diagramError(d: FoundDiagram, e: unknown): BuildError {
  const message = String((e as Error).message ?? e).replace(/^page\.evaluate: (Error: )?/, '').split('\n    at ')[0].trim();
  return new BuildError(`the Mermaid diagram that starts here cannot be drawn: ${message}`, d.file, d.line, 'correct the diagram (https://mermaid.js.org/intro/syntax-reference.html lists the syntax)');
}

async function openDrawingPage(browser: Browser): Promise<Page> {
  // As wide as the content column: the diagrams that fill their width (gantt) are drawn for it.
  const page = await browser.newPage({ viewport: { width: COLUMN_WIDTH, height: 800 } });
  await page.setContent(`<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0;width:${COLUMN_WIDTH}px"></body></html>`);
  const bundle = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js');
  await page.addScriptTag({ content: readFileSync(bundle, 'utf8') });
  await page.addScriptTag({ content: IN_PAGE });
  return page;
}

const withTimeout = <T>(work: Promise<T>, what: string) => Promise.race([
  work,
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} took more than ${DRAW_TIMEOUT_MS / 1000} s`)), DRAW_TIMEOUT_MS).unref()),
]);

/**
 * Draws every diagram of `found` that `dir` does not have yet and writes both its files; returns
 * how many were drawn. A diagram Mermaid cannot read stops the build at its line; so does a new
 * diagram on a machine without Chromium (with the fix).
 */
export async function drawMissingDiagrams(found: FoundDiagram[], dir: string): Promise<number> {
  const todo = new Map<string, FoundDiagram>();
  for (const d of found) if (!todo.has(d.key) && !isDrawn(dir, d.key)) todo.set(d.key, d);
  if (todo.size === 0) return 0;
  if (!hasChromium()) {
    throw new BuildErrors([...todo.values()].map((d) => new BuildError(`this Mermaid diagram is new or changed, and there is no Chromium at ${chromiumPath()} to draw it`, d.file, d.line,
      'install Chromium (apt-get install chromium) or set CHROMIUM_PATH, and build once; commit the files it adds to docs/_diagrams/, and builds elsewhere need no browser')));
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS, headless: true });
  try {
    const page = await openDrawingPage(browser);
    const errors: BuildError[] = [];
    const drawn: [FoundDiagram, Record<DiagramVariant, string>][] = [];
    for (const d of todo.values()) {
      try {
        await withTimeout(page.evaluate(([text]) => (window as unknown as { checkDiagram(t: string): Promise<void> }).checkDiagram(text), [d.source]), 'reading the diagram');
        const svg = {} as Record<DiagramVariant, string>;
        for (const variant of DIAGRAM_VARIANTS) {
          svg[variant] = await withTimeout(page.evaluate(([text, theme, font]) => (window as unknown as { drawDiagram(t: string, th: string, f: string): Promise<string> }).drawDiagram(text, theme, font),
            [d.source, THEMES[variant], FONT_FAMILY]), 'drawing the diagram');
        }
        drawn.push([d, svg]);
      } catch (e) {
        errors.push(diagramError(d, e));
      }
    }
    if (errors.length) throw errors.length === 1 ? errors[0] : new BuildErrors(errors);
    // Written only when every diagram could be drawn: a failed build adds nothing to the docs.
    for (const [d, svg] of drawn) for (const variant of DIAGRAM_VARIANTS) writeFileAtomic(diagramFile(dir, d.key, variant), `${svg[variant]}\n`);
    return drawn.length;
  } finally {
    await browser.close();
  }
}
