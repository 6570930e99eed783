// Splits a Markdown page into what the checks read: fenced code blocks (language, meta, body and
// the line each body line sits on) and the prose lines with their inline code spans.
export interface CodeBlock {
  lang: string;
  meta: string;
  /** 1-based line of the first body line (the line after the opening fence). */
  startLine: number;
  body: string;
}

export interface InlineCode {
  text: string;
  line: number;
}

export interface PageParts {
  blocks: CodeBlock[];
  inline: InlineCode[];
  /** Every line that is not inside a fenced block, with its 1-based number. */
  prose: { text: string; line: number }[];
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([^\s`{]*)\s*(.*)$/;

export function splitPage(text: string): PageParts {
  const lines = text.split(/\r?\n/);
  const parts: PageParts = { blocks: [], inline: [], prose: [] };
  let open: { fence: string; indent: number; lang: string; meta: string; start: number; body: string[] } | null = null;
  lines.forEach((raw, i) => {
    const lineNo = i + 1;
    if (open) {
      const close = raw.trim();
      if (close.startsWith(open.fence[0]!.repeat(open.fence.length)) && /^(`{3,}|~{3,})$/.test(close)) {
        parts.blocks.push({ lang: open.lang, meta: open.meta, startLine: open.start, body: open.body.join('\n') });
        open = null;
        return;
      }
      // Strip the fence's own indentation, as Markdown does, so YAML inside a list item still parses.
      open.body.push(raw.startsWith(' '.repeat(open.indent)) ? raw.slice(open.indent) : raw.trimStart());
      return;
    }
    const m = FENCE.exec(raw);
    if (m) {
      open = { fence: m[2]!, indent: m[1]!.length, lang: m[3]!.toLowerCase(), meta: m[4]!, start: lineNo + 1, body: [] };
      return;
    }
    parts.prose.push({ text: raw, line: lineNo });
    for (const span of raw.matchAll(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g)) {
      parts.inline.push({ text: span[2]!.trim(), line: lineNo });
    }
  });
  return parts;
}

/** Whether a fence's meta asks the lint to leave the block alone (see README, "Content lint"). */
export const isSkipped = (block: CodeBlock): boolean => /(^|\s)lint=skip(\s|$)/.test(block.meta);
