import { useEffect, useRef, useState } from 'react';
import { LABELS } from '../../../shared/messages';
import { BrandLogo, Icon } from './icons';
import { NAV_LINKS } from './landing-content';

/** Sticky header: brand, section anchors, Login, and a hamburger menu below 960 px. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // While the menu is open, Escape or a tap outside the header closes it.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [menuOpen]);

  return (
    <header className="lp-header" ref={headerRef}>
      <div className="lp-container lp-header__inner">
        <a className="lp-brand" href="#home">
          <BrandLogo />
          <span>TableFlow</span>
        </a>
        <nav className="lp-nav" aria-label="Main">
          <ul id="lp-nav-list" className="lp-nav__list" data-open={menuOpen}>
            {NAV_LINKS.map((link) => (
              <li key={link.id}>
                <a className="lp-nav__link" href={`#${link.id}`} onClick={() => setMenuOpen(false)}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="lp-header__actions">
          <a className="lp-btn lp-btn--primary lp-btn--sm" href="/login">
            {LABELS.landing.login}
          </a>
          <button
            ref={toggleRef}
            type="button"
            className="lp-menu-toggle"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls="lp-nav-list"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon name={menuOpen ? 'close' : 'menu'} />
          </button>
        </div>
      </div>
    </header>
  );
}
