// API pages: every ```json block parses, and its keys and enum values are names API v2 defines.
import type { ApiNames } from './names.ts';
import { didYouMean } from './nearest.ts';
import { isSkipped, type CodeBlock } from './markdown.ts';
import type { Problem } from './problem.ts';

interface Token {
  kind: 'string' | 'punct' | 'other';
  value: string;
  offset: number;
}

/** Tokens of a JSON text that JSON.parse has already accepted; only strings carry meaning here. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) { i++; continue; }
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      tokens.push({ kind: 'string', value: JSON.parse(text.slice(i, j + 1)) as string, offset: i });
      i = j + 1;
      continue;
    }
    if ('{}[]:,'.includes(c)) { tokens.push({ kind: 'punct', value: c, offset: i }); i++; continue; }
    let j = i;
    while (j < text.length && !/[\s{}[\]:,"]/.test(text[j]!)) j++;
    tokens.push({ kind: 'other', value: text.slice(i, j), offset: i });
    i = j;
  }
  return tokens;
}

const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

export function checkJsonBlock(file: string, block: CodeBlock, api: ApiNames): Problem[] {
  if (isSkipped(block)) return [];
  const problems: Problem[] = [];
  const at = (offset: number) => block.startLine + lineAt(block.body, offset) - 1;
  try {
    JSON.parse(block.body);
  } catch (e) {
    const msg = (e as Error).message;
    const pos = /position (\d+)/.exec(msg);
    problems.push({
      file, line: pos ? at(Number(pos[1])) : block.startLine, check: 'json',
      message: `JSON example does not parse (${msg}); fix it, or mark an intentionally partial block with \`lint=skip\` after the language`,
    });
    return problems;
  }
  const tokens = tokenize(block.body);
  // A stack of open containers; in an object we track whether the next string is a key.
  const stack: { kind: '{' | '['; expectKey: boolean; key?: string }[] = [];
  for (const t of tokens) {
    const top = stack[stack.length - 1];
    if (t.kind === 'punct') {
      if (t.value === '{' || t.value === '[') {
        stack.push({ kind: t.value, expectKey: t.value === '{' });
      } else if (t.value === '}' || t.value === ']') {
        stack.pop();
      } else if (t.value === ',' && top?.kind === '{') {
        top.expectKey = true;
      }
      continue;
    }
    if (top?.kind === '{' && top.expectKey) {
      top.expectKey = false;
      top.key = t.value;
      if (t.kind === 'string' && !api.keySet.has(t.value)) {
        problems.push({ file, line: at(t.offset), check: 'json', message: `unknown API v2 field "${t.value}"${didYouMean(t.value, api.keys)}` });
      }
      continue;
    }
    // A value: a string under an enum field (directly, or as an item of a list under it) must be a value of that enum.
    const key = top?.kind === '{' ? top.key : stack[stack.length - 2]?.key;
    const enumField = key === undefined ? undefined : api.enumOf.get(key);
    if (enumField && t.kind === 'string' && !enumField.values.includes(t.value)) {
      problems.push({
        file, line: at(t.offset), check: 'json',
        message: `"${t.value}" is not a value of ${enumField.enumName} (field "${key}")${didYouMean(t.value, enumField.values)}`,
      });
    }
  }
  return problems;
}

/**
 * JSON bodies of `curl … -d '{…}'` commands in shell blocks (grpcurl excluded: its JSON is the
 * gRPC request, not the gateway's), as blocks the JSON check can read, on their own lines.
 */
export function curlBodies(block: CodeBlock): CodeBlock[] {
  if (!['bash', 'sh', 'shell', 'console'].includes(block.lang) || isSkipped(block)) return [];
  const bodies: CodeBlock[] = [];
  for (const m of block.body.matchAll(/(?:^|\s)(?:-d|--data|--data-raw|--data-binary)\s+'([^']*)'/g)) {
    const before = block.body.slice(0, m.index);
    const command = /\b(grpcurl|curl)\b(?![\s\S]*\b(?:grpcurl|curl)\b)/.exec(before);
    if (!command || command[1] !== 'curl') continue;
    const bodyOffset = m.index! + m[0].indexOf("'") + 1;
    const line = block.startLine + before.split('\n').length - 1 + (block.body.slice(m.index, bodyOffset).split('\n').length - 1);
    bodies.push({ lang: 'json', meta: '', startLine: line, body: m[1]! });
  }
  return bodies;
}
