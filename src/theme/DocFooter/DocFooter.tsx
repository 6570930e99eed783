// Below a doc's content: its tags, the link to edit its source, the button that copies it as
// Markdown, and the date it last changed (and by whom). Each part shows only when the build gave its data.
import type { PageData } from '../../data/types.ts';
import { useCopyMarkdown } from '../../hooks/use-copy-markdown.ts';
import { CopyIcon, EditIcon } from '../Icons/Icons.tsx';

const COPY_LABEL = { idle: 'Скопировать как Markdown', copying: 'Копирование…', copied: 'Скопировано', failed: 'Не удалось скопировать' } as const;

export function DocFooter({ page }: { page: PageData }) {
  const { state, copy } = useCopyMarkdown(page.markdownUrl);
  if (!page.editUrl && !page.lastUpdated && !page.markdownUrl && !page.tags) return null;
  return (
    <div className="doc-footer">
      {page.tags && (
        <nav className="doc-tags" aria-label="Теги">
          Теги:
          <ul>{page.tags.map((t) => <li key={t.href}><a href={t.href}>{t.label}</a></li>)}</ul>
        </nav>
      )}
      <div className="doc-footer__actions">
        {page.editUrl && (
          <a className="doc-footer__edit" href={page.editUrl} target="_blank" rel="noopener noreferrer">
            <EditIcon /> Редактировать страницу
          </a>
        )}
        {page.markdownUrl && (
          <button type="button" className="doc-footer__copy" onClick={copy} disabled={state === 'copying'} data-state={state}>
            <CopyIcon /> <span aria-live="polite">{COPY_LABEL[state]}</span>
          </button>
        )}
      </div>
      {page.lastUpdated && (
        <p className="doc-footer__updated">
          Последнее обновление: <time dateTime={page.lastUpdated.datetime}>{page.lastUpdated.text}</time>
          {page.lastUpdated.author && `, автор: ${page.lastUpdated.author}`}
        </p>
      )}
    </div>
  );
}
