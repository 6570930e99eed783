// What a first visit downloads before the page is interactive, measured the way the bench does
// (../shared/bench/page-weight.mjs: the HTML and every script it loads, gzip level 9), on the
// five page kinds the Lighthouse audit covers. Parts a reader opens later (the search dialog,
// the mobile menu) and the GitHub client, loaded after hydration, must stay out of it; so must
// what only the server renders (src/theme/StaticIsland) and the icons' drawings (one sprite).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { projectRoot, siteDist } from '../helpers/paths.ts';

const PAGE_WEIGHT = path.join(projectRoot, '..', 'shared', 'bench', 'page-weight.mjs');
const PAGES = ['index.html', 'info/introduction/index.html', 'tech-docs/rule-configuration/security-groups/index.html', 'tech-docs/sgroups/api/v2/sync/index.html', '404.html'];
// Issue 21's budget. React 19's client runtime alone is about 68 KB of it after swc's pass
// (build/render/minify.ts); the theme has the rest.
const JS_GZIP_BUDGET = 80 * 1024;
const LAZY_PARTS = ['SearchDialog', 'MobileSidebar', 'github-api'];

function weigh(page: string): { scripts: string[]; jsGzip: number } {
  const out = execFileSync(process.execPath, [PAGE_WEIGHT, siteDist(), page], { encoding: 'utf8' });
  const scripts = [...out.matchAll(/^js\s+\d+\s+\d+\s+(\S+)$/gm)].map((m) => m[1]);
  const jsGzip = Number(/js gzip (\d+) B/.exec(out)?.[1]);
  assert.ok(!/^missing/m.test(out), `${page} references a file that is not in the build:\n${out}`);
  return { scripts, jsGzip };
}

describe('first-load JS', () => {
  for (const page of PAGES) {
    it(`${page}: the entry and one shared chunk, within ${JS_GZIP_BUDGET} B gzip, no lazily loaded part`, () => {
      const { scripts, jsGzip } = weigh(page);
      assert.equal(scripts.length, 2, `two scripts, not ${scripts.join(', ')}`);
      assert.match(scripts[0], /^\/assets\/entry\.[A-Z0-9]+\.js$/);
      assert.ok(jsGzip <= JS_GZIP_BUDGET, `${jsGzip} B gzip`);
      for (const part of LAZY_PARTS) assert.ok(!scripts.some((s) => s.includes(part)), `${part} is loaded only when needed`);
      // Copying (a code block's button, the page's Markdown) is loaded by the first copy.
      const code = scripts.map((s) => readFileSync(path.join(siteDist(), s), 'utf8')).join('\n');
      for (const text of ['Код скопирован', 'execCommand']) assert.ok(!code.includes(text), `"${text}" is in the first-load scripts`);
    });
  }
});

describe('what the browser does not download again', () => {
  const dist = siteDist();
  const js = readdirSync(path.join(dist, 'assets'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(dist, 'assets', f), 'utf8')).join('\n');

  it('no footer or page-not-found text in any script: the HTML the server rendered is kept', () => {
    const config = readFileSync(path.join(projectRoot, 'src', 'site.config.ts'), 'utf8');
    const copyright = /copyright: '([^']+)'/.exec(config)?.[1];
    assert.ok(copyright, 'the site config has a copyright line');
    for (const text of [copyright, 'Пользовательское соглашение', 'К сожалению, мы не нашли страницу']) {
      assert.ok(readFileSync(path.join(dist, '404.html'), 'utf8').includes(text), `the 404 page shows "${text}"`);
      assert.ok(!js.includes(text), `"${text}" is in a script`);
    }
  });

  it("no icon drawing in any script or page: each page refers to one sprite's symbols", () => {
    const html = readFileSync(path.join(dist, 'info', 'introduction', 'index.html'), 'utf8');
    const uses = [...html.matchAll(/<use href="(\/assets\/icons\.[0-9a-f]+\.svg)#([\w-]+)"/g)];
    assert.ok(uses.length >= 8, `${uses.length} icons refer to the sprite`);
    const sprites = new Set(uses.map((u) => u[1]));
    assert.equal(sprites.size, 1, [...sprites].join(', '));
    const sprite = readFileSync(path.join(dist, [...sprites][0]), 'utf8');
    for (const [, , name] of uses) assert.match(sprite, new RegExp(`<symbol id="${name}"`), `the sprite draws "${name}"`);
    // The GitHub mark's outline, the longest drawing, as a sample.
    const mark = /<path d="(M8 0C[^"]+)"/.exec(sprite)?.[1];
    assert.ok(mark, 'the sprite has the GitHub mark');
    assert.ok(!html.includes(mark) && !js.includes(mark), 'the drawing is only in the sprite');
  });

  it('source maps of the twice-minified scripts still lead to the theme sources', () => {
    const entry = readdirSync(path.join(dist, 'assets')).find((f) => /^entry\.[A-Z0-9]+\.js$/.test(f))!;
    const code = readFileSync(path.join(dist, 'assets', entry), 'utf8');
    assert.match(code, new RegExp(`//# sourceMappingURL=${entry.replace(/\./g, '\\.')}\\.map\\n$`));
    const map = JSON.parse(readFileSync(path.join(dist, 'assets', `${entry}.map`), 'utf8')) as { sources: string[]; mappings: string };
    assert.ok(map.sources.some((s) => s.endsWith('src/client/entry.tsx')), map.sources.join(', '));
    assert.ok(map.mappings.length > 100);
  });
});
