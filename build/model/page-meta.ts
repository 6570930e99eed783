// What the build adds under a doc besides its content: its tags, the link to edit its source on
// GitHub and the date it last changed (and by whom). They come from the site config and front matter (and
// docs/tags.yml: build/model/tags.ts), the date from one git pass (build/model/last-updated.ts).
import path from 'node:path';
import type { SiteConfig } from '../../src/config/schema.ts';
import type { LastUpdated, NavLink } from '../../src/data/types.ts';
import type { SourcePage } from './content.ts';
import { lastUpdatedOf, type LastCommit } from './last-updated.ts';
import type { TagLinksOf } from './tags.ts';

export interface PageMeta {
  editUrl?: string;
  lastUpdated?: LastUpdated;
  tags?: NavLink[];
}

export type PageMetaOf = (s: SourcePage) => PageMeta;

export function pageMetaResolver(config: SiteConfig, docsDir: string, gitDates: Map<string, LastCommit>, tagLinksOf: TagLinksOf): PageMetaOf {
  const edit = config.docs.editLink;
  const repo = edit?.repo ?? `${config.github.owner}/${config.github.repo}`;
  return (s) => {
    if (s.kind !== 'doc') return {};
    const fm = s.frontMatter;
    let editUrl: string | undefined;
    if (fm.custom_edit_url !== undefined) editUrl = fm.custom_edit_url ?? undefined;
    else if (edit) {
      const file = [edit.path, path.relative(docsDir, s.absPath).split(path.sep).join('/')].filter(Boolean).join('/');
      editUrl = `https://github.com/${repo}/edit/${encodeURI(edit.branch)}/${encodeURI(file)}`;
    }
    const lastUpdated = config.docs.showLastUpdate ? lastUpdatedOf(fm.last_update, gitDates.get(s.absPath), config.docs.showLastUpdateAuthor) : undefined;
    const tags = tagLinksOf(s);
    return { ...(tags ? { tags } : {}), ...(editUrl ? { editUrl } : {}), ...(lastUpdated ? { lastUpdated } : {}) };
  };
}
