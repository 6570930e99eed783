import type { NavLink } from '../../data/types.ts';

export function Breadcrumbs({ items, title }: { items: NavLink[]; title: string }) {
  return (
    <nav className="breadcrumbs" aria-label="Навигационная цепочка">
      <ol>
        <li><a href="/" aria-label="Главная">Главная</a></li>
        {items.map((c) => (
          <li key={c.label}>{c.href ? <a href={c.href}>{c.label}</a> : <span>{c.label}</span>}</li>
        ))}
        <li aria-current="page"><span>{title}</span></li>
      </ol>
    </nav>
  );
}

export function UnlistedNotice() {
  return (
    <div className="admonition admonition--warning unlisted-notice" role="note">
      <p className="admonition__title">Страница не в списках</p>
      <p>Эта страница не включена в списки: поисковые системы не будут её индексировать, и открыть её можно только по прямой ссылке.</p>
    </div>
  );
}

/** A page marked `draft: true`: only the dev server builds it, and says so. */
export function DraftBadge() {
  return (
    <p className="draft-badge" role="note">
      <span className="draft-badge__label">Черновик</span> Эта страница видна только в режиме разработки: в сборку для публикации она не попадёт.
    </p>
  );
}

export function Pagination({ prev, next }: { prev?: NavLink; next?: NavLink }) {
  if (!prev && !next) return null;
  return (
    <nav className="pagination-nav" aria-label="Страницы документации">
      {prev ? (
        <a className="pagination-nav__link pagination-nav__link--prev" href={prev.href} rel="prev">
          <span className="pagination-nav__sublabel">Назад</span>
          <span className="pagination-nav__label">« {prev.label}</span>
        </a>
      ) : <span />}
      {next && (
        <a className="pagination-nav__link pagination-nav__link--next" href={next.href} rel="next">
          <span className="pagination-nav__sublabel">Далее</span>
          <span className="pagination-nav__label">{next.label} »</span>
        </a>
      )}
    </nav>
  );
}
