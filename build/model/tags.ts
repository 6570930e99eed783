// Docusaurus's doc tags. A doc lists its tags in front matter (`tags: [nftables, агент]`, or
// `{ label, permalink }`); `docs/tags.yml`, when there is one, defines tags by key (label,
// permalink, description), and a tag it does not define warns (`docs.onInlineTags`). Each tag is a
// link under the doc's content, to a page of its own at `/<tagsBasePath><permalink>` that shows a
// card for each listed doc with that tag (`::doc-cards`, filled when the page renders:
// build/render/doc-cards.ts); `/<tagsBasePath>` lists every tag. Those pages are made here as
// Markdown, like a generated-index category's (build/model/generated-index.ts), and are from then
// on pages like the others (no sidebar, as the pages folder's).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { isMap, isScalar, parseDocument } from 'yaml';
import type { SiteConfig } from '../../src/config/schema.ts';
import type { NavLink } from '../../src/data/types.ts';
import { pageCount } from '../../src/data/locale.ts';
import { BuildError, type Warning } from '../errors.ts';
import { generatedMarkdown, generatedSourcePage, type SourcePage } from './content.ts';
import { frontMatterKeyLine } from './frontmatter.ts';
import { markdownText } from '../output/page-markdown.ts';

export const TAGS_FILE = 'tags.yml';

export interface TagDefinition {
  label: string;
  /** `/name`: the tag page's path under the tags' base path. */
  permalink: string;
  description?: string;
}

/** docs/tags.yml, read: the tags by key, and the file for messages; empty when there is no such file. */
export interface TagDefinitions {
  byKey: Map<string, TagDefinition>;
  file?: string;
}

export const NO_TAG_DEFINITIONS: TagDefinitions = { byKey: new Map() };

const PERMALINK = /^\/[^\s?#]*$/;

/** Reads docs/tags.yml (absent: no definitions); a bad file stops the build with its line and the fix. */
export function readTagDefinitions(docsDir: string, projectRoot: string): TagDefinitions {
  const absPath = path.join(docsDir, TAGS_FILE);
  if (!existsSync(absPath)) return { byKey: new Map() };
  const file = path.relative(projectRoot, absPath).split(path.sep).join('/');
  const text = readFileSync(absPath, 'utf8');
  const doc = parseDocument(text, { prettyErrors: false });
  const lineAt = (offset: number | undefined) => (offset === undefined ? 1 : text.slice(0, offset).split('\n').length);
  if (doc.errors.length) {
    throw new BuildError(`invalid YAML in the tags file: ${doc.errors[0].message.split('\n')[0]}`, file, lineAt(doc.errors[0].pos[0]), 'fix the syntax: each tag is `key:` with `label`, `permalink` and `description` under it');
  }
  const byKey = new Map<string, TagDefinition>();
  if (doc.contents === null) return { byKey, file };
  if (!isMap(doc.contents)) throw new BuildError('the tags file must map tag keys to their settings', file, 1, 'write `nftables: { label: nftables, permalink: /nftables }` lines');
  for (const pair of doc.contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    const line = lineAt(isScalar(pair.key) ? pair.key.range?.[0] : undefined);
    const value = (pair.value === null ? {} : (pair.value as { toJSON(): unknown }).toJSON()) as Record<string, unknown> | null;
    const fix = `write it as ${key || 'key'}: { label: "…", permalink: /…, description: "…" } (each optional)`;
    if (!key || typeof value !== 'object' || value === null || Array.isArray(value)) throw new BuildError(`the tag "${key}" has no settings of its own`, file, line, fix);
    const unknown = Object.keys(value).find((k) => !['label', 'permalink', 'description'].includes(k));
    if (unknown) throw new BuildError(`the tag "${key}" has the key "${unknown}", which tags do not have`, file, line, fix);
    const { label = key, permalink = `/${slug(String(label))}`, description } = value;
    if (typeof label !== 'string' || !label || typeof permalink !== 'string' || !PERMALINK.test(permalink) || (description !== undefined && typeof description !== 'string')) {
      throw new BuildError(`the tag "${key}" has a label, permalink or description of the wrong kind`, file, line, `${fix}; a permalink starts with "/" and has no spaces`);
    }
    byKey.set(key, { label, permalink, ...(description ? { description } : {}) });
  }
  return { byKey, file };
}

/** A tag name as a path: github-slugger's, as Docusaurus's kebab case gives for most names (`Сетевые правила` → `сетевые-правила`). */
const slug = (label: string) => new GithubSlugger().slug(label);

/** The tags' base route (`/tags`). */
export const tagsBase = (config: SiteConfig) => `/${config.docs.tagsBasePath}`;

type ResolvedTag = TagDefinition & { route: string };

/** Each tag a page names, as written (repeats too), with its label and route (the tag page's). */
function namedTags(s: SourcePage, defs: TagDefinitions, config: SiteConfig): ResolvedTag[] {
  return (s.frontMatter.tags ?? []).map((tag) => {
    const def = typeof tag === 'string' ? defs.byKey.get(tag) ?? { label: tag, permalink: `/${slug(tag)}` } : { label: tag.label, permalink: tag.permalink ?? `/${slug(tag.label)}` };
    return { ...def, route: `${tagsBase(config)}${def.permalink === '/' ? '' : def.permalink}` };
  });
}

/** A page's tags, resolved: each with its label and route (the tag page's), each page once. */
export function tagsOfPage(s: SourcePage, defs: TagDefinitions, config: SiteConfig): ResolvedTag[] {
  const seen = new Set<string>();
  return namedTags(s, defs, config).filter((tag) => !seen.has(tag.route) && seen.add(tag.route));
}

export type TagLinksOf = (s: SourcePage) => NavLink[] | undefined;

/**
 * The links a doc shows under its content: one per tag that has a page (docsOfTag, from
 * siteTags) — a tag only unlisted docs carry has none, and its link would lead nowhere.
 */
export function tagLinks(defs: TagDefinitions, config: SiteConfig, docsOfTag: ReadonlyMap<string, string[]>): TagLinksOf {
  return (s) => {
    const tags = tagsOfPage(s, defs, config).filter((t) => docsOfTag.has(t.route));
    return tags.length ? tags.map((t) => ({ label: t.label, href: t.route })) : undefined;
  };
}

export interface SiteTags {
  /** The tag pages and the page of all tags, made as Markdown. */
  pages: SourcePage[];
  /** Each tag page's docs, by route: its cards (build/render/doc-cards.ts). */
  docsOfTag: Map<string, string[]>;
  /** Tags used but not defined in docs/tags.yml, when it exists (`docs.onInlineTags: warn`). */
  warnings: Warning[];
}

const byLabel = new Intl.Collator('ru').compare;

/**
 * The pages of the site's tags, from the docs' front matter. Listed docs only (an unlisted doc
 * keeps its tags but no tag page lists it). `docs.onInlineTags: throw` turns the warnings into an error.
 */
export function siteTags(docs: SourcePage[], defs: TagDefinitions, config: SiteConfig, docsDir: string): SiteTags {
  const tags = new Map<string, TagDefinition & { route: string; docs: string[]; file: string }>();
  const warnings: Warning[] = [];
  const clashes = new Set<string>();
  for (const s of docs) {
    if (s.kind !== 'doc' || !s.frontMatter.tags) continue;
    if (defs.file && config.docs.onInlineTags !== 'ignore') {
      for (const tag of s.frontMatter.tags) {
        if (typeof tag === 'string' && defs.byKey.has(tag)) continue;
        const name = typeof tag === 'string' ? tag : tag.label;
        const message = `the tag "${name}" is not defined in ${defs.file}`;
        const fix = `add it there (${slug(name)}: { label: ${JSON.stringify(name)} }), or use one of its keys`;
        if (config.docs.onInlineTags === 'throw') throw new BuildError(message, s.file, frontMatterKeyLine(s.raw, 'tags'), fix);
        warnings.push({ file: s.file, line: frontMatterKeyLine(s.raw, 'tags'), message: `${message}: ${fix}` });
      }
    }
    const onPage = new Set<string>();
    for (const tag of namedTags(s, defs, config)) {
      // A name of no letters or digits (`?`, `#`) gives no URL of its own: its page would be the list of all tags.
      if (tag.route === tagsBase(config)) {
        throw new BuildError(`the tag "${tag.label}" makes no URL of its own (a name without letters or digits, or the permalink /)`, s.file, frontMatterKeyLine(s.raw, 'tags'),
          `give it a permalink: tags: [{ label: ${JSON.stringify(tag.label)}, permalink: /name }], or name it with a word`);
      }
      const earlier = tags.get(tag.route);
      // Two names, one URL (`C++` and `C` are both /tags/c): one page, under the first name.
      if (earlier && earlier.label !== tag.label && !clashes.has(`${earlier.label}\0${tag.label}`)) {
        clashes.add(`${earlier.label}\0${tag.label}`);
        warnings.push({ file: s.file, line: frontMatterKeyLine(s.raw, 'tags'), message: `the tags "${earlier.label}" (${earlier.file}) and "${tag.label}" make one URL, ${tag.route}, and share its page under the first name; give one a permalink of its own ({ label: ${JSON.stringify(tag.label)}, permalink: /… })` });
      }
      if (onPage.has(tag.route)) continue;
      onPage.add(tag.route);
      const known = earlier ?? { ...tag, docs: [], file: s.file };
      if (!s.frontMatter.unlisted) known.docs.push(s.route);
      tags.set(tag.route, known);
    }
  }
  const listed = [...tags.values()].filter((t) => t.docs.length > 0).sort((a, b) => byLabel(a.label, b.label) || (a.route < b.route ? -1 : 1));
  if (listed.length === 0) return { pages: [], docsOfTag: new Map(), warnings };
  const base = tagsBase(config);
  const at = (route: string) => path.join(docsDir, `_tags_.generated${route}.md`);
  const pages = listed.map((t) => generatedSourcePage(generatedMarkdown(
    { title: `Страницы с тегом «${t.label}»`, description: t.description ?? `${pageCount(t.docs.length)} документации с тегом «${t.label}».` },
    [...(t.description ? [t.description, ''] : []), pageCount(t.docs.length), '', '::doc-cards', '', `[Все теги](${base})`, ''],
  ), at(t.route), defs.file ?? t.file, t.route.slice(1), t.route, 'markdown-page'));
  // The page of all tags: grouped by their first letter, each with its page count.
  const groups = new Map<string, typeof listed>();
  for (const t of listed) {
    // The first character, not half of one (an emoji is two UTF-16 units).
    const letter = [...t.label][0].toLocaleUpperCase('ru');
    groups.set(letter, [...(groups.get(letter) ?? []), t]);
  }
  const index = [...groups].flatMap(([letter, group]) => [`## ${markdownText(letter)}`, '', ...group.map((t) => `- [${markdownText(t.label)}](${t.route}) — ${pageCount(t.docs.length)}`), '']);
  const indexText = generatedMarkdown({ title: 'Теги', description: 'Все теги документации и число страниц с каждым.' }, index);
  pages.push(generatedSourcePage(indexText, at(base), defs.file ?? listed[0].file, base.slice(1), base, 'markdown-page'));
  return { pages, docsOfTag: new Map(listed.map((t) => [t.route, t.docs])), warnings };
}
