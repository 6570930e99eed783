// The `import` lines of an MDX page say what each JSX name is: a Docusaurus theme component we
// know how to write in Markdown (Tabs, Admonition, CodeBlock, Details, DocCardList, TOCInline), a partial Markdown file
// (`import Foo from './_foo.mdx'`, included with ::include here), or anything else (a custom React
// component, a JSON file, a hook), which cannot be carried over. A file's text imported for a
// <CodeBlock> (`!!raw-loader!./example.go`, or `./example.go?raw`) becomes a `<<<` line here.

export type BindingRole = 'tabs' | 'tab-item' | 'admonition' | 'code-block' | 'details' | 'doc-card-list' | 'toc-inline' | 'partial' | 'raw-source' | 'other';

export interface Binding {
  role: BindingRole;
  /** The module specifier as written: `@theme/Tabs`, `./_foo.mdx`, `@site/docs/_foo.mdx`; a raw source's file path alone. */
  from: string;
}

const THEME: Record<string, BindingRole> = {
  '@theme/Tabs': 'tabs',
  '@theme/TabItem': 'tab-item',
  '@theme/Admonition': 'admonition',
  '@theme/CodeBlock': 'code-block',
  '@theme/Details': 'details',
  '@theme/DocCardList': 'doc-card-list',
  '@theme/TOCInline': 'toc-inline',
};

/** The role of a JSX name used without an import: Docusaurus sites often register these globally. */
export const GLOBAL_NAMES: Record<string, BindingRole> = {
  Tabs: 'tabs', TabItem: 'tab-item', Admonition: 'admonition', CodeBlock: 'code-block', Details: 'details',
};

const MARKDOWN_MODULE = /\.mdx?$/;
/** webpack's raw-loader prefix (Docusaurus's documented way to show a file in a <CodeBlock>), or Vite's `?raw`. */
const RAW_SOURCE = /^!!?raw-loader!(.+)$|^(.+)\?raw$/;

/** Reads the names an `import` statement binds; an empty map for `import './x.css'` and other forms. */
export function readImport(statement: string): Map<string, Binding> {
  const bindings = new Map<string, Binding>();
  const m = /^import\s+([\s\S]*?)\s*from\s*(['"])([^'"]+)\2/.exec(statement.trim());
  if (!m) return bindings;
  const [, clause, , specifier] = m;
  const raw = RAW_SOURCE.exec(specifier);
  const from = raw ? (raw[1] ?? raw[2]) : specifier;
  const role: BindingRole = raw ? 'raw-source' : THEME[from] ?? (MARKDOWN_MODULE.test(from) ? 'partial' : 'other');
  const named = /\{([\s\S]*)\}/.exec(clause);
  const defaultPart = clause.replace(/\{[\s\S]*\}/, '').replace(/,/g, ' ').trim();
  const star = /\*\s+as\s+([\w$]+)/.exec(defaultPart);
  if (star) bindings.set(star[1], { role: 'other', from });
  else if (defaultPart) bindings.set(defaultPart, { role, from });
  for (const part of named?.[1].split(',') ?? []) {
    const [imported, local] = part.trim().split(/\s+as\s+/);
    if (!imported) continue;
    // Only a default import of a Markdown file is its content; named exports (`toc`, …) are data.
    bindings.set((local ?? imported).trim(), { role: role === 'partial' ? 'other' : role, from });
  }
  return bindings;
}
