// The navbar's search button, the `/` and Ctrl+K / ⌘K shortcuts, and the dialog they open. Only
// this file is in the first-load bundle: the dialog, the engine and the index are loaded by the
// first open (a dynamic import and, from there, fetches), never before.
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import { useMobileSidebar } from '../../contexts/mobile-sidebar.tsx';
import { SearchIcon } from '../Icons/Icons.tsx';
import { onSearchRequest, requestSearch } from './store.ts';
import type { SearchDialogProps } from './SearchDialog.tsx';

function isEditable(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  return el.isContentEditable || el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT';
}

/** Search in the narrow-screen menu: closes the menu and opens the navbar's dialog. */
function MobileSearchItem() {
  const mobile = useMobileSidebar();
  return (
    <button type="button" className="menu__link search-menu-item" onClick={() => { mobile.close(); requestSearch(); }}>
      <SearchIcon /> Поиск
    </button>
  );
}

let dialogModule: Promise<ComponentType<SearchDialogProps>> | undefined;
const loadDialog = () => (dialogModule ??= import('./SearchDialog.tsx').then((m) => m.SearchDialog));

function NavbarSearch() {
  const [open, setOpen] = useState(false);
  const [Dialog, setDialog] = useState<ComponentType<SearchDialogProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const [mac, setMac] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  const show = useCallback(() => {
    if (!open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
    setFailed(false);
    loadDialog().then((D) => setDialog(() => D), () => {
      dialogModule = undefined;
      setFailed(true);
      setOpen(false);
    });
  }, [open]);

  const close = useCallback(() => {
    setOpen(false);
    // Back to where the reader was; the button when that element is gone (the closed menu).
    const back = opener.current && document.contains(opener.current) && opener.current !== document.body ? opener.current : button.current;
    opener.current = null;
    requestAnimationFrame(() => back?.focus({ preventScroll: true }));
  }, []);

  useEffect(() => {
    setMac(/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent));
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const k = e.key.toLowerCase();
      const combo = (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (k === 'k' || e.code === 'KeyK');
      // `/` as typed, or the same key on a Russian layout (where it types a full stop).
      const slash = (e.key === '/' || (e.code === 'Slash' && !e.shiftKey)) && !e.ctrlKey && !e.metaKey && !e.altKey && !isEditable(e.target);
      if (!combo && !slash) return;
      e.preventDefault();
      show();
    };
    window.addEventListener('keydown', onKey);
    // `/?q=…`: a search from the browser's address bar (opensearch.xml) or a shared link.
    if (/[?&]q=/.test(location.search)) show();
    const off = onSearchRequest(show);
    return () => {
      window.removeEventListener('keydown', onKey);
      off();
    };
  }, [show]);

  return (
    <>
      <button ref={button} type="button" className="search-button" onClick={show} aria-haspopup="dialog" aria-expanded={open}
        aria-keyshortcuts={mac ? 'Meta+K /' : 'Control+K /'} title={failed ? 'Поиск не загрузился, попробуйте ещё раз' : undefined}>
        <SearchIcon />
        <span className="search-button__label">Поиск</span>
        <kbd className="search-button__keys" aria-hidden="true">{mac ? '⌘K' : 'Ctrl K'}</kbd>
      </button>
      {open && Dialog ? createPortal(<Dialog onClose={close} />, document.body) : null}
    </>
  );
}

export function SearchButton({ mobile }: { mobile?: boolean }) {
  return mobile ? <MobileSearchItem /> : <NavbarSearch />;
}
