/**
 * The session in the shell (docs/product.md ): the user is loaded once at start, then
 * `user_check` runs every 60 s while signed in. A `logout` answer (session revoked, expired or
 * banned elsewhere) resets the session and warns 'Zostałeś wylogowany'; any other answer refreshes
 * the badges (notifs, chats), rating and roles.
 */
import { useEffect } from 'react';
import {
  checkSession,
  forgetSession,
  loadSession,
  patchSessionUser,
  presentError,
  type SessionUser,
  sessionStore,
  setSessionUser,
  toast,
  useSession,
} from 'shared-api';

export const SESSION_CHECK_MS = 60_000;
export const LOGGED_OUT_TEXT = 'Zostałeś wylogowany';

/** Loads the current user; if that fails the visitor browses as a guest and is told why. */
export async function startSession(): Promise<void> {
  try {
    await loadSession();
  } catch (error) {
    setSessionUser(null);
    const text = presentError(error).text;
    if (text) toast.error(text);
  }
}

export async function runSessionCheck(): Promise<void> {
  if (sessionStore.getState().status !== 'user') return;
  let answer: Awaited<ReturnType<typeof checkSession>>;
  try {
    answer = await checkSession();
  } catch {
    // Offline or a server hiccup: the next check will tell.
    return;
  }
  if (answer.status === 'logout') {
    forgetSession();
    toast.warning(LOGGED_OUT_TEXT);
    return;
  }
  // Only the fields the answer carries: a missing one must not blank a badge.
  const patch: Partial<SessionUser> = {};
  if (typeof answer.notifs === 'number') patch.notifs = answer.notifs;
  if (typeof answer.chats === 'number') patch.chats = answer.chats;
  if (typeof answer.rating === 'number') patch.rating = answer.rating;
  if (Array.isArray(answer.roles)) patch.roles = answer.roles;
  patchSessionUser(patch);
}

/** Checks every 60 s while signed in, and at once when a hidden tab comes back after that long. */
export function useSessionCheck(): void {
  const { status } = useSession();
  useEffect(() => {
    if (status !== 'user') return;
    let last = Date.now();
    const run = () => {
      last = Date.now();
      void runSessionCheck();
    };
    const timer = setInterval(run, SESSION_CHECK_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - last >= SESSION_CHECK_MS) run();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [status]);
}
