import { useMobileSidebar } from '../../contexts/mobile-sidebar.tsx';
import { useSiteConfig } from '../../contexts/site-config.tsx';
import { MenuIcon } from '../Icons/Icons.tsx';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { NavbarItem, NavbarItemBoundary } from './NavbarItem.tsx';

export function Navbar() {
  const config = useSiteConfig();
  const mobile = useMobileSidebar();
  const items = config.navbar.items.map((item, index) => ({ item, index }));
  const side = (position: 'left' | 'right') =>
    items.filter(({ item }) => item.position === position).map(({ item, index }) => (
      <NavbarItemBoundary key={index} index={index}>
        <NavbarItem item={item} index={index} />
      </NavbarItemBoundary>
    ));
  return (
    <nav className="navbar" aria-label="Основная навигация">
      <div className="navbar__inner">
        <button type="button" className="icon-button navbar__hamburger" aria-label="Открыть меню" aria-expanded={mobile.shown} aria-controls="mobile-sidebar" onClick={mobile.toggle}>
          <MenuIcon />
        </button>
        <a className="navbar__brand" href="/">
          <img className="navbar__logo" src={config.logo.src} alt={config.logo.alt} width={32} height={32} />
          <span className="navbar__title">{config.title}</span>
        </a>
        <div className="navbar__items navbar__items--left">{side('left')}</div>
        <div className="navbar__items navbar__items--right">
          {side('right')}
          <ColorModeToggle />
        </div>
      </div>
    </nav>
  );
}
