/**
 * The three themes (docs/product.md ). The server writes the theme into <html data-theme> before any
 * script runs (from the user's setting or the `gwar_theme` cookie), so there is no flash; a change
 * is applied to the document at once, stored in the cookie for 315 360 000 s and, when signed in,
 * sent with `user_update { theme }`.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { sessionStore, THEME_COLORS, THEMES, type Theme, useUpdateUser } from 'shared-api';

export { THEMES, type Theme };
export const THEME_LABELS: Record<Theme, string> = {
  dark: 'Motyw ciemny',
  light: 'Motyw jasny',
  default: 'Motyw klasyczny',
};
export const THEME_COOKIE = 'gwar_theme';
export const THEME_COOKIE_SECONDS = 315_360_000;

export function isTheme(value: unknown): value is Theme {
  return value === 'dark' || value === 'light' || value === 'default';
}

/** dark → light → default → dark */
export function nextTheme(theme: Theme): Theme {
  return THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length]!;
}

export function currentTheme(): Theme {
  const value = typeof document === 'undefined' ? null : document.documentElement.dataset.theme;
  return isTheme(value) ? value : 'dark';
}

const listeners = new Set<() => void>();

/** Shows the theme and remembers it in the cookie; no server call. */
export function applyTheme(theme: Theme): void {
  if (currentTheme() !== theme) document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser we support
  document.cookie = `${THEME_COOKIE}=${theme}; Max-Age=${THEME_COOKIE_SECONDS}; Path=/; SameSite=Lax${secure}`;
  for (const notify of listeners) notify();
}

/**
 * A theme switch: applies the theme at once and, for a signed-in user, saves it through
 * shared-api's `useUpdateUser` (which also puts it in the session; a refusal is toasted).
 */
export function useChangeTheme(): (theme: Theme) => void {
  const { mutate } = useUpdateUser();
  return useCallback(
    (theme: Theme) => {
      applyTheme(theme);
      if (sessionStore.getState().status === 'user') mutate({ patch: { theme } });
    },
    [mutate],
  );
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    currentTheme,
    () => 'dark' as Theme,
  );
}
