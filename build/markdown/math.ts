// TeX formulas (`$…$` in a line, `$$ … $$` as a block), when the site config says
// `markdown: { math: true }`: remark-math reads them, KaTeX writes them as MathML, which browsers
// lay out themselves. No stylesheet, font or script reaches the reader, and nothing needs a
// weaker Content-Security-Policy (KaTeX's HTML output would need inline styles). Off by default,
// as in Docusaurus and VitePress: with it on, a dollar sign in prose starts a formula.
import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import type { Pluggable } from 'unified';
import type { VFile } from 'vfile';
import { contextOf, warn } from './context.ts';
import { SKIP, walk } from './walk.ts';

let enabled = false;
/** Loaded when a site turns formulas on: KaTeX alone took ~40 ms to load, on every thread that compiles. */
let modules: { katex: typeof import('katex').default; fromHtml: typeof import('hast-util-from-html').fromHtml; remarkMath: Pluggable } | undefined;

/** Whether pages are read with formulas (part of the compile cache key). */
export const mathEnabled = () => enabled;

/** Set from the site config before the first page is compiled, on every thread that compiles. */
export async function useMath(on: boolean): Promise<void> {
  if (on && !modules) {
    const [katex, hast, remarkMath] = await Promise.all([import('katex'), import('hast-util-from-html'), import('remark-math')]);
    modules = { katex: katex.default, fromHtml: hast.fromHtml, remarkMath: remarkMath.default };
  }
  enabled = on;
}

/**
 * A Markdown parser made for the current setting, and made again when the setting changes (the
 * dev server reads a config edit without restarting): remark-math is in it only when formulas are on.
 */
export function perMathSetting<P>(make: (mathSyntax: Pluggable[]) => P): () => P {
  let made: P | undefined;
  let madeFor = false;
  return () => {
    if (made === undefined || madeFor !== enabled) {
      madeFor = enabled;
      made = make(enabled ? [modules!.remarkMath] : []);
    }
    return made;
  };
}

const classesOf = (e: Element) => (Array.isArray(e.properties.className) ? e.properties.className.map(String) : []);

/** One formula as a MathML `<math>` element, or the reason KaTeX gives for not reading it. */
function mathElement(tex: string, display: boolean): Element | { error: string } {
  let html: string;
  try {
    html = modules!.katex.renderToString(tex, { output: 'mathml', displayMode: display, throwOnError: true, strict: 'ignore' });
  } catch (e) {
    return { error: (e as { rawMessage?: string }).rawMessage ?? (e as Error).message };
  }
  // KaTeX wraps the <math> in a span of its own stylesheet's class; without that stylesheet it is noise.
  const tree = modules!.fromHtml(html, { fragment: true });
  let math: Element | undefined;
  walk(tree, (n) => {
    if ((n as Element).tagName === 'math') math = n as Element;
  });
  return math!;
}

/**
 * remark-rehype leaves a formula as `<code class="language-math math-inline">` (a block, and a
 * ```math fence, inside a `<pre>`): each becomes MathML here, after the sanitiser (which knows no
 * MathML) and before the highlighter (which would colour it as code). A formula KaTeX cannot read
 * stays as code, and the build says where and why.
 */
export function rehypeMath() {
  return (tree: Root, file: VFile) => {
    if (!enabled) return;
    walk(tree, (node, index, parent) => {
      const e = node as unknown as Element;
      if (e.type !== 'element') return;
      const code = e.tagName === 'pre' ? (e.children.find((c) => c.type === 'element' && c.tagName === 'code') as Element | undefined) : e.tagName === 'code' ? e : undefined;
      if (!code || !classesOf(code).includes('language-math')) return;
      // A block: `$$ … $$`, or a ```math fence (GitHub's form).
      const display = e.tagName === 'pre';
      const result = mathElement(toString(code), display);
      if ('error' in result) {
        warn(contextOf(file), e.position?.start.line, `the formula cannot be read (${result.error}); it is shown as its TeX source: correct the TeX, or write \\$ for a dollar sign that starts no formula`);
        return SKIP;
      }
      const replacement: Element = display ? { type: 'element', tagName: 'div', properties: { className: ['math-display'] }, children: [result] } : result;
      (parent.children as unknown[])[index] = replacement;
      return SKIP;
    });
  };
}
