// The search dialog (loaded on first open): a combobox input over a listbox of results, or of
// recent queries while the input is empty. Arrow keys move, Enter opens the result at its
// section through client navigation, Escape closes; Tab stays inside; the page behind is inert.
import '../../client/shared-chunk.ts';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigation } from '../../contexts/navigation.tsx';
import { useSiteConfig } from '../../contexts/site-config.tsx';
import { prefetchHref } from '../../client/prefetch.ts';
import { OutdatedIndexError, SearchEngine, type SearchResult } from '../../client/search/engine.ts';
import { clearRecent, readRecent, rememberQuery } from '../../client/search/recent.ts';
import type { ResultItem, Segment } from '../../client/search/snippet.ts';
import { SearchIcon } from '../Icons/Icons.tsx';

export interface SearchDialogProps {
  onClose(): void;
}

/** Results described (fragment loaded) at once, and per "Показать ещё". */
const PAGE_SIZE = 8;
const DEBOUNCE_MS = 60;

/**
 * Brings the result's section into view once its page is on screen. Navigation scrolls to the
 * anchor itself; this covers a new page that commits after navigation's scroll already ran (a
 * page whose data was not prefetched), and gives up after a few seconds.
 */
function revealSection(item: ResultItem): void {
  const id = decodeURIComponent(new URL(item.href, window.location.href).hash.slice(1));
  if (!id) return;
  const title = item.title.map((s) => s.text).join('');
  const until = performance.now() + 5000;
  const tick = () => {
    const shown = document.querySelector('#main h1')?.textContent === title;
    const el = shown ? document.getElementById(id) : null;
    if (el) {
      const top = el.getBoundingClientRect().top;
      if (top < 0 || top > window.innerHeight / 2) el.scrollIntoView();
      return;
    }
    if (performance.now() < until) requestAnimationFrame(tick);
  };
  // Two frames: navigation's own scroll goes first when the page is already there.
  requestAnimationFrame(() => requestAnimationFrame(tick));
}

let engine: SearchEngine | undefined;
const engineFor = (base: string) => (engine ??= new SearchEngine(base));

type State =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'done'; query: string; result: SearchResult; items: ResultItem[] }
  | { status: 'error'; query: string; message: string; outdated: boolean };

function Marked({ segments }: { segments: Segment[] }) {
  return <>{segments.map((s, i) => (s.hit ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>))}</>;
}

const plural = (n: number, one: string, few: string, many: string) => {
  const m10 = n % 10;
  const m100 = n % 100;
  return m10 === 1 && m100 !== 11 ? one : m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14) ? few : many;
};

/**
 * The query of a search opened from the address (`/?q=…`, the browser's site search through
 * opensearch.xml): taken once, and taken off the address, so that a reload or the next opening
 * of the dialog does not run it again.
 */
function queryFromAddress(): string {
  const params = new URLSearchParams(location.search);
  const q = params.get('q');
  if (q === null) return '';
  params.delete('q');
  const rest = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
  return q;
}

export function SearchDialog({ onClose }: SearchDialogProps) {
  const { baseUrl } = useSiteConfig();
  const { navigate } = useNavigation();
  const e = engineFor(baseUrl);
  const id = useId();
  const [query, setQuery] = useState(queryFromAddress);
  const [state, setState] = useState<State>({ status: 'idle' });
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState<string[]>(() => readRecent());
  const [more, setMore] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const seq = useRef(0);

  // The page behind the dialog is inert (not focusable, not read) and does not scroll.
  useLayoutEffect(() => {
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    document.documentElement.classList.add('search-open');
    input.current?.focus();
    return () => {
      root?.removeAttribute('inert');
      document.documentElement.classList.remove('search-open');
    };
  }, []);

  const run = useCallback(async (q: string) => {
    const mine = ++seq.current;
    if (!q.trim()) {
      setState({ status: 'idle' });
      return;
    }
    setState((s) => (s.status === 'done' ? s : { status: 'loading', query: q }));
    try {
      let result: SearchResult;
      try {
        result = await e.search(q);
      } catch (err) {
        // A deploy between the manifest and a shard: start again from the new manifest (an index
        // of another format stays one: asking again cannot help).
        if (err instanceof OutdatedIndexError) throw err;
        e.reset();
        result = await e.search(q);
      }
      const items = await e.describeRange(result, 0, PAGE_SIZE);
      if (mine !== seq.current) return;
      setState({ status: 'done', query: q, result, items });
      setActive(0);
    } catch (err) {
      if (mine !== seq.current) return;
      setState({ status: 'error', query: q, message: err instanceof Error ? err.message : String(err), outdated: err instanceof OutdatedIndexError });
    }
  }, [e]);

  // Typing fast does not fetch the fragments of every intermediate query.
  useEffect(() => {
    const t = window.setTimeout(() => void run(query), query.trim() ? DEBOUNCE_MS : 0);
    return () => window.clearTimeout(t);
  }, [query, run]);

  const showMore = useCallback(async () => {
    if (state.status !== 'done') return;
    setMore(true);
    const next = await e.describeRange(state.result, state.items.length, state.items.length + PAGE_SIZE);
    setMore(false);
    setState((s) => (s.status === 'done' && s.result === state.result ? { ...s, items: [...s.items, ...next] } : s));
  }, [e, state]);

  const showingRecent = query.trim() === '' && recent.length > 0;
  const items = state.status === 'done' && query.trim() ? state.items : [];
  const count = showingRecent ? recent.length : items.length;
  const optionId = (i: number) => `${id}-option-${i}`;

  useEffect(() => {
    list.current?.querySelector(`[id="${CSS.escape(optionId(active))}"]`)?.scrollIntoView({ block: 'nearest' });
  });

  const open = useCallback((item: ResultItem) => {
    setRecent(rememberQuery(query));
    onClose();
    navigate(item.href);
    revealSection(item);
  }, [navigate, onClose, query]);

  // The selected result's page data loads while the reader decides, as a hovered link's does.
  const selected = showingRecent ? undefined : items[Math.min(active, items.length - 1)];
  useEffect(() => {
    if (selected) prefetchHref(selected.href);
  }, [selected]);

  const onKeyDown = (ev: KeyboardEvent<HTMLDivElement>) => {
    if (ev.key === 'Escape') {
      ev.preventDefault();
      ev.stopPropagation();
      onClose();
      return;
    }
    if (ev.key === 'Tab') {
      // Focus stays in the dialog.
      const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>('input, button:not([disabled]), [href]:not([tabindex="-1"])') ?? [])];
      if (focusable.length === 0) return;
      const i = focusable.indexOf(document.activeElement as HTMLElement);
      const next = ev.shiftKey ? (i <= 0 ? focusable.length - 1 : i - 1) : (i === focusable.length - 1 ? 0 : i + 1);
      ev.preventDefault();
      focusable[next].focus();
      return;
    }
    if (ev.target !== input.current || count === 0) return;
    if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
      ev.preventDefault();
      setActive((a) => (ev.key === 'ArrowDown' ? (a + 1) % count : (a - 1 + count) % count));
    } else if (ev.key === 'Home' && ev.ctrlKey) {
      setActive(0);
    } else if (ev.key === 'End' && ev.ctrlKey) {
      setActive(count - 1);
    } else if (ev.key === 'Enter') {
      ev.preventDefault();
      const i = Math.min(active, count - 1);
      if (showingRecent) setQuery(recent[i]);
      else open(items[i]);
    }
  };

  const status = useMemo((): ReactNode => {
    if (!query.trim()) return recent.length ? '' : 'Введите слово или имя: правило, группа безопасности, /v2/sync, sgroups_groups.';
    if (state.status === 'loading') return 'Ищем…';
    if (state.status === 'error') return state.outdated ? state.message : `Не удалось загрузить поиск: ${state.message}`;
    if (state.status !== 'done') return '';
    const n = state.result.hits.length;
    if (n === 0) return `По запросу «${state.query}» ничего не найдено.`;
    const found = `${n === 200 ? 'Больше 200' : n} ${plural(n, 'страница', 'страницы', 'страниц')}`;
    return state.result.partial ? `Все слова вместе не встречаются; ${found} с частью слов.` : `Найдено: ${found}.`;
  }, [query, recent.length, state]);

  return (
    <div className="search-overlay" onMouseDown={(ev) => { if (ev.target === ev.currentTarget) onClose(); }}>
      <div ref={dialog} className="search-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
        <h2 id={`${id}-title`} className="sr-only">Поиск по документации</h2>
        <div className="search-dialog__bar">
          <SearchIcon className="search-dialog__icon" />
          <input ref={input} className="search-dialog__input" type="search" value={query} placeholder="Поиск по документации"
            onChange={(ev) => setQuery(ev.target.value)} autoComplete="off" autoCorrect="off" autoCapitalize="off" spellCheck={false} enterKeyHint="go"
            role="combobox" aria-label="Поиск по документации" aria-autocomplete="list" aria-expanded={count > 0} aria-controls={`${id}-list`}
            aria-activedescendant={count > 0 ? optionId(Math.min(active, count - 1)) : undefined} />
          <button type="button" className="search-dialog__close" onClick={onClose}>Закрыть</button>
        </div>
        <p className="search-dialog__status" role="status">{status}</p>
        {state.status === 'error' && query.trim() ? (
          <button type="button" className="search-dialog__retry" onClick={state.outdated ? () => window.location.reload() : () => { e.reset(); void run(query); }}>
            {state.outdated ? 'Перезагрузить страницу' : 'Повторить'}
          </button>
        ) : null}
        {showingRecent ? (
          <div className="search-dialog__recent">
            <div className="search-dialog__section-title">
              <span id={`${id}-recent`}>Недавние запросы</span>
              <button type="button" className="search-dialog__clear" onClick={() => { clearRecent(); setRecent([]); input.current?.focus(); }}>Очистить</button>
            </div>
            <ul ref={list} id={`${id}-list`} className="search-dialog__list" role="listbox" aria-labelledby={`${id}-recent`}>
              {recent.map((r, i) => (
                <li key={r} id={optionId(i)} role="option" aria-selected={i === active} className="search-result search-result--recent"
                  onMouseDown={(ev) => ev.preventDefault()} onClick={() => setQuery(r)} onMouseMove={() => setActive(i)}>
                  {r}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <ul ref={list} id={`${id}-list`} className="search-dialog__list" role="listbox" aria-label="Результаты поиска"
            data-query={state.status === 'done' ? state.query : undefined}>
            {items.map((item, i) => (
              <li key={`${item.page}`} role="presentation">
                <a id={optionId(i)} role="option" aria-selected={i === active} tabIndex={-1} href={item.href} className="search-result"
                  onMouseDown={(ev) => ev.preventDefault()} onMouseMove={() => setActive(i)}
                  onClick={(ev) => {
                    if (ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
                    ev.preventDefault();
                    open(item);
                  }}>
                  <span className="search-result__title">
                    {item.crumbs ? <span className="search-result__crumbs">{item.crumbs} › </span> : null}
                    <Marked segments={item.title} />
                  </span>
                  {item.heading.length ? <span className="search-result__heading"><Marked segments={item.heading} /></span> : null}
                  <span className="search-result__snippet"><Marked segments={item.snippet} /></span>
                </a>
              </li>
            ))}
          </ul>
        )}
        {state.status === 'done' && query.trim() && items.length < state.result.hits.length ? (
          <button type="button" className="search-dialog__more" onClick={() => void showMore()} disabled={more}>
            {more ? 'Загружаем…' : 'Показать ещё'}
          </button>
        ) : null}
        <p className="search-dialog__hint" aria-hidden="true">
          <kbd>↑</kbd> <kbd>↓</kbd> выбрать · <kbd>Enter</kbd> открыть · <kbd>Esc</kbd> закрыть
        </p>
      </div>
    </div>
  );
}
