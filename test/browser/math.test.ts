// Formulas as the reader gets them (`markdown: { math: true }`): MathML that Chromium lays out by
// itself, with no stylesheet or script and nothing the Content-Security-Policy refuses, and the
// TeX source in the user guide PDF, which cannot lay out MathML.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { servedFixture } from '../helpers/build-fixture.ts';
import { isolate, watchErrors } from '../helpers/browser.ts';

const PAGE = '---\ntitle: Формулы\n---\n\nДоля отброшенных пакетов $\\frac{d}{n}$ за минуту.\n\n$$\n\\sum_{i=1}^{n} x_i^2\n$$\n\nПосле формулы.\n';

describe('formulas in the reader\'s browser and in the PDF', () => {
  const served = servedFixture((fixture) => {
    fixture.edit('site.config.ts', (text) => text.replace('userGuidePdf: false,', 'userGuidePdf: true,\n  markdown: { math: true },'));
    fixture.write('docs/reference/formulas.md', PAGE);
  });

  it('lays out a fraction with its numerator above its denominator, and a display formula on a line of its own', async () => {
    const context = await served.browser.newContext();
    await isolate(context);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${served.site.origin}/reference/formulas`);
    const fraction = page.locator('.markdown p math mfrac');
    const [top, bottom] = await Promise.all([fraction.locator('mi').first().boundingBox(), fraction.locator('mi').last().boundingBox()]);
    assert.ok(top && bottom && top.height > 0, 'the fraction is laid out');
    assert.ok(top.y + top.height <= bottom.y + 1, `numerator ${JSON.stringify(top)} above denominator ${JSON.stringify(bottom)}`);
    const box = async (selector: string) => (await page.locator(selector).first().boundingBox()) ?? assert.fail(`${selector} is not laid out`);
    const boxes = { para: await box('.markdown p'), display: await box('.math-display math mrow'), after: await box('.markdown p:last-of-type'), column: await box('.markdown') };
    assert.ok(boxes.display.y >= boxes.para.y + boxes.para.height && boxes.display.y + boxes.display.height <= boxes.after.y, 'between the paragraphs');
    const centre = boxes.display.x + boxes.display.width / 2;
    assert.ok(boxes.display.width < boxes.column.width / 2 && Math.abs(centre - (boxes.column.x + boxes.column.width / 2)) < 4, `centred in the column: ${JSON.stringify(boxes)}`);
    assert.deepEqual(errors, [], 'nothing refused or failed');
    await context.close();
  });

  it('prints each formula\'s TeX source in the user guide', async () => {
    const pdf = await getDocument({ data: new Uint8Array(readFileSync(path.join(served.fixture.out, 'files/documentation.pdf'))), verbosity: 0 }).promise;
    let text = '';
    for (let i = 1; i <= pdf.numPages; i++) {
      const content = await (await pdf.getPage(i)).getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
    }
    assert.match(text, /Доля отброшенных пакетов \\frac\{d\}\{n\} за минуту\./);
    assert.match(text, /\\sum_\{i=1\}\^\{n\} x_i\^2/);
  });
});
