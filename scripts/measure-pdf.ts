// `npm run measure:pdf [-- DIST]`: times the user guide render alone on this site's last build,
// three runs each of the guide's pdfkit renderer (build/pdf/render.ts) and of the same pages drawn
// with @react-pdf/renderer (scripts/measure-pdf-react.tsx), no cache. The figures decided the
// choice of pdfkit (see the head of build/pdf/render.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { renderGuide, type GuidePage } from '../build/pdf/render.ts';
import { renderWithReactPdf } from './measure-pdf-react.tsx';
import siteConfig from '../src/site.config.ts';
import type { SidebarData, SidebarNode } from '../src/data/types.ts';

const dist = path.resolve(process.argv[2] ?? 'dist');
const dir = path.join(dist, '_data/sidebars');
const byId = new Map(readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => { const s = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as SidebarData; return [s.id, s] as const; }));
const sidebars = Object.keys(siteConfig.sidebars).map((id) => byId.get(id)!.items);
const pages = new Map<string, GuidePage>();
const collect = (ns: SidebarNode[]): void => ns.forEach((n) => { if (n.type === 'category') collect(n.items); else if (n.docId) { const p = JSON.parse(readFileSync(path.join(dist, '_data', `${n.href}.json`), 'utf8')); pages.set(n.href, { route: n.href, title: p.title, html: p.html }); } });
sidebars.forEach(collect);
for (let run = 0; run < 3; run++) {
  const t0 = performance.now();
  const bytes = await renderGuide({ product: 'SGroups', versionLabel: 'Next', author: 'ООО «ПРТ»', siteUrl: siteConfig.url, date: '2026-01-01', sidebars, pages, readAsset: (p) => { try { return readFileSync(path.join(dist, p.replace(/^\//, ''))); } catch { return null; } } });
  console.log(`pdfkit: ${pages.size} pages → ${bytes.length} bytes in ${Math.round(performance.now() - t0)} ms`);
}
for (let run = 0; run < 3; run++) {
  const t0 = performance.now();
  const bytes = await renderWithReactPdf([...pages.values()]);
  console.log(`@react-pdf/renderer: ${pages.size} pages → ${bytes.length} bytes in ${Math.round(performance.now() - t0)} ms (no figures, outline or contents)`);
}
