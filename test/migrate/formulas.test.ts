// A Docusaurus site that reads formulas (remark-math) or draws Mermaid diagrams: its formulas and
// diagrams come over untouched (a formula's braces are TeX, not MDX expressions), and the report
// says what to set and how the diagrams get drawn.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { migrate } from '../../build/migrate/migrate.ts';
import { tempDir, writeFileIn } from '../helpers/temp-dir.ts';

const PAGE = '# Формулы\n\nДоля $\\frac{a}{b}$ и {1+1}.\n\n$$\n\\sum_{i=1}^{n} x_i\n$$\n\n```mermaid\ngraph TD; A-->B;\n```\n';

function migrated(config: string) {
  const dir = tempDir('sg-migrate-math-');
  writeFileIn(dir, 'site/docusaurus.config.js', config);
  writeFileIn(dir, 'site/docs/formulas.mdx', PAGE);
  const report = migrate({ siteDir: path.join(dir, 'site'), targetDir: path.join(dir, 'out') });
  return { report, text: readFileSync(path.join(dir, 'out/formulas.md'), 'utf8'), reported: report.files.flatMap((f) => f.items).map((i) => i.what) };
}

describe('migrate: formulas and diagrams', () => {
  it('keeps the formulas and diagrams of a site with remark-math and Mermaid as they are, and says to turn formulas on', () => {
    const { report, text, reported } = migrated("import remarkMath from 'remark-math';\nimport rehypeKatex from 'rehype-katex';\n"
      + "export default { presets: [['classic', { docs: { remarkPlugins: [remarkMath], rehypePlugins: [rehypeKatex] } }]], markdown: { mermaid: true }, themes: ['@docusaurus/theme-mermaid'] };\n");
    assert.match(text, /^Доля \$\\frac\{a\}\{b\}\$ и `\{1\+1\}`\.$/m);
    assert.match(text, /\n\$\$\n\\sum_\{i=1\}\^\{n\} x_i\n\$\$\n/);
    assert.deepEqual(reported, ['JS expression {1+1}'], 'an expression outside a formula is still one');
    assert.match(text, /\n```mermaid\ngraph TD; A-->B;\n```\n/);
    assert.ok(report.general.some((l) => l.startsWith('Formulas:') && l.includes('`markdown: { math: true }`')), report.general.join('\n'));
    assert.ok(report.general.some((l) => l.startsWith('Mermaid:') && l.includes('docs/_diagrams/')), report.general.join('\n'));
  });

  it('reads dollar signs as text in a site without it, and says nothing of formulas or diagrams', () => {
    const { report, reported } = migrated("module.exports = { presets: [['classic', {}]] };\n");
    assert.deepEqual(reported, ['JS expression {a}', 'JS expression {b}', 'JS expression {1+1}', 'JS expression {i=1}', 'JS expression {n}']);
    assert.ok(!report.general.some((l) => /^(Formulas|Mermaid):/.test(l)), report.general.join('\n'));
  });
});
