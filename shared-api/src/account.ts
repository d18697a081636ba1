/**
 * One's own account: opening the e-mailed link that activates it or confirms a new address; one's
 * data (GDPR art. 15, 17, 20): the export saved as a JSON file, and the request to delete the
 * account (erased after the grace period unless one signs in again).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient, rpc, userKeys } from 'shared-api';
import type { AccountExport, CallInput, VerifyResult } from './validation/contract.ts';

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
