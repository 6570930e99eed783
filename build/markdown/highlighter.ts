// Prism through refractor. `prism.languages` in the site config is the one list of highlighted
// languages: useHighlightLanguages() registers exactly those (any language refractor ships), so a
// worker loads only what the site uses instead of refractor's full set (~150 ms per worker).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { refractor } from 'refractor/core';
import { nearestName } from '../nearest.ts';
import rehypePrismGenerator from 'rehype-prism-plus/generator';
import { importModule } from '../import-module.ts';

/** Fence languages that mean "no highlighting" and never warrant a warning. */
export const PLAIN_LANGUAGES = new Set(['text', 'txt', 'plaintext', 'plain', 'output', 'console']);

/** The languages refractor ships, by name (the file names of its `lang/` folder). */
export function availableLanguages(): string[] {
  // Resolved as require() would: import.meta.resolve() has no equivalent in the launcher's bundle (scripts/launch.mjs).
  const core = createRequire(import.meta.url).resolve('refractor/core');
  return readdirSync(path.join(path.dirname(core), '..', 'lang')).filter((f) => f.endsWith('.js')).map((f) => f.slice(0, -3)).sort();
}

type Syntax = ((p: unknown) => void) & { displayName: string; aliases: string[] };

let active: string[] = [];
/** Names and aliases of the configured languages: what a fence may say to be highlighted. */
let fenceNames = new Set<string>();

/** The configured languages, in the config's order (part of the compile cache key). */
export function highlightLanguages(): readonly string[] {
  return active;
}

/** Registers the configured languages; names must be validated first (see languageProblems). */
export async function useHighlightLanguages(languages: readonly string[]): Promise<void> {
  const names = languages.filter((l) => !PLAIN_LANGUAGES.has(l));
  const syntaxes = await Promise.all(names.map(async (name) => (await importModule<{ default: Syntax }>(`refractor/${name}`)).default));
  const next = new Set<string>();
  for (const syntax of syntaxes) {
    refractor.register(syntax as never);
    next.add(syntax.displayName);
    for (const alias of syntax.aliases ?? []) next.add(alias);
  }
  fenceNames = next;
  active = [...languages];
}

/** Config names refractor does not ship, each with the nearest name it does. */
export function languageProblems(languages: readonly string[]): { name: string; hint: string }[] {
  const known = availableLanguages();
  return languages.filter((l) => !PLAIN_LANGUAGES.has(l) && !known.includes(l)).map((name) => ({
    name,
    hint: nearestName(name, known),
  }));
}

export function isKnownLanguage(lang: string): boolean {
  return PLAIN_LANGUAGES.has(lang) || fenceNames.has(lang);
}

export const rehypePrism = rehypePrismGenerator(refractor);
