/**
 * Ban appeals (docs/product.md) as moderators handle them beside the open reports: the
 * open ones, oldest first, and the decision (accept: the ban ends; reject: with a reason).
 */
import { type InfiniteData, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { getPage, queryClient, rpc, toast } from 'shared-api';
import { eq, gt } from './readQuery.ts';
import type { CallInput } from './validation/contract.ts';
import type { BanAppealRow } from './validation/rows.ts';

export { APPEAL_ERROR_TEXTS, APPEAL_MESSAGES } from './validation/appealTexts.ts';
export type { BanAppealRow } from './validation/rows.ts';

export const APPEALS_PAGE = 20;

export const appealKeys = {
  all: ['appeals'] as const,
  open: () => [...appealKeys.all, 'open'] as const,
};

async function fetchOpenAppeals(cursor: number | null, signal: AbortSignal) {
  return getPage(
    'ban_appeals',
    {
      status: eq('open'),
      // the longest waiting first
      order: ['id.asc'],
      limit: APPEALS_PAGE,
      ...(cursor === null ? {} : { id: gt(cursor) }),
    },
    { signal, count: 'exact' },
  );
}

export function useOpenAppeals(enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: appealKeys.open(),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => fetchOpenAppeals(pageParam, signal),
    getNextPageParam: (last) =>
      last.rows.length < APPEALS_PAGE ? undefined : (last.rows[last.rows.length - 1]?.id ?? undefined),
    staleTime: 0,
  });
}

type AppealPages = InfiniteData<{ rows: BanAppealRow[]; total: number | null }, number | null>;

export const APPEAL_ACCEPTED_TOAST = 'Odwołanie przyjęte, ban został zdjęty';
export const APPEAL_REJECTED_TOAST = 'Odwołanie odrzucone';

/**
 * Decides an appeal: it leaves the open list at once, the toast says how it was decided. A
 * refusal is shown on the appeal's card (silent here); one another moderator decided meanwhile
 * leaves the list too.
 */
export function useDecideAppeal() {
  return useMutation({
    mutationFn: (input: CallInput<'appeal_decide'>) => rpc('appeal_decide', input),
    meta: { silent: true },
    onError: () => void queryClient.invalidateQueries({ queryKey: appealKeys.open() }),
    onSuccess: (_result, input) => {
      queryClient.setQueryData<AppealPages>(appealKeys.open(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                rows: page.rows.filter((row) => row.id !== input.appeal),
                total: page.total === null ? null : Math.max(0, page.total - 1),
              })),
            }
          : data,
      );
      // the public log and the admins' log show the ended ban
      void queryClient.invalidateQueries({ queryKey: ['modlog'] });
      void queryClient.invalidateQueries({ queryKey: ['moderation-log'] });
      toast.success(input.accept ? APPEAL_ACCEPTED_TOAST : APPEAL_REJECTED_TOAST);
    },
  });
}
