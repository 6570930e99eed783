// A tokenizer for the HCL in documentation examples: enough of the syntax to follow bodies,
// blocks, attributes, object and list constructors and `for` expressions, with line numbers.
export interface HclToken {
  kind: 'ident' | 'string' | 'number' | 'punct' | 'newline' | 'heredoc';
  value: string;
  line: number;
}

const TWO_CHAR = ['=>', '==', '!=', '>=', '<=', '&&', '||', '::'];

export function tokenizeHcl(text: string): HclToken[] {
  const tokens: HclToken[] = [];
  let i = 0;
  let line = 1;
  const push = (kind: HclToken['kind'], value: string, atLine = line) => tokens.push({ kind, value, line: atLine });

  // Skips a quoted string starting at text[i] === '"', template interpolations included; returns the index after it.
  const skipString = (start: number): number => {
    let j = start + 1;
    while (j < text.length && text[j] !== '"') {
      if (text[j] === '\\') { j += 2; continue; }
      if ((text[j] === '$' || text[j] === '%') && text[j + 1] === '{') {
        let depth = 1;
        j += 2;
        while (j < text.length && depth > 0) {
          if (text[j] === '"') { j = skipString(j); continue; }
          if (text[j] === '{') depth++;
          else if (text[j] === '}') depth--;
          if (text[j] === '\n') line++;
          j++;
        }
        continue;
      }
      if (text[j] === '\n') line++;
      j++;
    }
    return j + 1;
  };

  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n') { push('newline', '\n'); line++; i++; continue; }
    if (c === ' ' || c === '\t' || c === '\r') { i++; continue; }
    if (c === '#' || (c === '/' && text[i + 1] === '/')) { while (i < text.length && text[i] !== '\n') i++; continue; }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      line += (text.slice(i, stop).match(/\n/g) ?? []).length;
      i = stop;
      continue;
    }
    if (c === '"') {
      const startLine = line;
      const end = skipString(i);
      push('string', text.slice(i + 1, end - 1), startLine);
      i = end;
      continue;
    }
    const heredoc = /^<<-?([A-Za-z_][A-Za-z0-9_]*)[^\n]*\n/.exec(text.slice(i));
    if (heredoc) {
      const startLine = line;
      const rest = text.slice(i + heredoc[0].length);
      const close = new RegExp(`^\\s*${heredoc[1]}\\s*$`, 'm').exec(rest);
      const stop = close ? i + heredoc[0].length + close.index + close[0].length : text.length;
      line += (text.slice(i, stop).match(/\n/g) ?? []).length;
      push('heredoc', '', startLine);
      i = stop;
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      let j = i;
      while (j < text.length && /[A-Za-z0-9_-]/.test(text[j]!)) j++;
      push('ident', text.slice(i, j));
      i = j;
      continue;
    }
    if (/[0-9]/.test(c)) {
      let j = i;
      while (j < text.length && /[0-9.eE]/.test(text[j]!)) j++;
      push('number', text.slice(i, j));
      i = j;
      continue;
    }
    const two = text.slice(i, i + 2);
    if (TWO_CHAR.includes(two)) { push('punct', two); i += 2; continue; }
    push('punct', c);
    i++;
  }
  return tokens;
}
