// What a migration tells the author: every converted file, every thing it could not convert (kept
// on the page in a marked block, to be rewritten by hand), every thing it dropped on purpose.
import path from 'node:path';

export type ItemKind =
  /** Kept on the page in a «Не перенесено при миграции» block, or otherwise needing a hand edit. */
  | 'not-converted'
  /** Removed on purpose because it means nothing here (a front-matter key, an attribute). */
  | 'dropped';

export interface ReportItem {
  kind: ItemKind;
  /** 1-based line in the source page (the Docusaurus file). */
  sourceLine?: number;
  /** 1-based line in the converted page, where the marked block is. */
  targetLine?: number;
  what: string;
  todo: string;
}

export interface FileReport {
  /** Relative to the Docusaurus site root. */
  source: string;
  /** Relative to the target docs folder. */
  target: string;
  items: ReportItem[];
}

export interface MigrationReport {
  siteDir: string;
  targetDir: string;
  files: FileReport[];
  /** Items not tied to one page (sidebars, configuration). */
  general: string[];
  /** A `sidebars` value for src/site.config.ts, when sidebars.js was simple enough to read. */
  sidebarsSnippet?: string;
  /** A `redirects` value for src/site.config.ts: the old URLs of pages whose URL changed, and the client-redirects plugin's list. */
  redirectsSnippet?: string;
}

/** The report as printed: one line per file, one per item (`file:line: what, and what to do`), a summary. */
export function formatReport(report: MigrationReport, cwd = process.cwd()): string {
  const shown = (dir: string, rel: string) => {
    const p = path.relative(cwd, path.join(dir, rel)) || '.';
    return p.split(path.sep).join('/');
  };
  const lines: string[] = [];
  const items = report.files.flatMap((f) => f.items.map((item) => ({ f, item })));
  lines.push(`Converted ${report.files.length} file(s) from ${shown(report.siteDir, '')} into ${shown(report.targetDir, '')}:`);
  for (const f of report.files) lines.push(`  converted ${f.source} → ${shown(report.targetDir, f.target)}`);
  const section = (kind: ItemKind, title: string) => {
    const ofKind = items.filter((x) => x.item.kind === kind);
    if (ofKind.length === 0) return;
    lines.push('', title);
    for (const { f, item } of ofKind) {
      const where = `${shown(report.targetDir, f.target)}${item.targetLine ? `:${item.targetLine}` : ''}`;
      const from = item.sourceLine ? ` (${f.source}:${item.sourceLine})` : '';
      lines.push(`${where}: ${kind === 'dropped' ? 'dropped' : 'not converted'}: ${item.what}${from}; ${item.todo}`);
    }
  };
  section('not-converted', 'Not converted, to rewrite by hand (components, expressions and exports stay on their page in a «Не перенесено при миграции» block; links without a target stay as text):');
  section('dropped', 'Dropped (no effect in this generator):');
  if (report.general.length > 0) lines.push('', ...report.general);
  if (report.sidebarsSnippet) lines.push('', 'Suggested `sidebars` for src/site.config.ts:', report.sidebarsSnippet);
  if (report.redirectsSnippet) lines.push('', 'Suggested `redirects` for src/site.config.ts (old URLs of pages whose URL changed, and the client-redirects plugin\'s):', report.redirectsSnippet);
  const notConverted = items.filter((x) => x.item.kind === 'not-converted').length;
  const dropped = items.length - notConverted;
  lines.push('', `Summary: ${report.files.length} file(s) converted, ${notConverted} thing(s) not converted, ${dropped} dropped.`);
  return lines.join('\n');
}
