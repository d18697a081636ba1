/**
 * docs/product.md R-2.9: the favicon switches to an alert icon when the notifications or chats
 * counter equals 1 (the original description's wording, kept literally), and back otherwise.
 */
import { useEffect } from 'react';
import { useSessionUser } from 'shared-api';

const svg = (body: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`)}`;

const LETTER =
  '<text x="16" y="23" font-family="Arial,sans-serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">G</text>';
export const FAVICON = svg(`<rect width="32" height="32" rx="7" fill="#2563eb"/>${LETTER}`);
export const FAVICON_ALERT = svg(
  `<rect width="32" height="32" rx="7" fill="#2563eb"/>${LETTER}<circle cx="25" cy="7" r="6.5" fill="#dc2626" stroke="#fff" stroke-width="1.5"/>`,
);

export function wantsAlertIcon(notifs: number, chats: number): boolean {
  return notifs === 1 || chats === 1;
}

function iconLink(): HTMLLinkElement {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  return link;
}

export function useFavicon(): void {
  const user = useSessionUser();
  const alert = user ? wantsAlertIcon(user.notifs, user.chats) : false;
  useEffect(() => {
    const link = iconLink();
    link.type = 'image/svg+xml';
    link.href = alert ? FAVICON_ALERT : FAVICON;
  }, [alert]);
}
