// Code from a file (VitePress's code snippets): a line `<<< ./_snippets/main.tf` shows that file
// as a code block, its language from the extension. After the path, as in VitePress: `#name`
// takes only the lines between `#region name` and `#endregion name` (in any comment, dedented),
// `{2,4-5}` highlights lines (counted in what is shown), `{hcl}` names the language
// (`{2 hcl:line-numbers}` numbers the lines too), and `[main.tf]` gives the block a title. The file is a dependency of the page like a
// fragment (build/markdown/includes.ts): editing it compiles the page again. The block keeps the
// line's position, so messages about the page keep their lines.
import { readTextFile } from '../model/source-file.ts';
import path from 'node:path';
import type { Code, Paragraph } from 'mdast';
import { BuildError } from '../errors.ts';
import { mapLinesOutsideFences } from './fences.ts';

/** `<<< path{options} [title]` on a line of its own. */
const LINE = /^<<<[ \t]+([^\s{[]+)(?:\{([^}]*)\})?(?:[ \t]+\[([^\]]*)\])?[ \t]*$/;
/** `#region name` / `#endregion name` after any comment mark (`//`, `#`, `<!--`, `/*`, `--`, `;`). */
const REGION = /^[ \t]*(?:\/\/|#|<!--|\/\*|--|;)?[ \t]*#(region|endregion)\b[ \t]*([\w-]*)/;

/** Extensions whose language name is another word. */
const LANGUAGE_OF_EXTENSION: Record<string, string> = {
  tf: 'hcl', tfvars: 'hcl', yml: 'yaml', sh: 'bash', conf: 'ini', cfg: 'ini', txt: 'text', dockerfile: 'docker', proto: 'protobuf', mjs: 'js', cjs: 'js', mts: 'ts',
};

export interface SnippetRef {
  file: string;
  region?: string;
  highlight?: string;
  language?: string;
  lineNumbers: boolean;
  title?: string;
}

/** The snippet a line asks for, or undefined when the line is none. */
export function snippetOf(line: string): SnippetRef | undefined {
  const m = LINE.exec(line.trim());
  if (!m) return undefined;
  const [, target, options = '', title] = m;
  const hash = target.indexOf('#');
  const ref: SnippetRef = { file: hash < 0 ? target : target.slice(0, hash), lineNumbers: false };
  if (hash >= 0) ref.region = target.slice(hash + 1);
  for (const token of options.split(/\s+/).filter(Boolean)) {
    if (/^[\d,-]+$/.test(token)) ref.highlight = token;
    else {
      const [language, flag] = token.split(':');
      if (language) ref.language = language;
      if (flag === 'line-numbers') ref.lineNumbers = true;
    }
  }
  if (title) ref.title = title;
  return ref;
}

/** The snippet lines of a Markdown text, fences skipped: what a page depends on besides its text. */
export function snippetFiles(markdown: string): string[] {
  if (!markdown.includes('<<<')) return [];
  const found: string[] = [];
  mapLinesOutsideFences(markdown, (text) => {
    const ref = text.trimStart().startsWith('<<<') ? snippetOf(text) : undefined;
    if (ref) found.push(ref.file);
  });
  return found;
}

const dedent = (lines: string[]) => {
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length));
  return Number.isFinite(indent) ? lines.map((l) => l.slice(indent)) : lines;
};

/** The lines of a region, its markers and those of regions inside it left out. */
function regionOf(lines: string[], name: string): string[] | undefined {
  const start = lines.findIndex((l) => { const m = REGION.exec(l); return m?.[1] === 'region' && m[2] === name; });
  if (start < 0) return undefined;
  const end = lines.findIndex((l, i) => { const m = REGION.exec(l); return i > start && m?.[1] === 'endregion' && (m[2] === name || m[2] === ''); });
  return dedent(lines.slice(start + 1, end < 0 ? lines.length : end).filter((l) => !REGION.test(l)));
}

export interface SnippetPlace {
  /** The file with the `<<<` line (absolute), its paths are relative to it. */
  from: string;
  /** For messages: the page, and its line. */
  file: string;
  line: number;
}

/** The code block a snippet paragraph stands for; its file is added to `used`. */
export function snippetBlock(paragraph: Paragraph, ref: SnippetRef, at: SnippetPlace, used: Set<string>): Code {
  const fail = (message: string, fix: string): never => {
    throw new BuildError(message, at.file, at.line, fix);
  };
  if (ref.file.startsWith('@/')) fail(`<<< ${ref.file}: "@/" paths are not read here`, 'write the path relative to this file (./_snippets/…)');
  const target = path.resolve(path.dirname(at.from), ref.file);
  let text: string;
  try {
    text = readTextFile(target);
  } catch {
    return fail(`<<< ${ref.file}: no such file`, 'correct the path (it is relative to the file with the <<< line)');
  }
  used.add(target);
  let lines = text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  if (ref.region !== undefined) {
    const region = regionOf(lines, ref.region);
    if (!region) fail(`<<< ${ref.file}#${ref.region}: the file has no "#region ${ref.region}"`, `mark the lines with "#region ${ref.region}" and "#endregion ${ref.region}" comments, or drop #${ref.region}`);
    lines = region!;
  } else {
    lines = lines.filter((l) => !REGION.test(l)); // the markers are for authors, not readers
  }
  const ext = path.extname(target).slice(1).toLowerCase() || path.basename(target).toLowerCase();
  const meta = [ref.title === undefined ? '' : `title=${JSON.stringify(ref.title)}`, ref.highlight ? `{${ref.highlight}}` : '', ref.lineNumbers ? 'showLineNumbers' : ''].filter(Boolean).join(' ');
  return { type: 'code', lang: ref.language ?? LANGUAGE_OF_EXTENSION[ext] ?? ext, meta: meta || null, value: lines.join('\n'), position: paragraph.position };
}
