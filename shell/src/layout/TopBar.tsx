/**
 * The top bar (docs/product.md ): logo, shortcuts (home, microblog; for signed-in users lurking,
 * notifications and chats with unread badges), the search field, the Add button and the avatar
 * menu; guests get Login and Join instead.
 */
import type { ReactNode, RefObject } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { type SessionState, useSession } from 'shared-api';
import { Badge, plural } from 'shared-ui';
import { AvatarMenu } from './AvatarMenu.tsx';
import { BellIcon, ChatIcon, HomeIcon, LurkingIcon, MenuIcon, MicroblogIcon, PlusIcon } from './icons.tsx';
import { PRODUCT } from './navItems.ts';
import { SearchField } from './SearchField.tsx';

export function unreadLabel(label: string, count: number): string {
  if (count <= 0) return label;
  return `${label} (${count} ${plural(count, 'nieprzeczytane', 'nieprzeczytane', 'nieprzeczytanych')})`;
}

interface Shortcut {
  to: string;
  label: string;
  icon: ReactNode;
  count?: number;
}

/** The shortcuts shared by the top bar and the mobile footer. */
export function shortcutsFor(session: SessionState): Shortcut[] {
  const items: Shortcut[] = [
    { to: '/', label: 'Strona główna', icon: <HomeIcon /> },
    { to: '/microblog', label: 'Mikroblog', icon: <MicroblogIcon /> },
  ];
  if (session.status === 'user') {
    items.push(
      { to: '/lurking', label: `Mój ${PRODUCT}`, icon: <LurkingIcon /> },
      { to: '/notifs', label: 'Powiadomienia', icon: <BellIcon />, count: session.user.notifs },
      { to: '/chats', label: 'Rozmowy', icon: <ChatIcon />, count: session.user.chats },
    );
  }
  return items;
}

export function ShortcutLink({ item, className }: { item: Shortcut; className: string }) {
  const count = item.count ?? 0;
  return (
    // The name comes from the link's own (visually hidden) text, not an aria-label, so what
    // the badge shows (e.g. '99+') never contradicts it (WCAG 2.5.3, label in name).
    <NavLink to={item.to} end className={className} title={item.label}>
      {item.icon}
      <span className="gw-visually-hidden">{unreadLabel(item.label, count)}</span>
      <span aria-hidden="true">
        <Badge count={count} />
      </span>
    </NavLink>
  );
}

interface TopBarProps {
  inert: boolean;
  drawer: boolean;
  menuOpen: boolean;
  onToggleMenu: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
}

export function TopBar({ inert, drawer, menuOpen, onToggleMenu, toggleRef }: TopBarProps) {
  const session = useSession();
  return (
    <header className="sh-topbar" inert={inert}>
      {drawer && (
        <button
          ref={toggleRef}
          type="button"
          className="gw-icon-button sh-topbar__menu"
          aria-label={menuOpen ? 'Zamknij menu' : 'Otwórz menu'}
          aria-expanded={menuOpen}
          aria-controls="sh-sidemenu"
          onClick={onToggleMenu}
        >
          <MenuIcon />
        </button>
      )}
      {/* The visible name starts the accessible one (WCAG 2.5.3); the mark's letter is drawn by CSS. */}
      <Link to="/" className="sh-logo">
        <span aria-hidden="true" className="sh-logo__mark" />
        <span className="sh-logo__text">{PRODUCT}</span>
        <span className="gw-visually-hidden"> – strona główna</span>
      </Link>
      <nav
        className={`sh-topbar__nav${session.status === 'user' ? ' sh-topbar__nav--user' : ''}`}
        aria-label="Skróty"
      >
        {shortcutsFor(session).map((item) => (
          <ShortcutLink key={item.to} item={item} className="gw-icon-button sh-topbar__shortcut" />
        ))}
      </nav>
      <div className="sh-topbar__actions">
        <SearchField />
        {session.status === 'user' && (
          <>
            <Link to="/add" className="gw-button gw-button--primary gw-button--small sh-topbar__add">
              <PlusIcon />
              <span className="sh-topbar__add-text">Dodaj</span>
            </Link>
            <AvatarMenu user={session.user} />
          </>
        )}
        {session.status === 'guest' && (
          <>
            <Link to="/login" className="gw-button gw-button--ghost gw-button--small">
              Zaloguj się
            </Link>
            <Link to="/join" className="gw-button gw-button--primary gw-button--small">
              Dołącz
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
