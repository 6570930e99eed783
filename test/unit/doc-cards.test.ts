// ::doc-cards filled from the sidebar (build/render/doc-cards.ts): the category a page is the link
// of, its docs with their descriptions, its sub-categories with their page counts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { docCardsFor, fillDocCards } from '../../build/render/doc-cards.ts';
import type { SidebarData } from '../../src/data/types.ts';

const sidebar: SidebarData = {
  id: 'docs',
  items: [
    { type: 'link', label: 'Введение', href: '/intro', docId: 'intro' },
    {
      type: 'category', label: 'Инструменты', href: '/tools', collapsed: true, collapsible: true,
      items: [
        { type: 'link', label: 'CLI', href: '/tools/cli', docId: 'tools/cli' },
        { type: 'category', label: 'Terraform', collapsed: true, collapsible: true, items: [
          { type: 'link', label: 'Провайдер', href: '/tools/tf/provider', docId: 'tools/tf/provider' },
          { type: 'link', label: 'Ресурсы', href: '/tools/tf/resources', docId: 'tools/tf/resources' },
        ] },
        { type: 'link', label: 'GitHub', href: 'https://github.com/H-BF/sgroups' },
      ],
    },
  ],
};
const descriptions: Record<string, string> = { '/tools/cli': 'Правила из терминала <и скриптов>.' };

describe('doc cards', () => {
  it('lists the items of the category the page is the link of: docs with descriptions, categories with page counts, links', () => {
    assert.deepEqual(docCardsFor('/tools', sidebar, (r) => descriptions[r]), [
      { href: '/tools/cli', label: 'CLI', text: 'Правила из терминала <и скриптов>.' },
      { href: '/tools/tf/provider', label: 'Terraform', text: '2 страницы' },
      { href: 'https://github.com/H-BF/sgroups', label: 'GitHub' },
    ]);
    assert.equal(docCardsFor('/intro', sidebar, () => undefined), undefined, 'no category links to /intro');
  });

  it('fills the placeholder with escaped cards, or with nothing, and leaves other pages alone', () => {
    const html = '<p>Разделы:</p><div class="doc-cards" data-doc-cards=""></div>';
    const filled = fillDocCards(html, docCardsFor('/tools', sidebar, (r) => descriptions[r]));
    assert.match(filled, /^<p>Разделы:<\/p><nav class="doc-cards" aria-label="Страницы раздела"><ul><li><a class="doc-card" href="\/tools\/cli"><span class="doc-card__title">CLI<\/span><span class="doc-card__text">Правила из терминала &lt;и скриптов&gt;\.<\/span><\/a><\/li>/);
    assert.equal(fillDocCards(html, undefined), '<p>Разделы:</p>');
    assert.equal(fillDocCards('<p>Нет карточек.</p>', undefined), '<p>Нет карточек.</p>');
  });
});
