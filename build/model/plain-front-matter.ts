// Most front matter is a few `key: value` lines. The YAML library builds a document with
// positions for every node (needed for its errors and for the line of a key), which made reading
// the front matter of 1000 pages cost ~0.25 s: most of a dev server's wait for its first page.
// This reads only the plain forms (text, quoted text without escapes, integers, booleans, lists of
// text), and gives up (undefined) on anything else, which then goes
// through the YAML library as before. Whatever it reads, it reads as YAML 1.2's core schema
// would (test/unit/plain-front-matter.test.ts compares the two on every case it takes).

type Value = string | number | boolean | string[];

export interface PlainFrontMatter {
  data: Record<string, Value>;
  /** The line of each key within the YAML text, 1-based. */
  lines: Map<string, number>;
}

const LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?: +(.*))?$/;
/** An item of a block list under a key (`keywords:` then `  - nftables` lines). */
const ITEM = /^( *)- +(.*)$/;
const INT = /^[-+]?[0-9]+$/;
/** A plain value that YAML reads as text: no leading indicator, nothing that could be a comment or a nested mapping. */
const SAFE_TEXT = /^[^-?:,[\]{}#&*!|>'"%@`.+\s][^#]*$/;
/** Plain values YAML 1.2 gives another type than text (or that this reader leaves to it). */
const NOT_TEXT = /^(?:null|Null|NULL|~|true|True|TRUE|false|False|FALSE|[-+]?(?:\.inf|\.Inf|\.INF)|\.nan|\.NaN|\.NAN|0x[0-9a-fA-F]+|0o[0-7]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?)$/;

/** Quoted text without escapes (a backslash, or a doubled quote, is left to YAML). */
const QUOTED = /^"([^"\\]*)"$|^'([^']*)'$/;
/** A flow list of plain items: `[sgroups, TLS, mTLS]`. */
const FLOW_LIST = /^\[([^[\]{}"'#]*)\]$/;

/** A plain scalar as YAML 1.2's core schema reads it; undefined for anything this reader leaves to YAML. */
function scalar(value: string): string | number | boolean | undefined {
  if (value !== value.trimEnd()) return undefined;
  const quoted = QUOTED.exec(value);
  if (quoted) return quoted[1] ?? quoted[2];
  if (value === 'true' || value === 'false') return value === 'true';
  if (INT.test(value)) return Number.isSafeInteger(Number(value)) ? Number(value) : undefined;
  if (SAFE_TEXT.test(value) && !NOT_TEXT.test(value) && !/:(?:\s|$)|\s#/.test(value)) return value;
  return undefined;
}

export function readPlainFrontMatter(yamlText: string): PlainFrontMatter | undefined {
  const data: Record<string, Value> = {};
  const lines = new Map<string, number>();
  const rows = yamlText.split('\n');
  for (let i = 0; i < rows.length; i++) {
    const m = LINE.exec(rows[i]);
    if (!m) return undefined;
    const [, key, value] = m;
    if (lines.has(key)) return undefined;
    lines.set(key, i + 1);
    if (value === undefined) {
      // Only a list of text items, all at one indentation (an empty value is null: left to YAML).
      const items: string[] = [];
      let indent: string | undefined;
      for (let item = ITEM.exec(rows[i + 1] ?? ''); item && (indent ??= item[1]) === item[1]; item = ITEM.exec(rows[i + 1] ?? '')) {
        const text = scalar(item[2]);
        if (typeof text !== 'string') return undefined;
        items.push(text);
        i++;
      }
      if (items.length === 0) return undefined;
      data[key] = items;
      continue;
    }
    const flow = FLOW_LIST.exec(value);
    if (flow) {
      const items = flow[1].split(',').map((item) => item.trim());
      if (!items.every((item) => item !== '' && typeof scalar(item) === 'string' && !QUOTED.test(item))) return undefined;
      data[key] = items;
      continue;
    }
    const read = scalar(value);
    if (read === undefined) return undefined;
    data[key] = read;
  }
  return { data, lines };
}
