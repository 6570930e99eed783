// Just enough JavaScript for MDX: find where a `{…}` expression ends, and read the plain literals
// Docusaurus pages and sidebars are written with (`values={[{label: 'A', value: 'a'}]}`,
// `module.exports = { docs: ['intro'] }`). Nothing is ever executed: a value that is not a
// literal (a call, a variable, a spread) is reported as not readable, and the caller keeps the source.

/** Index just past the string, template or comment starting at `i`, or -1 when `i` starts none. */
function skipQuotedOrComment(text: string, i: number): number {
  const c = text[i];
  if (c === '"' || c === "'") {
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === c) return j + 1;
      else if (text[j] === '\n') return -1;
    }
    return -1;
  }
  if (c === '`') {
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === '`') return j + 1;
      else if (text[j] === '$' && text[j + 1] === '{') {
        const end = matchingBrace(text, j + 1);
        if (end === -1) return -1;
        j = end - 1;
      }
    }
    return -1;
  }
  if (c === '/' && text[i + 1] === '/') {
    const nl = text.indexOf('\n', i);
    return nl === -1 ? text.length : nl;
  }
  if (c === '/' && text[i + 1] === '*') {
    const end = text.indexOf('*/', i + 2);
    return end === -1 ? -1 : end + 2;
  }
  return -1;
}

/**
 * `text[open]` is `{`, `[` or `(`: returns the index just past its matching closer, skipping
 * strings, templates and comments; -1 when it never closes.
 */
export function matchingBrace(text: string, open: number): number {
  const closers: string[] = [];
  const pairs: Record<string, string> = { '{': '}', '[': ']', '(': ')' };
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    const skipped = skipQuotedOrComment(text, i);
    if (skipped !== -1) {
      i = skipped - 1;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') return -1; // an unterminated string
    if (c in pairs) closers.push(pairs[c]);
    else if (c === '}' || c === ']' || c === ')') {
      if (closers.pop() !== c) return -1;
      if (closers.length === 0) return i + 1;
    }
  }
  return -1;
}

export type Literal = string | number | boolean | null | undefined | Literal[] | { [key: string]: Literal };

class NotLiteral extends Error {}

/** Reads a JavaScript literal (objects, arrays, strings, numbers, booleans, null); undefined when the text is anything else. */
export function readLiteral(source: string): { value: Literal } | undefined {
  let i = 0;
  const fail = (): never => {
    throw new NotLiteral();
  };
  const space = () => {
    for (;;) {
      while (i < source.length && /\s/.test(source[i])) i++;
      if (source.startsWith('//', i) || source.startsWith('/*', i)) {
        const end = skipQuotedOrComment(source, i);
        if (end === -1) fail();
        i = end;
      } else return;
    }
  };
  const string = (): string => {
    const quote = source[i];
    const end = skipQuotedOrComment(source, i);
    if (end === -1) fail();
    const inner = source.slice(i + 1, end - 1);
    if (quote === '`' && inner.includes('${')) fail();
    i = end;
    return inner.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\s\S])/g, (_, e: string) => {
      if (e[0] === 'u' && e.length > 1) return String.fromCodePoint(parseInt(e.replace(/[u{}]/g, ''), 16));
      if (e[0] === 'x' && e.length === 3) return String.fromCharCode(parseInt(e.slice(1), 16));
      return ({ n: '\n', t: '\t', r: '\r', '\n': '' } as Record<string, string>)[e] ?? e;
    });
  };
  const value = (): Literal => {
    space();
    const c = source[i];
    if (c === '"' || c === "'" || c === '`') return string();
    if (c === '[') {
      i++;
      const items: Literal[] = [];
      for (;;) {
        space();
        if (source[i] === ']') {
          i++;
          return items;
        }
        items.push(value());
        space();
        if (source[i] === ',') i++;
        else if (source[i] !== ']') fail();
      }
    }
    if (c === '{') {
      i++;
      const obj: Record<string, Literal> = {};
      for (;;) {
        space();
        if (source[i] === '}') {
          i++;
          return obj;
        }
        let key: string;
        if (source[i] === '"' || source[i] === "'") key = string();
        else {
          const m = /^[A-Za-z_$][\w$]*|^\d+/.exec(source.slice(i));
          if (!m) fail();
          key = m![0];
          i += key.length;
        }
        space();
        if (source[i] !== ':') fail(); // shorthand properties and methods name variables
        i++;
        obj[key] = value();
        space();
        if (source[i] === ',') i++;
        else if (source[i] !== '}') fail();
      }
    }
    const m = /^(?:-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|true|false|null|undefined)(?![\w$])/.exec(source.slice(i));
    if (!m) fail();
    i += m![0].length;
    const word = m![0];
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    if (word === 'undefined') return undefined;
    return Number(word);
  };
  try {
    const v = value();
    space();
    return i === source.length ? { value: v } : undefined;
  } catch (e) {
    if (e instanceof NotLiteral) return undefined;
    throw e;
  }
}
