// What the migration reports as dropped from a theme component (build/migrate/elements.ts, tabs.ts).
import type { BodyConverter } from './convert-body.ts';
import type { ElementNode } from './mdx-tree.ts';

/**
 * A theme component's props that have nothing to become here, reported as dropped: Tabs'
 * `queryString` (the tab chosen by the URL), `lazy`, an Admonition's `icon`, a class name.
 */
export function droppedProps(c: BodyConverter, el: ElementNode, kept: string[], todo: string): void {
  const dropped = el.attributes.filter((a) => a.name !== 'key' && !kept.includes(a.name)).map((a) => a.name || 'spread');
  if (dropped.length > 0) c.report({ kind: 'dropped', sourceLine: c.lineAt(el.start), what: `${dropped.join(', ')} of <${el.name}>`, todo });
}
