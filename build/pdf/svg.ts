// Draws an SVG figure into the guide with svg-to-pdfkit, in the guide's own embedded fonts (the
// system is never asked for a font), scaled to fit the column and keeping its aspect ratio.
import SVGtoPDF from 'svg-to-pdfkit';

export interface SvgBox { width: number; height: number }

/** The figure's intrinsic size: width/height attributes, else the viewBox. */
export function svgSize(svg: string): SvgBox | null {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!root) return null;
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(root)?.[1];
  const w = parseFloat(attr('width') ?? ''), h = parseFloat(attr('height') ?? '');
  if (w > 0 && h > 0) return { width: w, height: h };
  const box = attr('viewBox')?.trim().split(/[\s,]+/).map(Number);
  if (box && box.length === 4 && box[2]! > 0 && box[3]! > 0) return { width: box[2]!, height: box[3]! };
  return null;
}

/** A font family list with a monospace face in it draws in the mono font, the rest in sans. */
function fontFor(family: string, bold: boolean, italic: boolean): string {
  const mono = /mono|menlo|consolas|courier/i.test(family);
  if (mono) return bold ? 'monoBold' : 'mono';
  return bold && italic ? 'boldItalic' : bold ? 'bold' : italic ? 'italic' : 'sans';
}

/**
 * Draws `svg` at (x, y) in a box of `box` points. Throws with svg-to-pdfkit's message when the
 * file cannot be parsed; features it skips are returned so that the caller can name them.
 */
export function drawSvg(doc: PDFKit.PDFDocument, svg: string, x: number, y: number, box: SvgBox): string[] {
  const problems: string[] = [];
  // svg-to-pdfkit only knows font-weight="bold"; the figures use numeric weights.
  const source = svg.replace(/font-weight="(?:[6-9]00|bolder)"/g, 'font-weight="bold"');
  SVGtoPDF(doc, source, x, y, {
    width: box.width, height: box.height, preserveAspectRatio: 'xMinYMin meet',
    fontCallback: (family: string, bold: boolean, italic: boolean) => fontFor(family ?? '', bold, italic),
    warningCallback: (message: string) => problems.push(message),
  });
  return problems;
}
