/**
 * Account entry: captcha, sign-up, sign-in and out, password reset and change, e-mail change (the
 * e-mailed links are opened by `useVerifyToken` in account.ts). Signing in and out keeps the
 * session store in step. Each input is typed by the call contract.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, rpc } from './client.ts';
import { presentError } from './errors.ts';
import { queryClient } from './queryClient.ts';
import { loadSession, setSessionUser } from './session.ts';
import { toast } from './toasts.ts';
import type { CallInput, Captcha } from './validation/contract.ts';

export const authKeys = {
  captcha: (purpose: 'join' | 'reset') => ['auth', 'captcha', purpose] as const,
};

export function captchaImageUrl(captcha: Captcha): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.svg)}`;
}

/** A fresh captcha per form; `refetch()` gives a new one (and after every failed submit). */
export function useCaptcha(purpose: 'join' | 'reset') {
  return useQuery({
    queryKey: authKeys.captcha(purpose),
    queryFn: () => rpc('captcha_create'),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

export function useJoin() {
  return useMutation({ mutationFn: (input: CallInput<'user_join'>) => rpc('user_join', input) });
}

/**
 * Signs in, then loads the session user (so every remote sees it at once). Signing in while the
 * account waits to be deleted keeps it, and the user is told so.
 */
async function login(username: string, password: string) {
  const answer = await rpc('user_login', { username, password });
  const user = await loadSession();
  // Lists carry the viewer's own state (votes, favourites, blocks): load them again as this user.
  void queryClient.resetQueries();
  if (answer.deletion_cancelled) toast.success(DELETION_CANCELLED_TOAST);
  return user;
}

export const DELETION_CANCELLED_TOAST = 'Zalogowano: usuwanie konta zostało anulowane';

/** Why and until when a user is banned, from a refused sign-in (null for any other refusal). */
export function banOf(error: unknown): { reason: string | null; ends: string | null } | null {
  if (!(error instanceof ApiError) || error.key !== 'USER BANNED') return null;
  return { reason: error.body.details, ends: error.body.hint };
}

export function useLogin() {
  return useMutation({
    mutationFn: (input: CallInput<'user_login'>) => login(input.username, input.password),
  });
}

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

export function useResetRequest() {
  return useMutation({
    mutationFn: (input: CallInput<'user_reset_request'>) => rpc('user_reset_request', input),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: CallInput<'user_reset'>) => rpc('user_reset', input),
  });
}

export function usePasswordChange() {
  return useMutation({
    mutationFn: (input: CallInput<'password_change'>) => rpc('password_change', input),
  });
}

export function useEmailChange() {
  return useMutation({
    mutationFn: (input: CallInput<'email_change'>) => rpc('email_change', input),
  });
}
