/**
 * One's own account: captcha, sign-up, sign-in, password reset and change, e-mail change (signing
 * in keeps the session store in step; signing out is `useLogout` in shared-api's entry, the shell
 * needs it on every page); opening the e-mailed link that activates it or confirms a new address;
 * one's data (GDPR art. 15, 17, 20): the export saved as a JSON file, and the request to delete
 * the account (erased after the grace period unless one signs in again). Each input is typed by
 * the call contract.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, loadSession, queryClient, rpc, toast, userKeys } from 'shared-api';
import type { AccountExport, CallInput, Captcha, VerifyResult } from './validation/contract.ts';

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

export const APPEAL_SENT_TOAST = 'Odwołanie zostało wysłane';

/**
 * A banned user's appeal (docs/product.md ), sent with the name and password typed into
 * the sign-in form (there is no session to prove who they are). Its refusals are shown beside
 * the form, hence silent here.
 */
export function useBanAppeal() {
  return useMutation({
    mutationFn: (input: CallInput<'ban_appeal'>) => rpc('ban_appeal', input),
    meta: { silent: true },
    onSuccess: () => toast.success(APPEAL_SENT_TOAST),
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

/**
 * Opens an e-mailed link (`user_verify`): activates the account or confirms a new address. A
 * query, not a mutation: it runs once per token even when React mounts the page twice, and the
 * answer stays for the page's life (the link works only once). A confirmed address shows at once
 * in the settings. Failures are the page's to explain.
 */
export function useVerifyToken(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'verify', token],
    queryFn: async (): Promise<VerifyResult> => {
      const result = await rpc('user_verify', { token });
      if (result.kind === 'email') void queryClient.invalidateQueries({ queryKey: userKeys.own() });
      return result;
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
}

/** The export's file name: `gwar-<user>-<YYYY-MM-DD>.json`. */
export function exportFileName(data: AccountExport): string {
  return `gwar-${data.profile.username}-${data.exported.slice(0, 10)}.json`;
}

/** Offers `data` as a download in the browser. */
function saveJson(data: AccountExport): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(data);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the object URL is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useAccountExport() {
  return useMutation({
    mutationFn: () => rpc('account_export'),
    onSuccess: saveJson,
  });
}

/**
 * Asks to delete the account. The server has ended every session by the time it answers: the
 * caller leaves the signed-in screens, then calls shared-api's `forgetSession()` (done here it
 * would unmount the form before its own success handler runs).
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: CallInput<'account_delete'>) => rpc('account_delete', input),
    // The form shows a wrong password beside its field.
    meta: { silent: true },
  });
}
