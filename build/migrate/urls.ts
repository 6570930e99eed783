// The URL pass over a converted page: every Markdown link, image and link definition outside code
// is given to `decide`, which says what it points at here. It runs after the JSX conversion, so
// `<a href>` and `<img src>` turned into Markdown are rewritten like the rest.
import { tokenize } from './mdx-tokens.ts';

export type UrlKind = 'link' | 'image';

export type UrlDecision =
  /** Point at this URL instead (or keep it, when it is the same). */
  | { url: string; problem?: { what: string; todo: string } }
  /** No working target: the link becomes its text, so the build's link check passes. */
  | { asText: true; problem: { what: string; todo: string } };

export interface UrlProblem {
  /** 1-based line in the text given. */
  line: number;
  what: string;
  todo: string;
}

const INLINE = /(!?)\[((?:[^[\]]|\[[^[\]]*\])*)\]\([ \t]*(<[^<>\n]*>|[^\s()<>]*(?:\([^\s()]*\)[^\s()<>]*)*)((?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*)\)/g;
const DEFINITION = /^([ \t]{0,3}\[[^\]\n]+\]:[ \t]*)(<[^<>\n]*>|\S+)/gm;

/** The text with code (fenced, inline, HTML comments) blanked out, same length, newlines kept. */
function withoutCode(text: string): string {
  let out = '';
  let at = 0;
  for (const t of tokenize(text, 'md')) {
    if (t.type !== 'code') continue;
    out += text.slice(at, t.start) + text.slice(t.start, t.end).replace(/[^\n]/g, ' ');
    at = t.end;
  }
  return out + text.slice(at);
}

export function rewriteUrls(text: string, decide: (url: string, kind: UrlKind) => UrlDecision): { text: string; problems: UrlProblem[] } {
  const masked = withoutCode(text);
  const edits: { start: number; end: number; replacement: string }[] = [];
  const problems: UrlProblem[] = [];
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  const unwrap = (url: string) => (url.startsWith('<') ? url.slice(1, -1) : url);
  const wrap = (url: string) => (/[\s()<>]/.test(url) ? `<${url}>` : url);

  for (const m of masked.matchAll(INLINE)) {
    const [whole, bang, , rawUrl] = m;
    const url = unwrap(rawUrl);
    if (!url) continue;
    const decision = decide(url, bang ? 'image' : 'link');
    const start = m.index;
    if ('asText' in decision) {
      problems.push({ line: lineOf(start), ...decision.problem });
      // The link text from the original (the masked copy has its code blanked).
      const label = text.slice(start + bang.length + 1, start + bang.length + 1 + m[2].length);
      edits.push({ start, end: start + whole.length, replacement: label });
      continue;
    }
    if (decision.problem) problems.push({ line: lineOf(start), ...decision.problem });
    if (decision.url !== url) {
      let urlStart = start + bang.length + m[2].length + 3; // past `[`, the label and `](`
      while (text[urlStart] === ' ' || text[urlStart] === '\t') urlStart++;
      edits.push({ start: urlStart, end: urlStart + rawUrl.length, replacement: wrap(decision.url) });
    }
  }
  for (const m of masked.matchAll(DEFINITION)) {
    const url = unwrap(m[2]);
    const decision = decide(url, 'link');
    const start = m.index + m[1].length;
    if ('asText' in decision) {
      problems.push({ line: lineOf(start), ...decision.problem });
      continue; // a definition has no text to fall back to; the report says what to fix
    }
    if (decision.problem) problems.push({ line: lineOf(start), ...decision.problem });
    if (decision.url !== url) edits.push({ start, end: start + m[2].length, replacement: wrap(decision.url) });
  }
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.replacement + out.slice(e.end);
  return { text: out, problems };
}
