// Reading JSX attributes as plain values: `a="x"`, `a={'x'}`, `a={2}`, a bare `a` (true), and the
// two expressions Docusaurus pages use for file URLs, `require('./x.png').default` and
// `useBaseUrl('/img/x.png')`, which both just name a file.
import { readLiteral, type Literal } from './js-literal.ts';
import type { Attribute } from './mdx-tokens.ts';

const REQUIRE = /^require\(\s*(['"])([^'"]+)\1\s*\)(?:\.default)?$/;
const USE_BASE_URL = /^useBaseUrl\(\s*(['"])([^'"]+)\1\s*\)$/;

/** The value of a `{…}` attribute or child, when it is a literal or a file reference; undefined otherwise. */
export function valueOfExpression(source: string): { value: Literal } | undefined {
  const inner = source.replace(/^\{/, '').replace(/\}$/, '').trim();
  const file = REQUIRE.exec(inner) ?? USE_BASE_URL.exec(inner);
  if (file) return { value: file[2] };
  return readLiteral(inner);
}

export function findAttribute(attributes: Attribute[], name: string): Attribute | undefined {
  return attributes.find((a) => a.name === name);
}

/** A string (or number) attribute; undefined when absent or not a plain value. */
export function stringAttribute(attributes: Attribute[], name: string): string | undefined {
  const a = findAttribute(attributes, name);
  if (!a) return undefined;
  if (a.value.kind === 'string') return a.value.value;
  if (a.value.kind === 'expression') {
    const v = valueOfExpression(a.value.source)?.value;
    return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
  }
  return undefined;
}

/** `default`, `default={true}`: a boolean attribute that is on. */
export function isOn(attributes: Attribute[], name: string): boolean {
  const a = findAttribute(attributes, name);
  if (!a) return false;
  if (a.value.kind === 'boolean') return true;
  if (a.value.kind === 'expression') return valueOfExpression(a.value.source)?.value === true;
  return a.value.value !== 'false';
}

/** An attribute value written for a directive's `{…}`: double quotes, with `"` as an entity. */
export function directiveAttribute(name: string, value: string): string {
  return `${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
}

/** A directive label (`[…]`): brackets escaped so the label ends where it should. */
export function directiveLabel(text: string): string {
  return `[${text.replace(/([[\]])/g, '\\$1')}]`;
}
