// Our Markdown extensions, written as remark-directive directives:
//   :::note|tip|info|warning|danger[Title]   admonitions (Russian default titles)
//   ::::tabs{group="x"} / :::tab{label="A"}   tabbed alternatives (WAI-ARIA markup, all panels in HTML)
//   :::details[Summary]                       a collapsible block (<details>), VitePress's `::: details`
//   :::code-group                             code blocks as tabs, each labelled by its `[label]` (VitePress)
//   ::themed-image{light dark alt width height}  an image with light and dark variants
//   ::api-endpoint{method path}               the method/path badge of an API page
// Anything else that merely looks like a directive (`10:30`, `TLS:on`) is put back as text.
import type { Code, Paragraph, PhrasingContent, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import GithubSlugger from 'github-slugger';
import { CODE_TITLE } from './code.ts';
import { warn, type CompileContext } from './context.ts';

export const ADMONITION_TITLES: Record<string, string> = {
  note: 'Примечание',
  tip: 'Совет',
  info: 'Информация',
  important: 'Важно',
  warning: 'Внимание',
  caution: 'Внимание',
  danger: 'Опасно',
};

/** The summary of a `:::details` block given none (VitePress's default is "Details"). */
export const DETAILS_SUMMARY = 'Подробнее';
/** VitePress's label of a block in a code group: ```` ```bash [Debian] ````. */
const GROUP_LABEL = /\[([^\]]+)\]/;

const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

export type Directive = ContainerDirective | LeafDirective | TextDirective;

/**
 * A themed figure's two images (light, dark), each a link to its own file: a diagram drawn for the
 * content column is shrunk to a phone's width, where its labels cannot be read; opened alone it
 * can be zoomed. The theme hides the other variant's link with its image (content.css).
 */
export function themedVariants(alt: string, file: (variant: 'light' | 'dark') => { url: string; width?: unknown; height?: unknown }): object[] {
  return (['light', 'dark'] as const).map((variant) => {
    const { url, width, height } = file(variant);
    return {
      type: 'link',
      url,
      title: 'Открыть изображение в полном размере',
      data: { hProperties: { className: ['themed-image-link', `themed-image-link--${variant}`] } },
      children: [{
        type: 'image',
        url,
        alt,
        data: { hProperties: { className: ['themed-image', `themed-image--${variant}`], width, height, loading: 'lazy', decoding: 'async' } },
      }],
    };
  });
}

function setHast(node: { data?: object }, hName: string, hProperties: Record<string, unknown>) {
  node.data = { ...(node.data ?? {}), hName, hProperties } as object;
}

/** Splits off the `[label]` paragraph remark-directive puts first in a container. */
function takeLabel(node: ContainerDirective): string | undefined {
  const first = node.children[0] as Paragraph | undefined;
  if (first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
    node.children.shift();
    return toString(first);
  }
  return undefined;
}

/**
 * Returns the per-node handler the site pass calls for directive nodes. It returns a number
 * (the index to continue at) when it replaced the node with text.
 */
export function createDirectiveHandler(ctx: CompileContext) {
  const line = (n: Directive) => n.position?.start.line;
  let tabsCount = 0;

  const admonition = (node: ContainerDirective) => {
    // `:::note[Заголовок]`, or the title as an attribute, `:::note{title="Заголовок"}`.
    const title = takeLabel(node) ?? (typeof node.attributes?.title === 'string' && node.attributes.title.trim() ? node.attributes.title : ADMONITION_TITLES[node.name]);
    const kind = node.name === 'caution' ? 'warning' : node.name;
    const heading: Paragraph = {
      type: 'paragraph',
      children: [{ type: 'text', value: title }],
      data: { hName: 'p', hProperties: { className: ['admonition__title'] } },
    };
    node.children.unshift(heading as never);
    setHast(node, 'aside', { className: ['admonition', `admonition--${kind}`], role: 'note' });
  };

  const tabs = (node: ContainerDirective) => {
    const index = tabsCount++;
    const group = String(node.attributes?.group ?? '');
    const panels = node.children.filter((c): c is ContainerDirective => c.type === 'containerDirective' && c.name === 'tab');
    if (panels.length === 0 || panels.length !== node.children.length) {
      warn(ctx, line(node), 'a ::::tabs block should contain only :::tab{label="…"} blocks');
    }
    const buttons: RootContent[] = [];
    // Values are unique within one group only: groups sharing a `group` id must get the same
    // value for the same label, so they can switch together.
    const tabSlugger = new GithubSlugger();
    // As Docusaurus's `<TabItem default>`: `:::tab{label="Debian" default}` is shown first (the first tab else).
    const shown = Math.max(0, panels.findIndex((panel) => panel.attributes != null && 'default' in panel.attributes));
    panels.forEach((panel, i) => {
      const label = String(panel.attributes?.label ?? takeLabel(panel) ?? `Вариант ${i + 1}`);
      const value = String(panel.attributes?.value ?? (tabSlugger.slug(label, false) || `tab-${i}`));
      const tabId = `tabs-${index}-tab-${i}`;
      const panelId = `tabs-${index}-panel-${i}`;
      buttons.push({
        type: 'paragraph',
        children: [{ type: 'text', value: label }],
        data: {
          hName: 'button',
          hProperties: {
            type: 'button', role: 'tab', id: tabId, ariaControls: panelId, ariaSelected: i === shown ? 'true' : 'false',
            tabIndex: i === shown ? 0 : -1, dataValue: value, className: ['tabs__tab'],
          },
        },
      } as unknown as Paragraph);
      // A panel not shown is hidden "until found": the browser's find in page, a link to a text
      // (`#:~:text=`) or to an id in it shows it (src/client/content-enhancers.ts selects its tab).
      // Without JavaScript the CSS shows every panel all the same (content.css).
      setHast(panel, 'div', {
        role: 'tabpanel', id: panelId, ariaLabelledBy: tabId, dataValue: value, dataLabel: label,
        ...(i === shown ? { tabIndex: 0, className: ['tabs__panel', 'tabs__panel--default'] } : { tabIndex: -1, className: ['tabs__panel'], hidden: 'until-found' }),
      });
    });
    const list: Paragraph = {
      type: 'paragraph',
      children: buttons as PhrasingContent[],
      data: { hName: 'div', hProperties: { role: 'tablist', className: ['tabs__list'] } },
    };
    node.children.unshift(list as never);
    setHast(node, 'div', { className: ['tabs'], ...(group ? { dataGroup: group } : {}) });
  };

  const details = (node: ContainerDirective) => {
    const summary: Paragraph = { type: 'paragraph', children: [{ type: 'text', value: takeLabel(node) ?? DETAILS_SUMMARY }], data: { hName: 'summary' } };
    node.children.unshift(summary as never);
    setHast(node, 'details', {});
  };

  /**
   * VitePress's code group: each code block a tab labelled by its `[label]` (else its title, else
   * its language), made into the tabs above, so it reads without JavaScript and switches as they do.
   */
  const codeGroup = (node: ContainerDirective) => {
    const panels: ContainerDirective[] = [];
    for (const child of node.children) {
      if (child.type !== 'code') {
        // Not a code block: kept, in the tab of the block before it, and said.
        warn(ctx, child.position?.start.line ?? line(node), 'a code group holds code blocks only (```bash [Debian]); this block is shown in the tab before it');
        if (panels.length > 0) panels.at(-1)!.children.push(child);
        else panels.push({ type: 'containerDirective', name: 'tab', attributes: { label: 'Вариант 1' }, children: [child] });
        continue;
      }
      const code = child as Code;
      const meta = code.meta ?? '';
      const bracket = GROUP_LABEL.exec(meta);
      const title = bracket ? undefined : CODE_TITLE.exec(meta);
      const label = bracket?.[1] ?? (title && (title[1] ?? title[2] ?? title[3])) ?? code.lang ?? `Вариант ${panels.length + 1}`;
      // The label is the tab's: the block shows no title bar repeating it.
      const used = bracket ?? title;
      if (used) code.meta = `${meta.slice(0, used.index)}${meta.slice(used.index + used[0].length)}`.trim() || null;
      panels.push({ type: 'containerDirective', name: 'tab', attributes: { label }, children: [code], position: code.position });
    }
    node.children = panels;
    tabs(node);
  };

  const themedImage = (node: LeafDirective) => {
    const a = node.attributes ?? {};
    const missing = ['light', 'dark', 'alt', 'width', 'height'].filter((k) => !a[k]);
    if (missing.length > 0) {
      warn(ctx, line(node), `::themed-image is missing ${missing.join(', ')}`);
    }
    (node as unknown as { children: unknown[] }).children = themedVariants(String(a.alt ?? ''), (variant) => ({ url: String(a[variant] ?? ''), width: a.width, height: a.height }));
    setHast(node, 'figure', { className: ['themed-figure'] });
  };

  const apiEndpoint = (node: LeafDirective) => {
    const method = String(node.attributes?.method ?? '').toUpperCase();
    const path = String(node.attributes?.path ?? '');
    if (!HTTP_METHODS.has(method) || !path.startsWith('/')) {
      warn(ctx, line(node), '::api-endpoint needs method="GET|POST|…" and path="/…"');
    }
    (node as unknown as { children: unknown[] }).children = [
      { type: 'text', value: method, data: { hName: 'span', hProperties: { className: ['api-endpoint__method', `api-endpoint__method--${method.toLowerCase()}`] } } },
      { type: 'inlineCode', value: path, data: { hProperties: { className: ['api-endpoint__path'] } } },
    ];
    setHast(node, 'div', { className: ['api-endpoint'] });
  };

  /**
   * `::toc` (`::toc{min=2 max=4}`): the page's contents at this place (Docusaurus's <TOCInline />).
   * Only a marked <div> here: the headings get their ids after sanitising, where rehypeSite fills
   * it (build/markdown/compile.ts).
   */
  const inlineToc = (node: LeafDirective) => {
    const level = (name: string, fallback: number) => {
      const raw = node.attributes?.[name];
      if (raw === undefined || raw === null) return fallback;
      const n = Number(raw);
      if (Number.isInteger(n) && n >= 2 && n <= 6) return n;
      warn(ctx, line(node), `::toc ${name}="${raw}" is no heading level from 2 to 6; ${fallback} is used`);
      return fallback;
    };
    const min = level('min', 2);
    const max = Math.max(min, level('max', Math.max(min, 3)));
    setHast(node, 'div', { className: ['inline-toc'], dataInlineToc: `${min}-${max}` });
  };

  return (d: Directive, index: number, parent: { children: unknown[] }): number | void => {
    if (d.type === 'containerDirective' && d.name in ADMONITION_TITLES) return admonition(d);
    if (d.type === 'containerDirective' && d.name === 'tabs') return tabs(d);
    if (d.type === 'containerDirective' && d.name === 'tab') {
      // Made a panel by its tabs parent; one outside any is shown as its text alone.
      const outer = parent as unknown as { type: string; name?: string };
      if (outer.type !== 'containerDirective' || (outer.name !== 'tabs' && outer.name !== 'code-group')) warn(ctx, line(d), 'a :::tab outside a ::::tabs block is shown as its text alone; put it inside ::::tabs … ::::');
      return;
    }
    if (d.type === 'containerDirective' && d.name === 'details') return details(d);
    if (d.type === 'containerDirective' && d.name === 'code-group') return codeGroup(d);
    if (d.type === 'leafDirective' && d.name === 'themed-image') return themedImage(d);
    if (d.type === 'leafDirective' && d.name === 'api-endpoint') return apiEndpoint(d);
    if (d.type === 'leafDirective' && d.name === 'toc') return inlineToc(d);
    if (d.type === 'leafDirective' && d.name === 'doc-cards') {
      // The cards of the category this page is the index of: known once the sidebars are (build/render/doc-cards.ts).
      ctx.docCards = true;
      return setHast(d, 'div', { className: ['doc-cards'], dataDocCards: '' });
    }
    // Not ours: restore the source text so nothing the author wrote disappears.
    const start = d.position?.start.offset;
    const end = d.position?.end.offset;
    if (start === undefined || end === undefined) return;
    const raw = ctx.source.slice(start, end);
    if (d.type !== 'textDirective') {
      warn(ctx, line(d), `unknown directive "${d.name}" kept as text`);
      parent.children.splice(index, 1, { type: 'paragraph', children: [{ type: 'text', value: raw }] });
    } else {
      parent.children.splice(index, 1, { type: 'text', value: raw });
    }
    return index + 1;
  };
}
