// The narrow-screen menu. The primary menu lists the navbar items; inside a doc the secondary
// menu shows that doc's sidebar, with a button back to the primary menu. It is mounted while it
// is open (MobileSidebarSlot.tsx loads it then).
import '../../client/shared-chunk.ts';
import { useEffect, useRef, useState } from 'react';
import { useMobileSidebar } from '../../contexts/mobile-sidebar.tsx';
import { useNavigation } from '../../contexts/navigation.tsx';
import { useSiteConfig } from '../../contexts/site-config.tsx';
import { CloseIcon } from '../Icons/Icons.tsx';
import { ColorModeToggle } from '../Navbar/ColorModeToggle.tsx';
import { NavbarItem, NavbarItemBoundary } from '../Navbar/NavbarItem.tsx';
import { SidebarMenu } from '../Sidebar/Sidebar.tsx';

export function MobileSidebar() {
  const { shown, close } = useMobileSidebar();
  const { page, sidebar, completeSidebar } = useNavigation();
  const config = useSiteConfig();
  const [secondary, setSecondary] = useState(Boolean(sidebar));
  const panelRef = useRef<HTMLDivElement>(null);

  // By the sidebar's id: the whole sidebar taking the place of the page's view of it (loaded
  // once the page is idle) must not send a reader back from the primary menu.
  const sidebarId = sidebar?.id;
  useEffect(() => {
    if (shown) setSecondary(sidebarId !== undefined);
  }, [shown, sidebarId]);

  // A modal dialog: focus moves in when it opens, Tab cycles inside it, and focus returns to
  // the button that opened it when it closes.
  useEffect(() => {
    if (!shown) return;
    const opener = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    panel?.querySelector<HTMLElement>('button, a')?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab' || !panel) return;
      const focusable = [...panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])')].filter((el) => el.offsetParent !== null);
      if (focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && (document.activeElement === first || !panel.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !panel.contains(document.activeElement))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // Only when focus is still in the (now closed) menu: a navigation moves focus to <main> itself.
      if (opener?.isConnected && (!document.activeElement || document.activeElement === document.body || panel?.contains(document.activeElement))) opener.focus({ preventScroll: true });
    };
  }, [shown]);

  // Switching between the primary and secondary menu keeps focus inside the dialog.
  useEffect(() => {
    // preventScroll: the menu has just scrolled the current page's item into view.
    if (shown) panelRef.current?.querySelector<HTMLElement>(secondary ? '.mobile-sidebar__back' : '.mobile-sidebar__primary a, .mobile-sidebar__primary button')?.focus({ preventScroll: true });
  }, [secondary, shown]);

  // Any navigation closes the menu (the route it was opened on is not one).
  const openedOn = useRef(page.route);
  useEffect(() => {
    if (page.route !== openedOn.current) close();
  }, [page.route, close]);

  if (!shown) return null;
  return (
    <>
      <div className="mobile-sidebar__backdrop" onClick={close} aria-hidden="true" />
      <div className="mobile-sidebar" id="mobile-sidebar" ref={panelRef} role="dialog" aria-modal="true" aria-label="Меню">
        <div className="mobile-sidebar__header">
          <a className="navbar__brand" href="/">
            <img className="navbar__logo" src={config.logo.src} alt={config.logo.alt} width={32} height={32} />
            <span className="navbar__title">{config.title}</span>
          </a>
          <ColorModeToggle />
          <button type="button" className="icon-button" aria-label="Закрыть меню" onClick={close}><CloseIcon /></button>
        </div>
        {secondary && sidebar ? (
          <div className="mobile-sidebar__secondary">
            <button type="button" className="mobile-sidebar__back" onClick={() => setSecondary(false)}>← Назад к главному меню</button>
            <SidebarMenu items={sidebar.items} route={page.route} label="Разделы документации" idPrefix="mobile-sidebar" loadItems={completeSidebar} />
          </div>
        ) : (
          <nav className="mobile-sidebar__primary menu" aria-label="Главное меню">
            <ul className="menu__list">
              {config.navbar.items.map((item, index) => (
                <li key={index} className="menu__item">
                  <NavbarItemBoundary index={index}><NavbarItem item={item} index={index} mobile /></NavbarItemBoundary>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </>
  );
}
