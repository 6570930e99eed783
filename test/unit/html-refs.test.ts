// What the link check reads of a page (build/checks/html-refs.ts): the href and src of its tags,
// in order and entity-decoded, and nothing that only looks like a link in text or in another
// attribute's value; site paths resolved once and shared.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pageRefs, refsOf, SiteRefs } from '../../build/checks/html-refs.ts';

describe('references in our HTML', () => {
  it('reads href and src of start tags in document order, entity-decoded', () => {
    const html = '<p>См. <a class="x" href="/guide/intro#установка">введение</a> и <img src="/img/a.svg?v=1&amp;w=2" alt=""/>'
      + '<link rel="icon" href="/favicon.svg" type="image/svg+xml"><br/><input disabled></p>';
    assert.deepEqual(refsOf(html), ['/guide/intro#установка', '/img/a.svg?v=1&w=2', '/favicon.svg']);
  });

  it('ignores what only looks like a link: in text, in code, inside another attribute\'s value', () => {
    const html = '<p>Пишите href="/text" в тексте</p><pre><code>&lt;a href="/code"&gt;</code></pre>'
      + '<a title="ссылка src=" data-note="a > b" href="/real">x</a><span title="href=/nope">y</span>';
    assert.deepEqual(refsOf(html), ['/real']);
  });

  it('skips a tag it cannot read and reads the tags after it', () => {
    const html = '<a x=y href="/broken">1</a><a x="1"y="2" href="/glued">2</a><a href="/after">3</a>< a href="/spaced">4</a>';
    assert.deepEqual(refsOf(html), ['/after']);
  });

  it('reads the HTML in pieces split between tags as it reads it whole', () => {
    const pieces = ['<html><head><link rel="canonical" href="/a"></head><body><div id="root">', '<a href="b">b</a><a href="#c">c</a>', '</div></body></html>'];
    const refs = new SiteRefs();
    assert.deepEqual(pageRefs(pieces, '/dir/page', refs), pageRefs(pieces.join(''), '/dir/page'));
    assert.deepEqual(pageRefs(pieces, '/dir/page', refs).map((r) => `${r.target}#${r.fragment}`), ['/a#', '/dir/b#', '/dir/page#c']);
  });

  it('resolves a site path once for every page, and relative links against each page', () => {
    const refs = new SiteRefs();
    const [a1, rel1] = pageRefs('<a href="/guide/intro">x</a><a href="next">y</a>', '/one/page', refs);
    const [a2, rel2] = pageRefs('<a href="/guide/intro">x</a><a href="next">y</a>', '/two/page', refs);
    assert.equal(a1, a2, 'one object for one site path');
    assert.equal(rel1.target, '/one/next');
    assert.equal(rel2.target, '/two/next');
  });
});
