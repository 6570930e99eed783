// The content lint over every page of docs/: one test per page, each failing with the full list of
// that page's problems (page:line, the wrong name and the nearest known one), so one run shows all.
// Name lists: test/content/names/; the checks: test/content/lint/. Print everything at once with
// `npx tsx test/content/lint/cli.ts docs`.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { formatProblem, lintDocs } from './lint/index.ts';

const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs');
const result = lintDocs(docs);

describe('content lint: docs/', () => {
  it('finds the pages', () => assert.ok(result.size >= 40, `only ${result.size} pages under ${docs}`));
  for (const [page, problems] of result) {
    it(page, () => {
      assert.equal(problems.length, 0, `${problems.length} content problem(s):\n${problems.map(formatProblem).join('\n')}`);
    });
  }
});
