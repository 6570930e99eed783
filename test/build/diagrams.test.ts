// Mermaid diagrams (build/diagrams/): a ```mermaid block is drawn once, in the system's Chromium,
// into docs/_diagrams/ (light and dark), and the page shows the drawing; a build that finds every
// diagram drawn needs no browser and gives the same bytes; a new diagram without a browser, or
// one Mermaid cannot read, stops the build at its fence and leaves the output and the store as
// they were.
import assert from 'node:assert/strict';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { copyFixture, type FixtureCopy } from '../helpers/build-fixture.ts';
import { assertSameTree } from '../helpers/output-tree.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { diagramKey } from '../../build/diagrams/store.ts';
import { diagramsOfPage } from '../../build/diagrams/find.ts';
import { sessionOf } from '../dev/harness.ts';

const FLOW = 'flowchart LR\n  accTitle: Путь пакета\n  A[Вход] --> B{Правило}\n  B -->|accept| C[Хост]';
const SEQUENCE = 'sequenceDiagram\n  Агент->>Сервер: Sync';
const page = (diagram: string) => `---\ntitle: Поток\n---\n\nТекст.\n\n\`\`\`mermaid\n${diagram}\n\`\`\`\n\n::include{file="./_more.md"}\n`;

/** Runs a build with CHROMIUM_PATH set as given (a path with no browser: the machine has none). */
function buildWith(site: FixtureCopy, chromium?: string) {
  const before = process.env.CHROMIUM_PATH;
  if (chromium) process.env.CHROMIUM_PATH = chromium;
  try {
    return site.build();
  } finally {
    if (before === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = before;
  }
}

async function pdfText(file: string): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(readFileSync(file)), verbosity: 0 }).promise;
  let text = '';
  for (let i = 1; i <= pdf.numPages; i++) text += (await (await pdf.getPage(i)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
  return text;
}

describe('Mermaid diagrams', { timeout: 180_000 }, () => {
  let site: FixtureCopy;
  const store = () => path.join(site.docs, '_diagrams');
  const html = () => readFileSync(path.join(site.out, 'reference/flow/index.html'), 'utf8');
  before(() => {
    site = copyFixture();
    site.edit('site.config.ts', (text) => text.replace('userGuidePdf: false,', 'userGuidePdf: true,'));
    site.write('docs/reference/flow.md', page(FLOW));
    site.write('docs/reference/_more.md', '---\nnote: fragment\n---\nИз фрагмента:\n\n```mermaid\n' + SEQUENCE + '\n```\n');
    const r = site.build();
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /2 diagram\(s\) drawn into docs\/_diagrams\//);
  });

  it('finds each diagram at its fence, in the page and in the fragments it includes', () => {
    const absPath = path.join(site.docs, 'reference/flow.md');
    const body = page(FLOW).replace(/^---[\s\S]*?---\n/, '');
    assert.deepEqual(diagramsOfPage({ file: 'docs/reference/flow.md', absPath, body, bodyLineOffset: 3 }).map((d) => [d.file.replace(/^.*docs\//, 'docs/'), d.line, d.key]), [
      ['docs/reference/flow.md', 7, diagramKey(FLOW)],
      ['docs/reference/_more.md', 6, diagramKey(SEQUENCE)],
    ]);
  });

  it('draws each diagram once into the store, light and dark, as self-contained SVG', () => {
    assert.deepEqual(readdirSync(store()).sort(), [FLOW, SEQUENCE].flatMap((d) => [`${diagramKey(d)}.dark.svg`, `${diagramKey(d)}.light.svg`]).sort());
    const light = readFileSync(path.join(store(), `${diagramKey(FLOW)}.light.svg`), 'utf8');
    const root = /^<svg [^>]*>/.exec(light)?.[0] ?? assert.fail('not an SVG');
    assert.match(root, / width="\d+"/, 'a size of its own, for an <img>');
    assert.match(root, / height="\d+"/);
    assert.match(light, />Правило</);
    assert.doesNotMatch(light, /<style|<foreignObject|<script/, 'no stylesheet, HTML or script: what the PDF renderer and an <img> both read');
    assert.notEqual(readFileSync(path.join(store(), `${diagramKey(FLOW)}.dark.svg`), 'utf8'), light);
  });

  it('shows the drawing on the page, in both colour modes, with the diagram\'s title as its text', () => {
    const figure = /<figure class="themed-figure diagram">([\s\S]*?)<\/figure>/.exec(html())?.[1] ?? assert.fail('no figure');
    const images = [...figure.matchAll(/<img src="([^"]+)" alt="([^"]*)" class="themed-image themed-image--(\w+)" width="(\d+)" height="(\d+)" loading="lazy"/g)];
    assert.deepEqual(images.map((m) => [m[2], m[3]]), [['Путь пакета', 'light'], ['Путь пакета', 'dark']]);
    for (const [, src] of images) assert.ok(existsSync(path.join(site.out, src)), `${src} is published`);
    assert.doesNotMatch(html(), /language-mermaid/, 'no code block left');
    assert.match(readFileSync(path.join(site.out, 'reference/flow.md'), 'utf8'), /```mermaid\nflowchart LR\n/, 'the Markdown for machines keeps the diagram\'s text');
  });

  it('draws the light variant in the user guide', async () => {
    const text = await pdfText(path.join(site.out, 'files/documentation.pdf'));
    for (const label of ['Вход', 'Правило', 'Хост', 'Агент', 'Сервер']) assert.ok(text.includes(label), `${label} in the PDF`);
  });

  it('builds from the store alone, without a browser, to the same bytes', () => {
    const first = tempDir('sg-diagrams-first-');
    cpSync(site.out, first, { recursive: true });
    rmSync(site.out, { recursive: true });
    const r = buildWith(site, '/nonexistent/chromium');
    assert.equal(r.status, 0, r.stderr);
    assert.doesNotMatch(r.stdout, /drawn into/);
    assertSameTree(site.out, first, 'built again from the store');
  });

  it('stops at a new diagram when there is no browser to draw it, leaving the output and the store as they were', () => {
    const before = html();
    site.write('docs/reference/flow.md', page(FLOW.replace('Хост', 'Узел')));
    const r = buildWith(site, '/nonexistent/chromium');
    site.write('docs/reference/flow.md', page(FLOW));
    assert.equal(r.status, 1);
    assert.match(r.stderr, /docs\/reference\/flow\.md:7: this Mermaid diagram is new or changed, and there is no Chromium at \/nonexistent\/chromium to draw it/);
    assert.match(r.stderr, /fix: install Chromium \(apt-get install chromium\) or set CHROMIUM_PATH/);
    assert.equal(html(), before);
    assert.equal(readdirSync(store()).length, 4);
  });

  it('stops at a diagram Mermaid cannot read, with Mermaid\'s reason', () => {
    site.write('docs/reference/flow.md', page('flowchart LR\n  A --> B\n  B -- C'));
    const r = site.build();
    site.write('docs/reference/flow.md', page(FLOW));
    assert.equal(r.status, 1);
    assert.match(r.stderr, /docs\/reference\/flow\.md:7: the Mermaid diagram that starts here cannot be drawn: Parse error on line \d+:/);
    assert.equal(readdirSync(store()).length, 4, 'nothing added to the store');
  });

  it('draws a diagram written while the dev server runs, and shows it in place of the code', async () => {
    const { session, out, change } = sessionOf(site);
    try {
      assert.deepEqual((await session.start()).errors, []);
      const added = 'flowchart TB\n  X[Сервер] --> Y[Агент]';
      site.write('docs/reference/flow.md', page(FLOW).replace('Текст.', `Текст.\n\n\`\`\`mermaid\n${added}\n\`\`\``));
      const changed = await change('docs/reference/flow.md');
      assert.deepEqual(changed.errors, []);
      assert.ok(existsSync(path.join(store(), `${diagramKey(added)}.light.svg`)));
      const shown = readFileSync(path.join(out, 'reference/flow/index.html'), 'utf8');
      assert.equal(shown.match(/<figure class="themed-figure diagram">/g)?.length, 3);
      assert.doesNotMatch(shown, /language-mermaid/);
    } finally {
      await session.close();
      site.write('docs/reference/flow.md', page(FLOW));
    }
  });
});
