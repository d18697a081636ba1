/**
 * docs/product.md: the favicon switches to an alert icon when the notifications or chats
 * counter equals 1 (the original description's wording, kept literally), and back otherwise.
 */
import { useEffect, useRef } from 'react';
import { useSessionUser } from 'shared-api';

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
  const changed = useRef(false);
  useEffect(() => {
    // The page arrives with the app's icon (index.html): only an alert, and the way back, change it.
    if (!alert && !changed.current) return;
    changed.current = true;
    let current = true;
    import(/* webpackChunkName: "favicon" */ './faviconIcons.ts')
      .then(({ FAVICON, FAVICON_ALERT }) => {
        if (!current) return;
        const link = iconLink();
        link.type = 'image/svg+xml';
        link.href = alert ? FAVICON_ALERT : FAVICON;
      })
      .catch(() => {
        // The icon stays as it was: the badges in the top bar say the same.
      });
    return () => {
      current = false;
    };
  }, [alert]);
}
