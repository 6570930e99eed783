// Two replacements on pdfkit's embedded-font class (checked against pdfkit 0.20), each about a
// sixth of the guide's render time:
// - a word is laid out glyph by glyph from the font's character map, without OpenType shaping
//   (fontkit's GSUB/GPOS pass). The guide's text is Cyrillic, Latin and symbols, which need no
//   shaping; what is lost is kerning and ligatures, which also keeps copied text letter for letter;
// - a text call joins its words' glyph arrays in place, where pdfkit concatenates a new copy of
//   the line so far for every word (for long paragraphs that was most of the garbage collected).
interface Glyph { advanceWidth: number }
interface Position { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number; advanceWidth: number }
interface Run { glyphs: Glyph[] | null; positions: Position[] | null; advanceWidth: number }
interface EmbeddedFontLike {
  font: { glyphsForString(text: string): Glyph[] };
  scale: number;
  layoutCached(text: string): Run;
  layoutRun(text: string, features?: unknown): Run;
  layout(text: string, features?: unknown, onlyWidth?: boolean): Run;
}

const patched = new WeakSet<object>();

/** Installs both on the class of the document's current font (an embedded TrueType font). */
export function useFastLayout(doc: PDFKit.PDFDocument): void {
  const font = (doc as unknown as { _font?: object })._font;
  if (!font) return;
  const proto = Object.getPrototypeOf(font) as EmbeddedFontLike;
  if (patched.has(proto) || typeof proto.layoutCached !== 'function') return;
  patched.add(proto);

  const shaped = proto.layoutRun;
  proto.layoutRun = function layoutRun(this: EmbeddedFontLike, text: string, features?: unknown): Run {
    if (features) return shaped.call(this, text, features); // a caller that asks for features gets them
    const glyphs = this.font.glyphsForString(text);
    let advanceWidth = 0;
    const positions = glyphs.map((g) => {
      const w = g.advanceWidth * this.scale;
      advanceWidth += w;
      return { xAdvance: w, yAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: w };
    });
    return { glyphs, positions, advanceWidth };
  };

  proto.layout = function layout(this: EmbeddedFontLike, text: string, features?: unknown, onlyWidth?: boolean): Run {
    if (features) return this.layoutRun(text, features);
    const glyphs: Glyph[] | null = onlyWidth ? null : [];
    const positions: Position[] | null = onlyWidth ? null : [];
    let advanceWidth = 0;
    let last = 0;
    // Words end after a space or a tab, as in pdfkit's own loop; each word's layout is cached.
    for (let i = 0; i <= text.length; i++) {
      const ch = text.charCodeAt(i);
      if ((i === text.length && last < i) || ch === 32 || ch === 9) {
        const run = this.layoutCached(text.slice(last, i + 1));
        if (glyphs) for (const g of run.glyphs!) glyphs.push(g);
        if (positions) for (const p of run.positions!) positions.push(p);
        advanceWidth += run.advanceWidth;
        last = i + 1;
      }
    }
    return { glyphs, positions, advanceWidth };
  };
}
