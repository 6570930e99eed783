// Where a broken link stands in its page's Markdown (build/checks/link-line.ts), and how a pass's
// errors are thrown together (build/errors.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lineOfLink } from '../../build/checks/link-line.ts';
import { BuildError, BuildErrors, throwIfAny } from '../../build/errors.ts';

describe('the line of a broken link', () => {
  const page = [
    '# Установка', // 1
    '', // 2
    'Раздел install описан ниже.', // 3: mentions the word, is no link
    '', // 4
    'См. [установку](./install.md) и [настройку](/guide/setup#порт).', // 5
    '', // 6
    '<img src="/img/schema.svg" alt="схема">', // 7
  ].join('\n');

  it('prefers the line where the target stands in a link over one that only mentions it', () => {
    assert.equal(lineOfLink(page, '/guide/install'), 5);
  });

  it('finds an anchor by its fragment, and an image by its file name in HTML too', () => {
    assert.equal(lineOfLink(page, '/guide/setup#порт'), 5);
    assert.equal(lineOfLink(page, '/img/schema.svg'), 7);
  });

  it('falls back to a mention, and gives nothing when the page has neither', () => {
    assert.equal(lineOfLink('Слово install в тексте.\n', '/guide/install'), 1);
    assert.equal(lineOfLink(page, '/nowhere/at-all'), undefined);
  });
});

describe('throwIfAny', () => {
  const errors = (n: number) => Array.from({ length: n }, (_, i) => new BuildError(`problem ${i + 1}`, 'docs/a.md', i + 1));

  it('throws nothing for none, the error itself for one, all of them for several', () => {
    assert.doesNotThrow(() => throwIfAny([]));
    assert.throws(() => throwIfAny(errors(1)), (e) => e instanceof BuildError && e.message === 'problem 1');
    assert.throws(() => throwIfAny(errors(3)), (e) => e instanceof BuildErrors && e.errors.length === 3);
  });

  it('past the limit, the first ones and how many more', () => {
    assert.throws(() => throwIfAny(errors(5), 2), (e) => e instanceof BuildErrors && e.message === 'docs/a.md:1: problem 1\ndocs/a.md:2: problem 2\n… and 3 more of the same kind');
  });
});
