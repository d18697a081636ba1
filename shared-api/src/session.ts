/**
 * The session (docs/product.md ): who is signed in, loaded from
 * `GET /api/users?select=...` (an empty answer means a guest) and re-checked every 60 s by
 * `user_check`. One zustand store, shared as a singleton by every remote.
 */
import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand';
import { getRows, rpc } from './client.ts';
import type { ReadAnswer } from './readQuery.ts';
import type { UserCheck } from './validation/contract.ts';

/** The session user's columns of their own row (`GET /api/users`). */
export const SESSION_SELECT = [
  'user',
  'avatar',
  'theme',
  'nsfw',
  'roles',
  'rating',
  'notifs',
  'chats',
] as const;

export type SessionUser = ReadAnswer<'users', (typeof SESSION_SELECT)[number]>;

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'guest'; user: null }
  | { status: 'user'; user: SessionUser };

export const sessionStore = createStore<SessionState>(() => ({ status: 'loading', user: null }));

export function setSessionUser(user: SessionUser | null): void {
  sessionStore.setState(user ? { status: 'user', user } : { status: 'guest', user: null });
}

export function patchSessionUser(patch: Partial<SessionUser>): void {
  const state = sessionStore.getState();
  if (state.status === 'user') sessionStore.setState({ status: 'user', user: { ...state.user, ...patch } });
}

/**
 * The page's word that the visitor is a guest (`#gwar-session`, written by the server when the
 * request has no session cookie): true once, if the page says so. Anything else (no element,
 * unreadable) means asking the API.
 */
function takeInlineGuest(): boolean {
  if (typeof document === 'undefined') return false;
  const element = document.getElementById('gwar-session');
  if (!element) return false;
  element.remove();
  return element.textContent?.trim() === 'null';
}

/** Loads the current user; an empty list means a guest. */
export async function loadSession(): Promise<SessionUser | null> {
  if (takeInlineGuest()) {
    setSessionUser(null);
    return null;
  }
  const rows = await getRows('users', { select: SESSION_SELECT });
  const user = rows[0] ?? null;
  setSessionUser(user);
  return user;
}

/** The periodic check: `logout` when the server no longer knows the session. */
export async function checkSession(): Promise<UserCheck> {
  return rpc('user_check');
}

/**
 * The session as the page knows it now, on the server too: zustand's own hook would draw its
 * initial state (`loading`) in a server render and at hydration, and a guest's server-drawn page
 * would show neither Login nor Join. The server's renderer sets the guest before it draws, and the
 * browser reads the page's guest mark before it hydrates (shell/src/bootstrap.tsx), so both draw
 * the same.
 */
export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
}

export function useSessionUser(): SessionUser | null {
  const state = useSession();
  return state.user;
}

export function hasRole(user: SessionUser | null, role: 'moderator' | 'admin'): boolean {
  return Boolean(user?.roles.includes(role));
}
