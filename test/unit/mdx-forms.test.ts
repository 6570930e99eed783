// MDX forms are found where Markdown would show them, and nowhere else (code, prose).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findModuleLine } from '../../build/markdown/mdx-forms.ts';
import { includeLines } from '../../build/markdown/includes.ts';

describe('MDX module lines', () => {
  it('finds import and export lines with their line numbers', () => {
    assert.deepEqual(findModuleLine('# T\n\nimport Tabs from \'@theme/Tabs\';\n'), { line: 3, text: 'import Tabs from \'@theme/Tabs\';' });
    assert.equal(findModuleLine('export const x = 1;\n')?.line, 1);
    assert.equal(findModuleLine('import \'./style.css\';\n')?.line, 1);
  });
  it('ignores code and prose that merely starts with the word', () => {
    assert.equal(findModuleLine('```js\nimport x from "y";\n```\n'), undefined);
    assert.equal(findModuleLine('    import x from "y";\n'), undefined);
    assert.equal(findModuleLine('import of goods is described below.\n'), undefined);
    assert.equal(findModuleLine('export the table with pg_dump.\n'), undefined);
  });
});

describe('include lines', () => {
  it('lists includes outside code fences, in order', () => {
    assert.deepEqual(includeLines('a\n::include{file="./_a.md"}\n```\n::include{file="./_no.md"}\n```\n> ::include{file="../_b.md"}\n'),
      [{ file: './_a.md', line: 2 }, { file: '../_b.md', line: 6 }]);
  });
});
