// build/render/minify.ts: swc's second pass over esbuild's output must keep the code working and
// its source map leading to the original sources, and a new swc version or new options must give
// new file names (browsers keep /assets/ files cached for a year).
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import * as esbuild from 'esbuild';
import { MINIFIER_STAMP, minifyFurther } from '../../build/render/minify.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const dir = tempDir('sg-minify-');
after(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(path.join(dir, 'src'));
writeFileSync(path.join(dir, 'src', 'entry.ts'), [
  'export function total(prices: number[]): number {',
  '  let sum = 0;',
  '  for (const price of prices) sum += price;',
  '  return sum;',
  '}',
  "export const label = 'Итого';",
  '',
].join('\n'));

async function bundle(out: string, banner: string) {
  await esbuild.build({
    absWorkingDir: dir, entryPoints: ['src/entry.ts'], bundle: true, format: 'esm', minify: true, sourcemap: 'linked',
    outdir: path.join(dir, out), entryNames: '[name].[hash]', banner: { js: banner }, logLevel: 'silent',
  });
  return readdirSync(path.join(dir, out)).find((f) => f.endsWith('.js'))!;
}

describe('the second minifying pass', () => {
  it('keeps the module working, its source map pointing at the source, and its map link', async () => {
    const name = await bundle('a', MINIFIER_STAMP);
    const file = path.join(dir, 'a', name);
    await minifyFurther(path.join(dir, 'a'), [name]);
    const code = readFileSync(file, 'utf8');
    assert.ok(!code.includes('swc '), 'the stamp comment is dropped');
    assert.ok(code.endsWith(`//# sourceMappingURL=${name}.map\n`), code.slice(-80));
    const mod = await import(`data:text/javascript;base64,${Buffer.from(code.replace(/\n\/\/# sourceMappingURL=.*\n$/, '\n')).toString('base64')}`) as { total(p: number[]): number; label: string };
    assert.equal(mod.total([1, 2, 3.5]), 6.5);
    assert.equal(mod.label, 'Итого');
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; sourcesContent?: string[] };
    assert.deepEqual(map.sources.map((s) => s.replace(/^(\.\.\/)+/, '')), ['src/entry.ts']);
  });

  it('starts each file with Chromium\'s compile hint, and its map still leads to the source lines', async () => {
    const name = await bundle('hint', MINIFIER_STAMP);
    const file = path.join(dir, 'hint', name);
    await minifyFurther(path.join(dir, 'hint'), [name]);
    const lines = readFileSync(file, 'utf8').split('\n');
    assert.equal(lines[0], '//# allFunctionsCalledOnLoad');
    const map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    // The label's string, on the code's line (the second), comes from line 6 of the source (0-based 5).
    const at = lines[1].indexOf('"Итого"') >= 0 ? lines[1].indexOf('"Итого"') : lines[1].indexOf("'Итого'");
    assert.ok(at >= 0, lines[1]);
    const entry = map.findEntry(1, at) as { originalLine?: number };
    assert.equal(entry.originalLine, 5);
  });

  it('names the file and swc\'s complaint when a file cannot be minified', async () => {
    mkdirSync(path.join(dir, 'broken'));
    writeFileSync(path.join(dir, 'broken', 'bad.js'), 'export const x = ;\n');
    writeFileSync(path.join(dir, 'broken', 'bad.js.map'), JSON.stringify({ version: 3, sources: [], names: [], mappings: '' }));
    await assert.rejects(minifyFurther(path.join(dir, 'broken'), ['bad.js']), /cannot minify the browser bundle: .*bad\.js/);
  });

  it('gives other file names when the stamp (swc version and options) changes', async () => {
    const [a, b] = [await bundle('b', MINIFIER_STAMP), await bundle('c', MINIFIER_STAMP.replace('swc ', 'swc 0.0.0-other '))];
    assert.notEqual(a, b);
    assert.match(MINIFIER_STAMP, /^\/\* swc \d+\.\d+\.\d+ \{.*\} compile-hints \*\/$/);
  });
});
