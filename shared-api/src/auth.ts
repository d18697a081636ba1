/**
 * Signing out, and forgetting the signed-in user here (also when the session check learns the
 * server no longer knows the session): what the shell needs on every page. The sign-in, sign-up,
 * password and e-mail forms' calls are `shared-api/account` (only mf-account's pages use them).
 */
import { useMutation } from '@tanstack/react-query';
import { rpc } from './client.ts';
import { presentError } from './errors.ts';
import { queryClient } from './queryClient.ts';
import { setSessionUser } from './session.ts';
import { toast } from './toasts.ts';

/**
 * This page forgets the signed-in user: a guest from now on, and nothing loaded for the previous
 * user (votes, favourites, blocks) may show to the next one. After signing out, or when the
 * session check learns the server no longer knows the session.
 */
export function forgetSession(): void {
  setSessionUser(null);
  void queryClient.resetQueries();
}

export const LOGGED_OUT_TOAST = 'Wylogowano';

/** Wyloguj: the session ends on the server, then here; a refusal is told and nothing changes. */
export function useLogout() {
  return useMutation({
    mutationFn: () => rpc('user_logout'),
    meta: { silent: true },
    onSuccess: () => {
      forgetSession();
      toast.success(LOGGED_OUT_TOAST);
    },
    onError: (error) => {
      const text = presentError(error).text;
      if (text) toast.error(text);
    },
  });
}
