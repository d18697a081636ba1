/**
 * docs/product.md R-2.9: the favicon switches to an alert icon when the notifications or chats
 * counter equals 1 (the original description's wording, kept literally), and back otherwise.
 */
import { useEffect } from 'react';
import { useSessionUser } from 'shared-api';

const svg = (body: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${body}</svg>`)}`;

/** The app's icon (shell/public/icons/icon.svg, scripts/makeIcons.mjs): the same drawing. */
const ICON =
  '<rect width="512" height="512" rx="112" fill="#2563eb"/><path d="M347.9 164.1A130 130 0 1 0 386 256H262" fill="none" stroke="#fff" stroke-width="56"/>';
export const FAVICON = svg(ICON);
export const FAVICON_ALERT = svg(
  `${ICON}<circle cx="400" cy="112" r="104" fill="#dc2626" stroke="#fff" stroke-width="24"/>`,
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
