// What the Markdown compile reads besides the page: the languages Prism highlights, whether `$…$`
// is a formula (both from the site config), and where drawn diagrams are kept. Set once per
// thread that compiles (the build's, each worker, the dev server's after a config edit), and part
// of the compile cache's key.
import type { SiteConfig } from '../../src/config/schema.ts';
import { highlightLanguages, useHighlightLanguages } from './highlighter.ts';
import { mathEnabled, useMath } from './math.ts';
import { diagramsDir, useDiagramsDir } from './diagram.ts';
import { DIAGRAMS_FOLDER } from '../diagrams/store.ts';
import path from 'node:path';

export interface MarkdownSettings {
  languages: readonly string[];
  math: boolean;
  /** The folder of drawn diagrams (build/diagrams/store.ts). */
  diagrams: string | null;
}

export const markdownSettingsOf = (config: SiteConfig, docsDir: string): MarkdownSettings => ({
  languages: config.prism.languages,
  math: config.markdown.math,
  diagrams: path.join(docsDir, DIAGRAMS_FOLDER),
});

/** The settings this thread compiles with now: handed to the workers, and part of the cache key. */
export const currentMarkdownSettings = (): MarkdownSettings => ({ languages: highlightLanguages(), math: mathEnabled(), diagrams: diagramsDir() });

export async function useMarkdownSettings(settings: MarkdownSettings): Promise<void> {
  useDiagramsDir(settings.diagrams);
  await Promise.all([useHighlightLanguages(settings.languages), useMath(settings.math)]);
}
