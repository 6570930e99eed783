// `<Tabs>`/`<TabItem>` → our `::::tabs{group="…"}` / `:::tab{label="…" value="…"}`.
// Labels come from the TabItem's `label`, else from the Tabs' `values={[{label, value}]}`, else
// the value. The tabs are in the order of `values` when it is given (Docusaurus lists them so),
// else of the TabItems. The default tab (`default`, or the Tabs' `defaultValue`) is marked
// `default`, which opens it first here as there. `groupId` becomes `group`: tabs with one
// group switch together, by value as in Docusaurus, so the values are kept.
import type { BodyConverter, Piece } from './convert-body.ts';
import type { ElementNode, MdxNode } from './mdx-tree.ts';
import { findAttribute, directiveAttribute, isOn, stringAttribute, valueOfExpression } from './jsx-attributes.ts';
import { colonsAround } from './markdown-text.ts';
import { droppedProps } from './dropped-props.ts';

interface TabChoice {
  label?: string;
  value?: string;
}

/** `values={[{label: 'A', value: 'a'}, …]}` when it is a plain literal; [] otherwise. */
function choicesOf(tabs: ElementNode): TabChoice[] {
  const values = findAttribute(tabs.attributes, 'values');
  if (values?.value.kind !== 'expression') return [];
  const list = valueOfExpression(values.value.source)?.value;
  if (!Array.isArray(list)) return [];
  return list.flatMap((v) => (v && typeof v === 'object' && !Array.isArray(v)
    ? [{ label: v.label === undefined ? undefined : String(v.label), value: v.value === undefined ? undefined : String(v.value) }]
    : []));
}

export function convertTabs(c: BodyConverter, tabs: ElementNode): Piece {
  droppedProps(c, tabs, ['values', 'defaultValue', 'groupId', 'children'], 'tabs here open on their default tab, or on the one the reader chose in their group; no URL chooses one');
  const choices = choicesOf(tabs);
  const defaultValue = stringAttribute(tabs.attributes, 'defaultValue');
  const group = stringAttribute(tabs.attributes, 'groupId');
  const items: ElementNode[] = [];
  const others: MdxNode[] = [];
  for (const child of tabs.children) {
    if (child.type === 'element' && c.roleOf(child.name) === 'tab-item') items.push(child);
    else if (child.type === 'text' && c.source(child).trim() === '') continue;
    else if (child.type === 'expression' && /^\{\s*\/\*[\s\S]*\*\/\s*\}$/.test(c.source(child))) continue; // an MDX comment between tabs
    else others.push(child);
  }
  // With `values`, Docusaurus lists the tabs in that order, whatever the order of the TabItems.
  const at = (item: ElementNode) => {
    const i = choices.findIndex((ch) => ch.value !== undefined && ch.value === stringAttribute(item.attributes, 'value'));
    return i === -1 ? choices.length : i;
  };
  const ordered = choices.length ? [...items].sort((a, b) => at(a) - at(b)) : items;
  let defaultSeen = false;
  const inner = ordered.map((item, i) => {
    droppedProps(c, item, ['value', 'label', 'default', 'children'], 'a tab here has its label and content only');
    const value = stringAttribute(item.attributes, 'value');
    const label = stringAttribute(item.attributes, 'label') ?? choices.find((ch) => ch.value === value)?.label ?? value ?? `Вариант ${i + 1}`;
    // The first default counts, as in Docusaurus.
    const isDefault = !defaultSeen && (isOn(item.attributes, 'default') || (defaultValue !== undefined && value === defaultValue));
    defaultSeen ||= isDefault;
    const content = c.content(item);
    const colons = colonsAround(content);
    const attributes = [directiveAttribute('label', label), ...(value !== undefined && value !== '' ? [directiveAttribute('value', value)] : []), ...(isDefault ? ['default'] : [])];
    return `${colons}tab{${attributes.join(' ')}}\n${content}${content ? '\n' : ''}${colons}`;
  }).join('\n');
  const colons = colonsAround(inner);
  let text = items.length === 0 ? '' : `${colons}tabs${group ? `{${directiveAttribute('group', group)}}` : ''}\n${inner}\n${colons}`;
  // Docusaurus allows only TabItems here; anything else is kept after the tabs rather than lost.
  const rest = others.length > 0 ? c.render(others).trim() : '';
  if (rest) text = text ? `${text}\n\n${rest}` : rest;
  return { block: true, text };
}
