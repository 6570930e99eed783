// The narrow-screen menu. The primary menu lists the navbar items; inside a doc the secondary
// menu shows that doc's sidebar, with a button back to the primary menu.
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
  const { page, sidebar } = useNavigation();
  const config = useSiteConfig();
  const [secondary, setSecondary] = useState(Boolean(sidebar));
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (shown) {
      setSecondary(Boolean(sidebar));
      panelRef.current?.querySelector<HTMLElement>('button, a')?.focus();
    }
  }, [shown, sidebar]);

  // Any navigation closes the menu.
  useEffect(() => close(), [page.route, close]);

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
            <SidebarMenu items={sidebar.items} route={page.route} label="Разделы документации" />
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
