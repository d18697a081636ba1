/**
 * The side menu exactly as docs/product.md list it, and the shortcuts of the top
 * bar and mobile footer. Who sees what is decided here and nowhere else.
 */
import { hasRole, type SessionUser } from 'shared-api';

export const PRODUCT = 'Gwar';

export interface NavItem {
  to: string;
  label: string;
}

/** Always shown, first. */
export const MAIN: NavItem[] = [
  { to: '/', label: 'Strona główna' },
  { to: '/microblog', label: 'Mikroblog' },
];

/** Always shown, after the personal and moderation sections. */
export const INFO: NavItem[] = [
  { to: '/idea', label: 'Idea serwisu' },
  { to: '/terms', label: 'Regulamin' },
  { to: '/privacy', label: 'Polityka prywatności' },
  { to: '/faq', label: 'Pomoc & FAQ' },
  { to: '/contact', label: 'Kontakt' },
];

export const SIGNED_IN: NavItem[] = [
  { to: '/lurking', label: `Mój ${PRODUCT}` },
  { to: '/notifs', label: 'Powiadomienia' },
  { to: '/chats', label: 'Rozmowy' },
  { to: '/follows', label: 'Śledzone treści' },
  { to: '/blocks', label: 'Czarna lista' },
  { to: '/favorites', label: 'Ulubione' },
  { to: '/drafts', label: 'Szkice' },
  { to: '/tags', label: 'Autorskie tagi' },
];

export const MODERATION_TITLE = 'MODERACJA';

export function moderationItems(user: SessionUser | null): NavItem[] {
  const items: NavItem[] = [];
  if (hasRole(user, 'moderator') || hasRole(user, 'admin'))
    items.push({ to: '/reports', label: 'Otwarte zgłoszenia' });
  if (hasRole(user, 'admin')) {
    items.push({ to: '/moderated', label: 'Zamknięte zgłoszenia' });
    // Beyond the original menu: the remotes' releases (canary, rollback, tokens) are admins' too.
    items.push({ to: '/admin/releases', label: 'Wydania aplikacji' });
  }
  return items;
}
