// Renders the user guide PDF from the compiled pages, in sidebar order, with pdfkit.
//
// Why pdfkit and not @react-pdf/renderer: measured on this site's 44 pages (`npm run measure:pdf`,
// 2 cores), pdfkit renders the whole guide (figures, outline, contents, links) in 1.5–2.2 s and
// 1.2 MB; @react-pdf/renderer takes 12–15 s and 1.4 MB for the same pages without figures,
// outline or contents (its flexbox layout runs for every text node). pdfkit also writes the same
// bytes for the same input once the info dates are fixed, and embeds TrueType subsets.
import { createRequire } from 'node:module';
import path from 'node:path';
import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { parseFragment } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import type { Element, ElementContent, Root } from 'hast';
import type { SidebarNode } from '../../src/data/types.ts';
import { drawSvg, svgSize } from './svg.ts';
import { useFastLayout } from './fast-layout.ts';
import { useBatchedWrites } from './batched-writes.ts';
import { GuideError } from './guide-error.ts';
import { guideShape, inGuide } from './shape.ts';

export { GuideError };

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONTS = {
  sans: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf', italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf', mono: 'DejaVuSansMono.ttf', monoBold: 'DejaVuSansMono-Bold.ttf',
} as const;
type FontName = keyof typeof FONTS;

/** The light theme's Prism colours (src/theme/styles/tokens.css). */
const TOKEN_COLOURS: Record<string, string> = {
  comment: '#57606a', prolog: '#57606a', doctype: '#57606a', cdata: '#57606a',
  keyword: '#cf222e', important: '#cf222e', atrule: '#cf222e', rule: '#cf222e', selector: '#cf222e', deleted: '#cf222e',
  string: '#0a3069', char: '#0a3069', 'attr-value': '#0a3069', regex: '#0a3069', url: '#0a3069', inserted: '#0a3069',
  number: '#0550ae', boolean: '#0550ae', constant: '#0550ae', function: '#8250df', property: '#0550ae',
  'attr-name': '#0550ae', punctuation: '#24292f', operator: '#24292f', variable: '#953800',
};
const ADMONITION_COLOURS: Record<string, string> = { note: '#57606a', tip: '#116329', info: '#0b63b8', warning: '#8a5a00', danger: '#c4212f' };
const TEXT = '#1f2328';
const LINK = '#0b63b8';

export interface GuidePage { route: string; title: string; html: string }
/** What the title page and the document's information say. */
export interface GuideMeta {
  product: string;
  versionLabel: string;
  author: string;
  siteUrl: string;
  /** YYYY-MM-DD, from the content (never the clock). */
  date: string;
}
export interface GuideInput extends GuideMeta {
  sidebars: SidebarNode[][];
  pages: Map<string, GuidePage>;
  /** Reads an image by its site path (/img/x.png) → bytes, or null when missing. */
  readAsset: (sitePath: string) => Buffer | null;
}


interface Run { text: string; font: FontName; colour: string; link?: string; goTo?: string; size?: number }
/**
 * A category or a page of the guide, as the pages are drawn: where its contents line and outline
 * item point. Their labels are put in at the end (GuideDraft.finish).
 */
interface Entry { depth: number; dest: string; pageIndex: number; parent: number }

/** pdfkit's default outline item (a page shown whole), placed on a page given by its number. */
const OUTLINE_ITEM = { top: 0, left: 0, zoom: 0, fit: true, expanded: false };
const MARGIN = 56;
const BODY = 10.5;
/** The tallest a figure is drawn (A4 is 842 pt tall): big diagrams shrink rather than fill a page. */
const SVG_MAX_HEIGHT = 380;

/**
 * A guide being drawn as its pages arrive: the build starts it before the Markdown is compiled
 * and adds each page once compiled (build/pdf/stream.ts), so that drawing it overlaps the compile.
 */
export interface GuideDraft {
  /** A page, in any order: it is drawn once every page before it in the sidebars is. */
  add(page: GuidePage): void;
  /**
   * The PDF, once every page of the plan is added. The contents and the outline take their
   * labels from `sidebars`, which must have the plan's shape (guideShape): only labels may differ.
   */
  finish(sidebars: SidebarNode[][]): Promise<Buffer>;
}

/** The whole guide at once: a draft given every page. Drawn by the same steps, so the same bytes. */
export function renderGuide(input: GuideInput): Promise<Buffer> {
  const draft = startGuide(input, input.sidebars, new Set(input.pages.keys()), input.readAsset);
  for (const page of input.pages.values()) draft.add(page);
  return draft.finish(input.sidebars);
}

/**
 * Starts a guide laid out by `plan` (the sidebars; their labels are not used) with the pages at
 * `routes`: the title page and the contents' pages now, each page as it arrives (add), the
 * contents, outline and running footers at the end (finish).
 */
export function startGuide(meta: GuideMeta, plan: SidebarNode[][], routes: ReadonlySet<string>, readAsset: GuideInput['readAsset']): GuideDraft {
  const input = { ...meta, readAsset };
  const when = new Date(`${input.date}T00:00:00Z`);
  const doc = new PDFDocument({
    size: 'A4', margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN }, bufferPages: true, autoFirstPage: false,
    lang: 'ru', displayTitle: true, compress: true,
    info: { Title: `${input.product}: руководство пользователя`, Author: input.author, Subject: `Документация ${input.product}, версия ${input.versionLabel}`, CreationDate: when, ModDate: when, Creator: input.product, Producer: 'pdfkit' },
  } as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => { doc.on('end', () => resolve(Buffer.concat(chunks))); doc.on('error', reject); });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, path.join(fontDir, file));
  useFastLayout(doc.font('sans'));
  useBatchedWrites(doc);

  const width = () => doc.page.width - MARGIN * 2;
  const names = new Set<string>();
  const routesInGuide = new Set<string>();
  const walkRoutes = (nodes: SidebarNode[]) => { for (const n of nodes) n.type === 'link' ? inGuide(n, routes) && routesInGuide.add(n.href) : walkRoutes(n.items); };
  plan.forEach(walkRoutes);

  // The pages added so far, and the walk's wait for the one it draws next.
  const arrived = new Map<string, GuidePage>();
  let waiting: { route: string; resolve: (page: GuidePage) => void } | undefined;
  const pageAt = (route: string): GuidePage | Promise<GuidePage> => arrived.get(route) ?? new Promise((resolve) => { waiting = { route, resolve }; });

  // Title page.
  doc.addPage();
  doc.font('bold').fontSize(30).fillColor(TEXT).text(input.product, MARGIN, 250, { align: 'center' });
  doc.font('sans').fontSize(18).text('Руководство пользователя', { align: 'center' }).moveDown(1);
  doc.fontSize(12).fillColor('#57606a').text(`Версия документации: ${input.versionLabel}`, { align: 'center' });
  doc.text(`Дата сборки: ${input.date}`, { align: 'center' });
  doc.text(input.author, MARGIN, doc.page.height - MARGIN - 40, { align: 'center', width: width() });

  // Table of contents: its pages are reserved now and filled once the page numbers are known.
  const entries: Entry[] = [];
  const countToc = (nodes: SidebarNode[]): number => nodes.reduce((n, x) => n + 1 + (x.type === 'category' ? countToc(x.items) : 0), 0);
  const tocEntries = plan.reduce((n, s) => n + countToc(s), 0);
  const TOC_PER_PAGE = 38;
  const tocPages = Math.max(1, Math.ceil((tocEntries + 2) / TOC_PER_PAGE));
  const tocStart = doc.bufferedPageRange().count;
  for (let i = 0; i < tocPages; i++) doc.addPage();

  let fresh = false;
  let currentTitle = '';
  const pageTitles: string[] = [];
  const startPage = () => { if (!fresh) doc.addPage(); fresh = true; };
  doc.on('pageAdded', () => { pageTitles[doc.bufferedPageRange().count - 1] = currentTitle; });

  // The pages are drawn in sidebar order, each when it has arrived. Awaiting one that has
  // resolves in a microtask: pages added together are drawn in one go.
  const renderNodes = async (nodes: SidebarNode[], depth: number, parent: number) => {
    for (const node of nodes) {
      if (node.type === 'category') {
        startPage();
        const dest = `category:${entries.length}`;
        doc.addNamedDestination(dest);
        entries.push({ depth, dest, pageIndex: doc.bufferedPageRange().count - 1, parent });
        await renderNodes(node.items, depth + 1, entries.length - 1);
        continue;
      }
      if (!inGuide(node, routes)) continue;
      const page = await pageAt(node.href);
      currentTitle = page.title;
      startPage();
      pageTitles[doc.bufferedPageRange().count - 1] = currentTitle;
      doc.addNamedDestination(page.route);
      names.add(page.route);
      entries.push({ depth, dest: page.route, pageIndex: doc.bufferedPageRange().count - 1, parent });
      renderPage(page);
      fresh = false;
    }
  };

  const renderPage = (page: GuidePage) => {
    doc.font('bold').fontSize(20).fillColor(TEXT).text(page.title, MARGIN, MARGIN, { width: width() });
    doc.moveDown(0.6);
    fresh = false;
    const tree = htmlTree(page.html);
    try {
      blocks(tree.children, page);
    } catch (e) {
      if (e instanceof GuideError) throw e.onPage(page.route);
      throw e;
    }
  };

  const resolveHref = (href: string, page: GuidePage): Pick<Run, 'link' | 'goTo'> => {
    if (/^(https?:|mailto:)/.test(href)) return { link: href };
    if (href.startsWith('#')) return names.has(`${page.route}${href}`) || true ? { goTo: `${page.route}${href}` } : {};
    if (href.startsWith('/')) {
      const [route, hash] = href.split('#');
      if (routesInGuide.has(route)) return { goTo: hash ? `${route}#${hash}` : route };
      return { link: input.siteUrl.replace(/\/$/, '') + href };
    }
    return {};
  };

  const inline = (nodes: ElementContent[], page: GuidePage, base: Run, out: Run[]) => {
    for (const n of nodes) {
      if (n.type === 'text') { out.push({ ...base, text: n.value }); continue; }
      if (n.type !== 'element') continue;
      const t = n.tagName;
      if (t === 'strong' || t === 'b') inline(n.children, page, { ...base, font: base.font === 'italic' ? 'boldItalic' : base.font.startsWith('mono') ? 'monoBold' : 'bold' }, out);
      else if (t === 'em' || t === 'i') inline(n.children, page, { ...base, font: base.font === 'bold' ? 'boldItalic' : 'italic' }, out);
      else if (t === 'code' || t === 'kbd') inline(n.children, page, { ...base, font: 'mono', colour: '#953800' }, out);
      else if (t === 'a') inline(n.children, page, { ...base, colour: LINK, ...resolveHref(String(n.properties.href ?? ''), page) }, out);
      else if (t === 'br') out.push({ ...base, text: '\n' });
      else if (t === 'img') out.push({ ...base, text: `[${String(n.properties.alt ?? 'изображение')}]`, font: 'italic' });
      else if (t === 'span' || t === 'del' || t === 's' || t === 'sup' || t === 'sub' || t === 'mark' || t === 'abbr' || t === 'small' || t === 'label' || t === 'u') inline(n.children, page, base, out);
      else if (t === 'input') out.push({ ...base, text: n.properties.checked ? '☑ ' : '☐ ' });
      else if (t === 'math') out.push({ ...base, text: texOf(n), font: 'mono', colour: '#953800' });
      else if (t === 'button') continue;
      else throw new GuideError({ problem: `unknown inline element <${t}>`, fix: 'handle it in build/pdf/render.ts or remove it from the page', subject: `<${t}` });
    }
  };

  const writeRuns = (runs: Run[], opts: { indent?: number; size?: number; width?: number; x?: number } = {}) => {
    const clean = runs.filter((r) => r.text.length > 0);
    if (clean.length === 0) return;
    // Collapse HTML whitespace the way a browser would, except in code blocks (handled elsewhere).
    clean.forEach((r) => { r.text = r.text.replace(/\s+/g, ' '); });
    clean[0].text = clean[0].text.trimStart();
    clean[clean.length - 1].text = clean[clean.length - 1].text.trimEnd();
    const x = (opts.x ?? MARGIN) + (opts.indent ?? 0);
    const w = opts.width ?? width() - (opts.indent ?? 0);
    doc.x = x;
    clean.forEach((r, i) => {
      doc.font(r.font).fontSize(opts.size ?? BODY).fillColor(r.colour);
      const textOpts = { width: w, continued: i < clean.length - 1, link: r.link ?? null, goTo: r.goTo ?? null } as PDFKit.Mixins.TextOptions;
      // pdfkit continues a line only when x and y are left out of the call (not passed as undefined).
      if (i === 0) doc.text(r.text, x, doc.y, textOpts); else doc.text(r.text, textOpts);
    });
    doc.x = MARGIN;
  };

  // A formula (build/markdown/math.ts) prints as its TeX source: pdfkit lays out no MathML.
  const texOf = (math: Element): string => {
    let tex = '';
    const find = (n: ElementContent) => {
      if (n.type !== 'element') return;
      if (n.tagName === 'annotation') tex = plain(n);
      else n.children.forEach(find);
    };
    math.children.forEach(find);
    return tex;
  };
  const plain = (n: ElementContent): string => n.type === 'text' ? n.value : n.type === 'element' ? n.children.map(plain).join('') : '';
  const classes = (e: Element): string[] => (Array.isArray(e.properties.className) ? e.properties.className.map(String) : []);

  const blocks = (nodes: ElementContent[] | Root['children'], page: GuidePage, indent = 0) => {
    for (const n of nodes) {
      if (n.type === 'text') { if (n.value.trim()) writeRuns([{ text: n.value, font: 'sans', colour: TEXT }], { indent }); continue; }
      if (n.type !== 'element') continue;
      block(n, page, indent);
    }
  };

  const block = (e: Element, page: GuidePage, indent: number) => {
    const t = e.tagName;
    const id = typeof e.properties.id === 'string' ? e.properties.id : undefined;
    if (id) { doc.addNamedDestination(`${page.route}#${id}`, 'XYZ', doc.x, doc.page.height - doc.y, null); names.add(`${page.route}#${id}`); }
    if (/^h[2-6]$/.test(t)) {
      const size = { h2: 15, h3: 13, h4: 11.5, h5: 11, h6: 11 }[t]!;
      if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
      doc.moveDown(0.5);
      const runs: Run[] = [];
      inline(e.children.filter((c) => !(c.type === 'element' && classes(c).includes('hash-link'))), page, { text: '', font: 'bold', colour: TEXT }, runs);
      runs.forEach((r) => { r.link = undefined; r.goTo = undefined; r.colour = TEXT; r.font = r.font === 'mono' ? 'monoBold' : 'bold'; });
      writeRuns(runs, { indent, size });
      doc.moveDown(0.3);
      return;
    }
    // A paragraph of images only (Markdown `![alt](src)` on its own line) draws them as figures.
    if (t === 'p' && e.children.some((c) => c.type === 'element' && c.tagName === 'img')
      && e.children.every((c) => (c.type === 'element' && c.tagName === 'img') || (c.type === 'text' && !c.value.trim()))) {
      for (const c of e.children) if (c.type === 'element') image(c, page, indent);
      return;
    }
    if (t === 'p') { const runs: Run[] = []; inline(e.children, page, { text: '', font: 'sans', colour: TEXT }, runs); if (classes(e).includes('admonition__title')) runs.forEach((r) => { r.font = 'bold'; }); writeRuns(runs, { indent }); doc.moveDown(0.5); return; }
    if (t === 'ul' || t === 'ol') {
      let i = Number(e.properties.start ?? 1);
      for (const li of e.children) {
        if (li.type !== 'element' || li.tagName !== 'li') continue;
        const marker = t === 'ol' ? `${i++}.` : '•';
        const y = doc.y;
        doc.font('sans').fontSize(BODY).fillColor(TEXT).text(marker, MARGIN + indent, y, { width: 18, lineBreak: false });
        doc.y = y;
        listItem(li, page, indent + 18);
      }
      doc.moveDown(0.3);
      return;
    }
    if (t === 'pre') { codeBlock(e, page, indent); return; }
    if (t === 'table') { table(e, page, indent); return; }
    if (t === 'img') { image(e, page, indent); return; }
    // A linked image (a themed image's variant links to its file on screen) is drawn as the image.
    if (t === 'a' && e.children.length > 0 && e.children.every((c) => c.type === 'element' && c.tagName === 'img')) {
      for (const c of e.children) image(c as Element, page, indent);
      return;
    }
    if (t === 'hr') { doc.moveDown(0.5); return; }
    if (t === 'aside' && classes(e).some((c) => c.startsWith('admonition'))) {
      const kind = classes(e).find((c) => c.startsWith('admonition--'))?.slice(12) ?? 'note';
      const top = doc.y; const startPageNo = doc.bufferedPageRange().count;
      blocks(e.children, page, indent + 10);
      if (doc.bufferedPageRange().count === startPageNo) doc.save().rect(MARGIN + indent, top, 3, doc.y - top - 4).fill(ADMONITION_COLOURS[kind] ?? TEXT).restore();
      doc.fillColor(TEXT);
      return;
    }
    // Controls for the screen: a tab list (each panel prints under its label), a code block's toggle and copy button.
    if (e.properties.role === 'tablist' || t === 'button' || classes(e).includes('code-block__actions') || classes(e).includes('code-block__wrap-input')) return;
    if (e.properties.role === 'tabpanel') {
      const label = String(e.properties.dataLabel ?? '');
      doc.font('bold').fontSize(BODY).fillColor('#0b63b8').text(`▸ ${label}`, MARGIN + indent, undefined, { width: width() - indent });
      doc.moveDown(0.2);
      blocks(e.children, page, indent + 8);
      return;
    }
    if (t === 'blockquote') { blocks(e.children, page, indent + 12); return; }
    if (t === 'details') { blocks(e.children, page, indent); return; }
    if (t === 'summary' || t === 'figcaption' || t === 'dt' || t === 'dd') { const runs: Run[] = []; inline(e.children, page, { text: '', font: t === 'dt' ? 'bold' : 'sans', colour: TEXT }, runs); writeRuns(runs, { indent }); doc.moveDown(0.3); return; }
    if (['div', 'section', 'aside', 'figure', 'nav', 'dl', 'header', 'footer', 'article'].includes(t)) { blocks(e.children, page, indent); return; }
    // A formula set apart (`$$ … $$`): its TeX source indented, as a display formula stands out on screen.
    if (t === 'math') { const runs: Run[] = []; inline([e], page, { text: '', font: 'sans', colour: TEXT }, runs); writeRuns(runs, { indent: indent + 18 }); doc.moveDown(0.5); return; }
    if (['span', 'a', 'strong', 'em', 'code', 'b', 'i', 'br', 'kbd'].includes(t)) { const runs: Run[] = []; inline([e], page, { text: '', font: 'sans', colour: TEXT }, runs); writeRuns(runs, { indent }); return; }
    throw new GuideError({ problem: `unknown element <${t}>`, fix: 'handle it in build/pdf/render.ts or remove it from the page', subject: `<${t}` });
  };

  const listItem = (li: Element, page: GuidePage, indent: number) => {
    let runs: Run[] = [];
    const flush = () => { writeRuns(runs, { indent }); runs = []; };
    const INLINE = new Set(['a', 'strong', 'em', 'code', 'b', 'i', 'span', 'br', 'kbd', 'del', 'input', 'img', 'sup', 'sub', 'math']);
    for (const c of li.children) {
      if (c.type === 'text' || (c.type === 'element' && INLINE.has(c.tagName))) inline([c], page, { text: '', font: 'sans', colour: TEXT }, runs);
      else if (c.type === 'element') { flush(); if (c.tagName === 'p') { inline(c.children, page, { text: '', font: 'sans', colour: TEXT }, runs); flush(); } else block(c, page, indent); }
    }
    flush();
    doc.moveDown(0.15);
  };

  const codeBlock = (pre: Element, page: GuidePage, indent: number) => {
    const code = pre.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code') ?? pre;
    const runs: { text: string; colour: string }[] = [];
    // Lines marked added or removed (`// [!code ++]`, build/markdown/code.ts) have their sign drawn
    // beside them on screen; on paper it is written before them, as a diff writes it.
    const diff = code.children.some((c) => c.type === 'element' && (c.tagName === 'ins' || c.tagName === 'del'));
    const walk = (n: ElementContent, colour: string) => {
      if (n.type === 'text') runs.push({ text: n.value, colour });
      else if (n.type === 'element') {
        if (diff && classes(n).includes('code-line')) runs.push({ text: n.tagName === 'ins' ? '+ ' : n.tagName === 'del' ? '- ' : '  ', colour: TEXT });
        const tok = classes(n).find((c) => TOKEN_COLOURS[c]);
        n.children.forEach((c) => walk(c, tok ? TOKEN_COLOURS[tok] : colour));
        if (classes(n).includes('code-line') && !plain(n).endsWith('\n')) runs.push({ text: '\n', colour });
      }
    };
    code.children.forEach((c) => walk(c, TEXT));
    const text = runs.map((r) => r.text).join('').replace(/\n+$/, '');
    const size = 8.5;
    const x = MARGIN + indent + 6;
    const w = width() - indent - 12;
    doc.font('mono').fontSize(size);
    const charW = doc.widthOfString('M');
    if (charW * 2 > w) throw new GuideError({ problem: 'a code block is too narrow to wrap', fix: 'reduce its nesting' });
    // Long lines wrap at the column limit; pdfkit breaks a token longer than the line itself.
    const top = doc.y;
    const h = doc.heightOfString(text, { width: w, lineBreak: true });
    if (top + h + 8 > doc.page.height - MARGIN && h < doc.page.height - 2 * MARGIN - 20) doc.addPage();
    const y0 = doc.y;
    if (h + 8 < doc.page.height - MARGIN - y0) doc.save().rect(MARGIN + indent, y0, width() - indent, h + 8).fill('#f6f8fa').restore();
    doc.x = x; doc.y = y0 + 4;
    // One text call chain per source line: pdfkit drops newlines inside continued runs.
    const lines: { text: string; colour: string }[][] = [[]];
    for (const r of runs) r.text.split('\n').forEach((part, k) => { if (k > 0) lines.push([]); if (part) lines[lines.length - 1].push({ text: part, colour: r.colour }); });
    while (lines.length > 1 && lines[lines.length - 1].length === 0) lines.pop();
    doc.y = y0 + 4;
    for (const line of lines) {
      doc.font('mono').fontSize(size);
      if (line.length === 0) { doc.text(' ', x, doc.y, { width: w }); continue; }
      line.forEach((r, i) => {
        doc.fillColor(r.colour);
        const opts = { width: w, continued: i < line.length - 1, lineBreak: true };
        if (i === 0) doc.text(r.text, x, doc.y, opts); else doc.text(r.text, opts);
      });
    }
    doc.x = MARGIN;
    doc.y += 8;
    doc.fillColor(TEXT);
  };

  const table = (tableEl: Element, page: GuidePage, indent: number) => {
    const rows: { cells: string[]; head: boolean }[] = [];
    const collect = (n: Element, head: boolean) => {
      for (const c of n.children) {
        if (c.type !== 'element') continue;
        if (c.tagName === 'tr') rows.push({ head, cells: c.children.filter((x): x is Element => x.type === 'element').map((x) => plain(x).replace(/\s+/g, ' ').trim()) });
        else collect(c, head || c.tagName === 'thead');
      }
    };
    collect(tableEl, false);
    const cols = Math.max(1, ...rows.map((r) => r.cells.length));
    // Wide tables shrink the type; every cell wraps inside its column, nothing is cut off.
    const size = cols <= 3 ? 9 : cols <= 5 ? 8 : 7;
    const w = width() - indent;
    const colW = w / cols;
    const pad = 3;
    for (const row of rows) {
      doc.font(row.head ? 'bold' : 'sans').fontSize(size);
      const h = Math.max(...row.cells.map((c) => doc.heightOfString(c || ' ', { width: colW - 2 * pad })), size) + 2 * pad;
      if (doc.y + h > doc.page.height - MARGIN) doc.addPage();
      const y = doc.y;
      if (row.head) doc.save().rect(MARGIN + indent, y, w, h).fill('#f6f8fa').restore();
      row.cells.forEach((c, i) => {
        doc.font(row.head ? 'bold' : 'sans').fontSize(size).fillColor(TEXT).text(c, MARGIN + indent + i * colW + pad, y + pad, { width: colW - 2 * pad });
      });
      doc.save().lineWidth(0.5).strokeColor('#d0d7de').rect(MARGIN + indent, y, w, h).stroke().restore();
      doc.x = MARGIN; doc.y = y + h;
    }
    doc.moveDown(0.5);
  };

  const image = (img: Element, page: GuidePage, indent: number) => {
    if (classes(img).includes('themed-image--dark')) return;
    const src = String(img.properties.src ?? '');
    const alt = String(img.properties.alt ?? '');
    const bytes = input.readAsset(src);
    if (!bytes) throw new GuideError({ problem: `image ${src} cannot be read`, fix: 'check its path (and that the static folder holds it)', subject: src });
    if (src.endsWith('.svg')) {
      const svg = bytes.toString('utf8');
      const size = svgSize(svg);
      if (!size) throw new GuideError({ problem: `image ${src} has neither width/height nor a viewBox`, fix: 'give its <svg> a viewBox', subject: src });
      // Scaled to the column (never up), at most half a page tall; a figure that does not fit
      // below the text starts the next page.
      const scale = Math.min(1, (width() - indent) / size.width, SVG_MAX_HEIGHT / size.height);
      const box = { width: size.width * scale, height: size.height * scale };
      if (doc.y + box.height > doc.page.height - MARGIN) doc.addPage();
      const y = doc.y;
      let problems: string[];
      try {
        problems = drawSvg(doc, svg, MARGIN + indent, y, box);
      } catch (e) {
        throw new GuideError({ problem: `image ${src} cannot be drawn (${(e as Error).message})`, fix: 'check that it is valid SVG', subject: src });
      }
      if (problems.length) throw new GuideError({ problem: `image ${src} uses SVG the guide cannot draw (${problems[0]})`, fix: 'simplify the figure or use PNG', subject: src });
      doc.x = MARGIN; doc.y = y + box.height;
      doc.moveDown(0.4);
      return;
    }
    try {
      doc.image(bytes, MARGIN + indent, undefined, { fit: [width() - indent, 300] });
    } catch (e) {
      throw new GuideError({ problem: `image ${src} cannot be embedded (${(e as Error).message})`, fix: 'use PNG, JPEG or SVG', subject: src });
    }
    doc.moveDown(0.4);
  };

  const drawn = (async () => { for (const sidebar of plan) await renderNodes(sidebar, 0, -1); })();
  drawn.catch(() => {}); // finish() reports it

  const add = (page: GuidePage) => {
    arrived.set(page.route, page);
    if (waiting?.route === page.route) {
      const { resolve } = waiting;
      waiting = undefined;
      resolve(page);
    }
  };

  const finish = async (sidebars: SidebarNode[][]): Promise<Buffer> => {
    if (guideShape(sidebars, routes) !== guideShape(plan, routes)) throw new Error('the user guide was planned from other sidebars than it is finished with');
    const missing = [...routesInGuide].filter((r) => !arrived.has(r));
    if (missing.length) throw new Error(`the user guide lacks the page ${missing[0]}`);
    await drawn;
    // The labels, in the order the walk met the categories and pages.
    const labels: string[] = [];
    const collect = (nodes: SidebarNode[]) => { for (const n of nodes) if (n.type === 'category') labels.push(n.label), collect(n.items); else if (inGuide(n, routes)) labels.push(n.label); };
    sidebars.forEach(collect);
    const items: PDFKit.PDFOutline[] = [];
    entries.forEach((e, i) => items.push((e.parent < 0 ? doc.outline : items[e.parent]).addItem(labels[i], { ...OUTLINE_ITEM, pageNumber: e.pageIndex } as never)));
    drawEnd(entries.map((e, i) => ({ label: labels[i], depth: e.depth, dest: e.dest, page: e.pageIndex + 1 })));
    return done;
  };
  return { add, finish };

  /** The contents (with the pages' numbers), the running footers, and the end of the document. */
  function drawEnd(toc: { label: string; depth: number; dest: string; page: number }[]) {
    doc.switchToPage(tocStart);
    doc.font('bold').fontSize(18).fillColor(TEXT).text('Содержание', MARGIN, MARGIN);
    doc.moveDown(0.6);
    for (const line of toc) {
      if (doc.y > doc.page.height - MARGIN - 20) doc.switchToPage(doc.bufferedPageRange().start + Math.min(tocStart + tocPages - 1, pageIndex() + 1)), doc.y = MARGIN;
      const y = doc.y;
      const x = MARGIN + line.depth * 14;
      doc.font(line.depth === 0 ? 'bold' : 'sans').fontSize(10).fillColor(TEXT);
      doc.text(line.label, x, y, { width: width() - line.depth * 14 - 40, goTo: line.dest, lineBreak: false, ellipsis: true } as PDFKit.Mixins.TextOptions);
      doc.text(String(line.page), MARGIN, y, { width: width(), align: 'right', goTo: line.dest, lineBreak: false } as PDFKit.Mixins.TextOptions);
      doc.x = MARGIN; doc.y = y + 14.5;
    }
    function pageIndex(): number {
      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) if ((doc as unknown as { page: unknown }).page === (doc as unknown as { _pageBuffer: unknown[] })._pageBuffer[i - range.start]) return i;
      return tocStart;
    }

    // Running footer: page title and number, on every page after the title page.
    const range = doc.bufferedPageRange();
    for (let i = 1; i < range.count; i++) {
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const title = i < tocStart + tocPages ? 'Содержание' : pageTitles[i] ?? '';
      doc.font('sans').fontSize(8).fillColor('#57606a');
      doc.text(title, MARGIN, doc.page.height - 36, { width: width() - 40, lineBreak: false, ellipsis: true } as PDFKit.Mixins.TextOptions);
      doc.text(String(i + 1), MARGIN, doc.page.height - 36, { width: width(), align: 'right', lineBreak: false });
      doc.page.margins.bottom = bottom;
    }
    doc.end();
  }
}

/**
 * A page's HTML as a hast tree, parsed without source positions, which nothing here reads:
 * hast-util-from-html always asks parse5 for them, and building them took half of the parse
 * (cold, this site's 44 pages: ~0.66 s with them, ~0.35 s without).
 */
function htmlTree(html: string): Root {
  return fromParse5(parseFragment(html)) as Root;
}

export const __fontDirForTests = fontDir;
export const fontFilesExist = () => Object.values(FONTS).every((f) => fs.existsSync(path.join(fontDir, f)));
