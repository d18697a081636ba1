/**
 * The side menu (docs/product.md ): a fixed column on wide screens, a drawer below 1100 px.
 * Choosing an item closes the drawer and, 300 ms later (after the drawer's slide), scrolls the menu
 * back to the top so it opens at its start next time.
 */
import { type RefObject, useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { useSessionUser } from 'shared-api';
import { Badge, nextTheme, THEME_LABELS, useChangeTheme, useTheme } from 'shared-ui';
import { ClassicIcon, CloseIcon, MoonIcon, SunIcon } from './icons.tsx';

const THEME_ICONS = { dark: MoonIcon, light: SunIcon, default: ClassicIcon } as const;

import {
  INFO,
  MAIN,
  MODERATION_TITLE,
  moderationItems,
  type NavItem,
  PRODUCT,
  SIGNED_IN,
} from './navItems.ts';

export const DRAWER_SCROLL_RESET_MS = 300;

interface SideMenuProps {
  /** Drawer mode (narrow screens); the menu is always visible otherwise. */
  drawer: boolean;
  open: boolean;
  onClose: () => void;
  /** The hamburger, which gets focus back when the drawer closes by keyboard. */
  toggleRef: RefObject<HTMLButtonElement | null>;
}

export function SideMenu({ drawer, open, onClose, toggleRef }: SideMenuProps) {
  const user = useSessionUser();
  const theme = useTheme();
  const changeTheme = useChangeTheme();
  const panelRef = useRef<HTMLElement>(null);
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const moderation = moderationItems(user);
  const hidden = drawer && !open;
  const ThemeIcon = THEME_ICONS[theme];

  useEffect(
    () => () => {
      if (scrollTimer.current) clearTimeout(scrollTimer.current);
    },
    [],
  );

  // The open drawer behaves like a modal: focus inside, Escape closes.
  useEffect(() => {
    if (!drawer || !open) return;
    panelRef.current?.querySelector<HTMLElement>('nav a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer, open, onClose, toggleRef]);

  const choose = () => {
    onClose();
    if (scrollTimer.current) clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => {
      panelRef.current?.scrollTo({ top: 0 });
    }, DRAWER_SCROLL_RESET_MS);
  };

  const link = (item: NavItem, count?: number) => (
    <li key={item.to}>
      <NavLink to={item.to} end className="sh-menu__link" onClick={choose}>
        <span>{item.label}</span>
        {count !== undefined && <Badge count={count} label={`${count} nieprzeczytane`} />}
      </NavLink>
    </li>
  );

  return (
    <>
      {drawer && open && <div className="sh-drawer-backdrop" onClick={onClose} aria-hidden="true" />}
      <aside
        id="sh-sidemenu"
        ref={panelRef}
        className={`sh-menu${drawer ? ' sh-menu--drawer' : ''}${open ? ' sh-menu--open' : ''}`}
        aria-label="Menu boczne"
        // A closed drawer is moved off screen with visibility:hidden (see shell.css), which also
        // takes it out of the tab order and the accessibility tree while keeping its scroll.
        data-hidden={hidden || undefined}
      >
        {drawer && (
          <div className="sh-menu__head">
            <span className="sh-menu__brand">{PRODUCT}</span>
            <button
              type="button"
              className="gw-icon-button"
              aria-label="Zamknij menu"
              onClick={() => {
                onClose();
                toggleRef.current?.focus();
              }}
            >
              <CloseIcon />
            </button>
          </div>
        )}
        <nav aria-label="Nawigacja główna">
          <ul className="sh-menu__list">
            {MAIN.map((item) => link(item))}
            {user &&
              SIGNED_IN.map((item) =>
                link(
                  item,
                  item.to === '/notifs' ? user.notifs : item.to === '/chats' ? user.chats : undefined,
                ),
              )}
          </ul>
          {moderation.length > 0 && (
            <>
              <h2 className="sh-menu__section" id="sh-menu-moderation">
                {MODERATION_TITLE}
              </h2>
              <ul className="sh-menu__list" aria-labelledby="sh-menu-moderation">
                {moderation.map((item) => link(item))}
              </ul>
            </>
          )}
          <ul className="sh-menu__list sh-menu__list--info">{INFO.map((item) => link(item))}</ul>
        </nav>
        <button
          type="button"
          className="sh-menu__theme"
          onClick={() => changeTheme(nextTheme(theme))}
          title="Przełącz motyw"
        >
          <ThemeIcon />
          <span>{THEME_LABELS[theme]}</span>
        </button>
        <footer className="sh-menu__footer">
          <span>{PRODUCT} © 2023</span>
          {/* the public moderation log (docs/product.md ): for everyone, outside the menu's list */}
          <NavLink to="/modlog" className="sh-menu__footer-link" onClick={choose}>
            Dziennik moderacji
          </NavLink>
        </footer>
      </aside>
    </>
  );
}
