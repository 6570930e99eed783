// Formulas (`markdown: { math: true }`, build/markdown/math.ts): TeX between dollars becomes MathML
// that the browser lays out, in pages, admonitions and included fragments alike; a formula KaTeX
// cannot read is said where it is; and with the option off (the default) a dollar is a dollar.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { compileMarkdown } from '../../build/markdown/compile.ts';
import { useMath } from '../../build/markdown/math.ts';
import { pageMarkdown, publishedMarkdown } from '../../build/output/page-markdown.ts';
import { extractSections } from '../../build/search/read-page.ts';
import { tempDir, writeFileIn } from '../helpers/temp-dir.ts';

const dir = tempDir('sg-math-');
const page = path.join(dir, 'docs/guide/page.md');
const routes = new Map([[page, '/guide/page']]);
const compile = (body: string, lineOffset = 0) => compileMarkdown({ file: 'docs/guide/page.md', absPath: page, body, lineOffset }, routes);
const mathOf = (html: string) => [...html.matchAll(/<math[^>]*>[\s\S]*?<\/math>/g)].map((m) => m[0]);

describe('formulas, with markdown.math on', () => {
  before(() => useMath(true));
  after(() => useMath(false));

  it('writes a formula in a line as MathML and a $$ block as a display formula of its own', () => {
    const { html, warnings } = compile('Доля $\\frac{a}{b}$ пакетов.\n\n$$\n\\sum_{i=1}^{n} x_i\n$$\n');
    assert.deepEqual(warnings, []);
    const [inline, display] = mathOf(html);
    assert.match(html, /<p>Доля <math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML">/, 'the <math> stands in the sentence, without KaTeX\'s own wrapper');
    assert.match(inline, /<mfrac><mi>a<\/mi><mi>b<\/mi><\/mfrac>/);
    assert.match(inline, /<annotation encoding="application\/x-tex">\\frac\{a\}\{b\}<\/annotation>/, 'the TeX source goes along');
    assert.match(html, /<div class="math-display"><math [^>]*display="block">/);
    assert.match(display, /<munderover><mo>∑<\/mo>/);
    assert.doesNotMatch(html, /style=|katex|language-math/, 'no inline style (the CSP allows none) and nothing left of the code it was');
  });

  it('reads a ```math fence as a display formula, as GitHub does', () => {
    const { html, warnings } = compile('```math\n\\sqrt{2}\n```\n');
    assert.deepEqual(warnings, []);
    assert.match(html, /<div class="math-display"><math [^>]*display="block"><semantics><mrow><msqrt><mn>2<\/mn><\/msqrt>/);
  });

  it('reads formulas inside admonitions and in included fragments', () => {
    writeFileIn(dir, 'docs/guide/_part.md', 'Из фрагмента: $x^2$.\n');
    const { html } = compile(':::tip Формула\n$E=mc^2$\n:::\n\n::include{file="./_part.md"}\n');
    assert.equal(mathOf(html).length, 2);
    assert.match(html, /<msup><mi>c<\/mi><mn>2<\/mn><\/msup>/);
    assert.match(html, /<msup><mi>x<\/mi><mn>2<\/mn><\/msup>/);
  });

  it('keeps a formula it cannot read as its TeX source, and says on which line and why', () => {
    const { html, warnings } = compile('Текст.\n\nОшибка $\\frac{a$ здесь.\n', 4);
    assert.match(html, /<code class="language-math math-inline">\\frac\{a<\/code>/);
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0].line, 7);
    assert.match(warnings[0].message, /the formula cannot be read \(.*expected '\}'\)/);
    assert.match(warnings[0].message, /write \\\$ for a dollar sign/);
  });

  it('keeps formulas as TeX in the page\'s Markdown, the dev server\'s as the build\'s', () => {
    const body = ':::note\nФормула $E=mc^2$.\n:::\n\n$$\na^2+b^2\n$$\n';
    const fromBuild = publishedMarkdown('Страница', compile(body).markdown, 'https://docs.example.org');
    assert.equal(pageMarkdown('Страница', body, page, { siteUrl: 'https://docs.example.org', routeOfFile: routes }), fromBuild);
    assert.equal(fromBuild, '# Страница\n\n> **Примечание**\n>\n> Формула $E=mc^2$.\n\n$$\na^2+b^2\n$$\n');
  });

  it('gives the search index the formula as shown, not its TeX source as well', () => {
    const [section] = extractSections(compile('Формула $E=mc^2$ в тексте.\n').html);
    assert.equal(section.text, 'Формула E=mc2 в тексте.');
  });
});

describe('formulas, with markdown.math off (the default)', () => {
  it('leaves dollar signs as text', () => {
    const { html } = compile('Цена $5, а $\\frac{a}{b}$ не формула.\n');
    assert.match(html, /<p>Цена \$5, а \$\\frac\{a\}\{b\}\$ не формула.<\/p>/);
    assert.deepEqual(mathOf(html), []);
  });
});
