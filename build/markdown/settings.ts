// What of the site config the Markdown compile reads: the languages Prism highlights and whether
// `$…$` is a formula. Set once per thread that compiles (the build's, each worker, the dev
// server's after a config edit), and part of the compile cache's key.
import type { SiteConfig } from '../../src/config/schema.ts';
import { highlightLanguages, useHighlightLanguages } from './highlighter.ts';
import { mathEnabled, useMath } from './math.ts';

export interface MarkdownSettings {
  languages: readonly string[];
  math: boolean;
}

export const markdownSettingsOf = (config: SiteConfig): MarkdownSettings => ({ languages: config.prism.languages, math: config.markdown.math });

/** The settings this thread compiles with now: handed to the workers, and part of the cache key. */
export const currentMarkdownSettings = (): MarkdownSettings => ({ languages: highlightLanguages(), math: mathEnabled() });

export async function useMarkdownSettings(settings: MarkdownSettings): Promise<void> {
  await Promise.all([useHighlightLanguages(settings.languages), useMath(settings.math)]);
}
