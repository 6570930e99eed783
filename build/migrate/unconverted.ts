// What cannot be carried over stays on the page, visibly: a warning admonition that says so and
// holds the original source in a code block. The page builds, the reader sees that something is
// missing, and the author finds the source to rewrite right there. A marker on the title line
// lets the report give the line of the block in the converted file (removed before writing).
import { dedent, fenceFor, trimBlankLines } from './markdown-text.ts';

export const UNCONVERTED_TITLE = 'Не перенесено при миграции';

const MARKER = /\u0000M(\d+)\u0000/g;

export function marker(n: number): string {
  return `\u0000M${n}\u0000`;
}

/** The warning block for `source`, with `why` as its first line (Russian: it is shown to readers). */
export function unconvertedBlock(source: string, why: string, markerNo: number): string {
  const code = trimBlankLines(dedent(source));
  const fence = fenceFor(code);
  return [`:::warning[${UNCONVERTED_TITLE}]${marker(markerNo)}`, why, '', `${fence}text`, code, fence, ':::'].join('\n');
}

/** Removes the markers, returning each one's 1-based line in the text. */
export function takeMarkers(text: string): { text: string; lines: Map<number, number> } {
  const lines = new Map<number, number>();
  for (const m of text.matchAll(MARKER)) lines.set(Number(m[1]), text.slice(0, m.index).split('\n').length);
  return { text: text.replace(MARKER, ''), lines };
}
