// The user guide PDF of this site, read back with pdfjs-dist: order, outline, TOC numbers,
// internal links, Cyrillic text, code, and byte-identical output from the same sources.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import siteConfig from '../../src/site.config.ts';
import type { SidebarData, SidebarNode } from '../../src/data/types.ts';

const root = path.resolve(import.meta.dirname, '../..');
const outA = path.join(root, '.cache/test-pdf-a');
const outB = path.join(root, '.cache/test-pdf-b');
const GUIDE = 'files/documentation.pdf';

/** Builds this site into `out` (without a cache unless one is given) and says how the guide was made. */
function buildInto(out: string, cache: string[] = ['--no-cache']): string {
  rmSync(out, { recursive: true, force: true });
  const stats = `${out}.stats.json`;
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--out', out, '--quiet', ...cache, '--no-link-check', '--stats-json', stats], { cwd: root, stdio: 'pipe' });
  return (JSON.parse(readFileSync(stats, 'utf8')) as { userGuide: string }).userGuide;
}

interface OutlineNode { title: string; dest: unknown; items: OutlineNode[] }
type Pdf = Awaited<ReturnType<typeof getDocument>['promise']>;

const squash = (s: string) => s.replace(/\s+/g, '');
let pdf: Pdf;
let pageTexts: string[] = [];
let sidebars: SidebarData[] = [];
let madeA = '';

async function pageOf(dest: unknown): Promise<number> {
  const explicit = typeof dest === 'string' ? await pdf.getDestination(dest) : dest as unknown[];
  assert.ok(explicit, `destination ${String(dest)} exists`);
  return (await pdf.getPageIndex(explicit[0] as never)) + 1;
}

describe('user guide PDF', { timeout: 180_000 }, () => {
  before(async () => {
    madeA = buildInto(outA);
    buildInto(outB);
    const data = new Uint8Array(readFileSync(path.join(outA, GUIDE)));
    pdf = await getDocument({ data, useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise;
    for (let i = 1; i <= pdf.numPages; i++) {
      const content = await (await pdf.getPage(i)).getTextContent();
      pageTexts[i] = content.items.map((it) => ('str' in it ? it.str : '')).join(' ');
    }
    const dir = path.join(outA, '_data/sidebars');
    const byId = new Map<string, SidebarData>(readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => {
      const s = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as SidebarData;
      return [s.id, s];
    }));
    sidebars = Object.keys(siteConfig.sidebars).map((id) => byId.get(id)!).filter(Boolean);
  });

  it('two builds of the same sources give byte-identical PDFs', () => {
    assert.ok(readFileSync(path.join(outA, GUIDE)).equals(readFileSync(path.join(outB, GUIDE))));
  });

  it('is drawn while the pages compile, and is the same PDF when drawn after them', () => {
    assert.equal(madeA, 'streamed', 'a cold build hands each page to the guide as it is compiled');
    // Every page from the compile cache and the PDF not cached: nothing compiles, the guide is drawn whole.
    const outC = path.join(root, '.cache/test-pdf-c');
    const cacheC = `${outC}-cache`;
    rmSync(cacheC, { recursive: true, force: true });
    buildInto(outC, ['--cache-dir', cacheC]);
    rmSync(path.join(cacheC, 'pdf'), { recursive: true, force: true });
    assert.equal(buildInto(outC, ['--cache-dir', cacheC]), 'whole');
    assert.ok(readFileSync(path.join(outC, GUIDE)).equals(readFileSync(path.join(outA, GUIDE))), 'byte for byte');
    rmSync(outC, { recursive: true, force: true });
    rmSync(cacheC, { recursive: true, force: true });
  });

  it('is at most 3 MB and has the metadata of the site', async () => {
    assert.ok(readFileSync(path.join(outA, GUIDE)).length <= 3 * 1024 * 1024);
    const { info } = (await pdf.getMetadata()) as unknown as { info: Record<string, string> };
    assert.match(info.Title, /SGroups/);
    assert.equal(info.Author, 'ООО «ПРТ»');
    assert.match(pageTexts[1], /Next/);
  });

  it('the outline mirrors the sidebar tree', async () => {
    const outline = (await pdf.getOutline()) as OutlineNode[];
    const shape = (nodes: SidebarNode[]): unknown[] => nodes.map((n) => n.type === 'category' ? [n.label, shape(n.items)] : n.label);
    const outlineShape = (nodes: OutlineNode[]): unknown[] => nodes.map((n) => n.items.length ? [n.title, outlineShape(n.items)] : n.title);
    assert.deepEqual(outlineShape(outline), sidebars.flatMap((s) => shape(s.items)));
  });

  it('every page title appears, in sidebar order, on the page its outline entry and TOC line point to', async () => {
    const outline = (await pdf.getOutline()) as OutlineNode[];
    const flat: OutlineNode[] = [];
    const walk = (ns: OutlineNode[]) => ns.forEach((n) => { flat.push(n); walk(n.items); });
    walk(outline);
    const toc = pageTexts.slice(2, 6).join(' ');
    // The outline has the sidebar's shape (previous test), so both flatten to the same order.
    const flatSidebar: SidebarNode[] = [];
    const links = (ns: SidebarNode[]): void => ns.forEach((n) => { flatSidebar.push(n); if (n.type === 'category') links(n.items); });
    sidebars.forEach((s) => links(s.items));
    let last = 0;
    for (const [k, entry] of flat.entries()) {
      const page = await pageOf(entry.dest);
      assert.ok(page >= last, `${entry.title} comes after the previous entry`);
      last = page;
      const node = flatSidebar[k];
      const route = node.type === 'link' ? node.href : undefined;
      if (route) {
        const { title } = JSON.parse(readFileSync(path.join(outA, '_data', `${route}.json`), 'utf8')) as { title: string };
        assert.ok(squash(pageTexts[page]).startsWith(squash(title)), `page title "${title}" starts page ${page}`);
      }
      assert.ok(squash(toc).includes(`${squash(entry.title)}${page}`), `TOC says "${entry.title}" is on page ${page}`);
    }
  });

  it('internal links jump to the page of their target', async () => {
    const outline = (await pdf.getOutline()) as OutlineNode[];
    const titleOfPage = new Map<number, string>();
    const walk = async (ns: OutlineNode[]) => { for (const n of ns) { if (!n.items.length) titleOfPage.set(await pageOf(n.dest), n.title); await walk(n.items); } };
    await walk(outline);
    let checked = 0;
    for (let i = 6; i <= pdf.numPages && checked < 10; i++) {
      for (const a of await (await pdf.getPage(i)).getAnnotations()) {
        if (a.subtype !== 'Link' || typeof a.dest !== 'string' || a.dest.includes('#')) continue;
        const target = await pageOf(a.dest);
        assert.ok(titleOfPage.has(target), `link to ${a.dest} on page ${i} lands on a page that starts a doc (page ${target})`);
        checked++;
      }
    }
    assert.ok(checked >= 5, `found ${checked} internal page links`);
  });

  it('Cyrillic text and code extract as the same Unicode as the HTML', () => {
    const page = JSON.parse(readFileSync(path.join(outA, '_data/info/introduction.json'), 'utf8')) as { html: string };
    const firstParagraph = /<p>([\s\S]*?)<\/p>/.exec(page.html)![1].replace(/<[^>]+>/g, '').replace(/&nbsp;/g, ' ');
    assert.match(firstParagraph, /[а-я]/);
    const all = squash(pageTexts.join(' '));
    assert.ok(all.includes(squash(firstParagraph).slice(0, 120)), `first paragraph of /info/introduction is in the PDF: ${firstParagraph.slice(0, 60)}`);
    assert.ok(all.includes(squash(`curl -s -X POST http://10.0.0.5:9650/v2/sync`)), 'a code block of /info/toolset is in the PDF');
  });

  it('draws the site\'s SVG figures (light variant) with their text, not placeholders', () => {
    const all = squash(pageTexts.join(' '));
    // Text inside static/img/rules/s2s-light.svg and static/img/server/er-light.svg.
    // Each string is in the figure and nowhere in the text of the docs.
    assert.ok(all.includes(squash('sgFrom, клиенты')), 'the s2s figure is drawn');
    assert.ok(all.includes(squash('журнал записей, без внешних ключей')), 'the database figure is drawn');
    assert.ok(!all.includes('[Рисунок:'), 'no figure is replaced by its caption');
  });
});
