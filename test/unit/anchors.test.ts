// A link to an anchor the page does not have: the build's error and the dev server's warning
// name the id that was probably meant (a heading reworded or mistyped), and how to keep old links.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { describe, it } from 'node:test';
import { anchorFix, checkAnchors, nearestAnchor, nearestPageRoute } from '../../build/checks/anchors.ts';
import { fixOfBrokenLink } from '../../build/checks/links.ts';
import { linkWarnings } from '../../build/dev/links.ts';
import { resolveRef } from '../../build/checks/html-refs.ts';
import type { PageData } from '../../src/data/types.ts';

const IDS = ['установка-агента-на-хост', 'настройки-tls', 'проверка'];

describe('anchors that do not exist', () => {
  it('a broken link to a page\'s URL names the page meant: one whose route the path ends with (a Docusaurus /docs/… URL), or one a typo away', () => {
    const routes = ['/', '/guide/install', '/guide/intro', '/tech-docs/sgroups/база-данных'];
    assert.equal(nearestPageRoute('/docs/guide/install#шаги', routes), '/guide/install#шаги');
    assert.equal(nearestPageRoute('/guide/instal?x=1', routes), '/guide/install?x=1');
    assert.equal(nearestPageRoute('/tech-docs/sgroups/база-даных', routes), '/tech-docs/sgroups/база-данных');
    assert.equal(nearestPageRoute('/nowhere/at-all', routes), undefined);
    assert.equal(nearestPageRoute('/img/absent.svg', routes), undefined, 'a file is no page');
    assert.equal(fixOfBrokenLink('/docs/guide/intro', routes), 'link to /guide/intro, the page nearest to this URL, or correct the link target');
    assert.equal(fixOfBrokenLink('/nowhere/at-all', routes), 'correct the link target');
  });

  it('the nearest id is named only when it is near enough to be what was meant', () => {
    assert.equal(nearestAnchor('настройка-tls', IDS), 'настройки-tls', 'one letter retyped');
    assert.equal(nearestAnchor('установка-агента', IDS), 'установка-агента-на-хост', 'a heading with words added');
    assert.equal(nearestAnchor('нет-такого-раздела', IDS), undefined);
    assert.equal(nearestAnchor('x', []), undefined);
  });

  it('the build\'s error says which id to link to, or how to give the heading its old id back', () => {
    const [error] = checkAnchors(new Map([['/b', [{ target: '/a', url: '/a', fragment: 'настройка-tls' }]]]), new Map([['/a', new Set(IDS)]]), new Map());
    assert.match(error.message, /\/a#настройка-tls names an anchor that does not exist/);
    assert.match(error.fix ?? '', /^link to #настройки-tls, the nearest id the page has, or, if its heading was reworded, give it the old id back: "## … \{#настройка-tls\}" \(npm run write-heading-ids/);
    assert.match(anchorFix('нет-такого-раздела', IDS), /^link to a heading that exists/);
  });

  it('a link with a query is checked against its page\'s ids all the same', () => {
    const ref = resolveRef('/a?tab=nginx#настройка-tls', '/b')!;
    assert.deepEqual([ref.target, ref.fragment], ['/a', 'настройка-tls']);
    const [error] = checkAnchors(new Map([['/b', [ref]]]), new Map([['/a', new Set(IDS)]]), new Map());
    assert.match(error.message, /\/a#настройка-tls names an anchor that does not exist/);
  });

  it('the dev server\'s warning names the nearest id too', () => {
    const page = (route: string, html: string): PageData => ({ route, kind: 'doc', title: route, html, toc: [], unlisted: false, breadcrumbs: [] });
    const pages = new Map([page('/a', '<h2 id="настройки-tls">Настройки TLS</h2>'), page('/b', '<a href="/a#настройка-tls">a</a> <a href="/a#нет-такого-раздела">b</a>')].map((p) => [p.route, p]));
    const [near, far] = linkWarnings([pages.get('/b')!], pages, tmpdir()).map((w) => w.message);
    assert.match(near, /\/a#настройка-tls names an anchor that does not exist on the target page \(the nearest it has: #настройки-tls\)/);
    assert.doesNotMatch(far, /nearest/);
  });
});
