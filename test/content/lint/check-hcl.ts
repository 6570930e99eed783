// ```hcl blocks: resource and data types of the sgroups provider exist, and every attribute written
// inside them (nested objects and lists of objects too) and inside `provider "sgroups"` is one the
// provider's schema defines.
import { tokenizeHcl, type HclToken } from './hcl-tokens.ts';
import type { AttrSchema } from './names.ts';
import { terraformNames } from './names.ts';
import { didYouMean } from './nearest.ts';
import { isSkipped, type CodeBlock } from './markdown.ts';
import type { Problem } from './problem.ts';

/** What may appear at a point of the configuration. */
type Shape =
  | { kind: 'attrs'; where: string; attrs: Record<string, Shape>; extra?: string[] }
  | { kind: 'map'; value: Shape }
  | { kind: 'any' };

const ANY: Shape = { kind: 'any' };
const RESOURCE_META = ['count', 'for_each', 'depends_on', 'provider'];

const shapeOf = (schema: AttrSchema, where: string): Shape => {
  if (schema === null) return ANY;
  const attrs: Record<string, Shape> = {};
  for (const [name, sub] of Object.entries(schema)) attrs[name] = shapeOf(sub, `${where}.${name}`);
  return { kind: 'attrs', where, attrs };
};

export function checkHclBlock(file: string, block: CodeBlock): Problem[] {
  if (isSkipped(block)) return [];
  const tf = terraformNames();
  const tokens = tokenizeHcl(block.body);
  const problems: Problem[] = [];
  const report = (tok: HclToken, message: string) =>
    problems.push({ file, line: block.startLine + tok.line - 1, check: 'hcl', message });
  let i = 0;
  const peek = () => tokens[i];
  const skipNewlines = () => { while (peek()?.kind === 'newline') i++; };
  const isPunct = (t: HclToken | undefined, v: string) => t?.kind === 'punct' && t.value === v;

  /** Skips an expression up to a newline, comma or closing bracket outside any brackets. */
  const skipExpression = (stopAtNewline: boolean) => {
    let depth = 0;
    while (i < tokens.length) {
      const t = tokens[i]!;
      if (t.kind === 'punct' && '([{'.includes(t.value)) depth++;
      else if (t.kind === 'punct' && ')]}'.includes(t.value)) {
        if (depth === 0) return;
        depth--;
      } else if (depth === 0 && (isPunct(t, ',') || (stopAtNewline && t.kind === 'newline'))) return;
      i++;
    }
  };

  /** Skips to the given punctuation outside brackets (used for the head of `for` expressions). */
  const skipTo = (value: string) => {
    let depth = 0;
    while (i < tokens.length) {
      const t = tokens[i]!;
      if (depth === 0 && isPunct(t, value)) { i++; return; }
      if (t.kind === 'punct' && '([{'.includes(t.value)) depth++;
      else if (t.kind === 'punct' && ')]}'.includes(t.value)) { if (depth === 0) return; depth--; }
      i++;
    }
  };

  const checkName = (tok: HclToken, shape: Shape, asBlock: boolean): Shape => {
    if (shape.kind === 'map') return shape.value;
    if (shape.kind !== 'attrs') return ANY;
    const name = tok.value;
    if (name in shape.attrs) {
      if (asBlock) report(tok, `"${name}" is an attribute of ${shape.where}, not a block: write \`${name} = { … }\``);
      return shape.attrs[name]!;
    }
    if (shape.extra?.includes(name)) return ANY;
    report(tok, `unknown attribute "${name}" in ${shape.where}${didYouMean(name, Object.keys(shape.attrs))}`);
    return ANY;
  };

  // value := object | list | other expression
  const parseValue = (shape: Shape, inList: boolean) => {
    const t = peek();
    if (isPunct(t, '{')) { parseObject(shape); return; }
    if (isPunct(t, '[')) { parseList(shape); return; }
    skipExpression(!inList);
  };

  const parseObject = (shape: Shape) => {
    i++; // {
    skipNewlines();
    if (peek()?.kind === 'ident' && peek()!.value === 'for') {
      skipTo(':');
      // `{ for k, v in x : KEY => VALUE }` builds a map; the value has the map's value shape.
      skipTo('=>');
      skipNewlines();
      parseValue(shape.kind === 'map' ? shape.value : ANY, true);
      skipTo('}');
      return;
    }
    while (i < tokens.length) {
      skipNewlines();
      const t = peek();
      if (!t) return;
      if (isPunct(t, '}')) { i++; return; }
      if (isPunct(t, ',')) { i++; continue; }
      let valueShape: Shape = ANY;
      if (t.kind === 'ident' || t.kind === 'string') {
        i++;
        valueShape = shape.kind === 'map' ? shape.value : t.kind === 'ident' ? checkName(t, shape, false) : ANY;
      } else {
        skipTo('='); // a computed key such as (local.name)
        i--;
      }
      if (isPunct(peek(), '=') || isPunct(peek(), ':')) i++;
      skipNewlines();
      parseValue(valueShape, false);
    }
  };

  const parseList = (shape: Shape) => {
    i++; // [
    skipNewlines();
    if (peek()?.kind === 'ident' && peek()!.value === 'for') {
      skipTo(':');
      skipNewlines();
      parseValue(shape, true);
      skipTo(']');
      return;
    }
    while (i < tokens.length) {
      skipNewlines();
      const t = peek();
      if (!t) return;
      if (isPunct(t, ']')) { i++; return; }
      if (isPunct(t, ',')) { i++; continue; }
      parseValue(shape, true);
    }
  };

  const bodyShapeOfBlock = (type: string, labels: HclToken[], nameTok: HclToken, parent: Shape | null): Shape => {
    if (parent !== null) {
      // A nested block: inside sgroups schemas everything is an attribute.
      if (parent.kind === 'attrs' && !['lifecycle', 'provisioner', 'connection', 'dynamic'].includes(type)) {
        return checkName(nameTok, parent, true);
      }
      return ANY;
    }
    const label = labels[0]?.value ?? '';
    if (type === 'resource' || type === 'data') {
      const known = type === 'resource' ? tf.resources : tf.dataSources;
      if (!label.startsWith(`${tf.provider.name}_`)) return ANY;
      const schema = known[label];
      if (!schema) {
        const kinds = type === 'resource' ? 'resource type' : 'data source';
        const list = Object.keys(known);
        report(labels[0]!, `unknown ${kinds} "${label}" of provider ${tf.provider.name}${list.length ? didYouMean(label, list) : ' — the provider defines no data sources'}`);
        return ANY;
      }
      const shape = shapeOf(schema, label) as Extract<Shape, { kind: 'attrs' }>;
      // Every resource has one attribute, the map `items`, whose values are the items' attributes.
      const items = shape.attrs['items'];
      if (items && items.kind === 'attrs') shape.attrs['items'] = { kind: 'map', value: { ...items, where: `${label}.items[…]` } };
      return { ...shape, extra: RESOURCE_META };
    }
    if (type === 'provider') {
      if (label !== tf.provider.name) return ANY;
      return { ...(shapeOf(tf.provider.attributes as AttrSchema, `provider "${tf.provider.name}"`) as Extract<Shape, { kind: 'attrs' }>), extra: ['alias', 'version'] };
    }
    if (!tf.terraformMeta.blocks.includes(type) && !['variable', 'output', 'module', 'locals', 'terraform'].includes(type)) {
      report(nameTok, `unknown top-level block "${type}"${didYouMean(type, ['resource', 'data', 'provider', ...tf.terraformMeta.blocks])}`);
    }
    return ANY;
  };

  const parseBody = (shape: Shape | null, closing: boolean) => {
    while (i < tokens.length) {
      skipNewlines();
      const t = peek();
      if (!t) return;
      if (isPunct(t, '}')) { if (closing) i++; return; }
      if (t.kind !== 'ident') { skipExpression(true); i++; continue; }
      i++;
      if (isPunct(peek(), '=')) {
        i++;
        const valueShape = shape === null ? ANY : checkName(t, shape, false);
        parseValue(valueShape, false);
        continue;
      }
      const labels: HclToken[] = [];
      while (peek() && (peek()!.kind === 'string' || peek()!.kind === 'ident')) labels.push(tokens[i++]!);
      if (!isPunct(peek(), '{')) { skipExpression(true); continue; }
      i++;
      const inner = bodyShapeOfBlock(t.value, labels, t, shape);
      parseBody(inner.kind === 'map' ? ANY : inner, true);
    }
  };

  parseBody(null, false);
  return problems;
}
