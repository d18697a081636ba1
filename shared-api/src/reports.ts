/**
 * Moderation: open reports (moderators), closed ones (admins) and the `moderate` call.
 * `moderate` is a quick-dialog call: its failures are silent (docs/product.md) and the dialog closes.
 */
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import {
  getPage,
  MODERATE_RESOLUTIONS,
  type ModerateResolve,
  postKeys,
  queryClient,
  type ReportType,
  rpc,
  toast,
} from 'shared-api';
import { eq, lt } from './readQuery.ts';
import type { CallInput } from './validation/contract.ts';

export type { ModerateResolve, ReportType } from './validation/words.ts';

/** The moderation dialog's options, in the order it lists them. */
export const MODERATE_OPTIONS: readonly ModerateResolve[] = MODERATE_RESOLUTIONS;

export const MODERATE_LABELS: Record<ModerateResolve, string> = {
  'delete-post': 'Usuń wpis',
  'ban-user': 'Zbanuj autora',
  'ban-user-and-delete-post': 'Zbanuj autora i usuń wpis',
  'ban-user-and-delete-all-posts': 'Zbanuj autora i usuń wszystkie jego wpisy',
};

export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  rules: 'Łamie regulamin',
  porn: 'Pornografia',
  nsfw: 'Treść dla dorosłych bez #nsfw',
};

export const MODERATED_TOAST = 'Wpis został wymoderowany';

export type { ReportRow } from './validation/rows.ts';

export const REPORTS_PAGE = 30;
// biome-ignore format: one line
const SELECT = ['id', 'state', 'post', 'uber', 'kind', 'mode', 'title', 'excerpt', 'user', 'avatar', 'banned', 'rules', 'porn', 'nsfw', 'total', 'created', 'resolve', 'moderator'] as const;

export const reportKeys = {
  all: ['reports'] as const,
  list: (state: 'open' | 'closed') => [...reportKeys.all, state] as const,
  closedPost: (post: number) => [...reportKeys.all, 'closed', 'post', post] as const,
};

type Cursor = string | null;

async function fetchReports(state: 'open' | 'closed', cursor: Cursor, signal: AbortSignal) {
  return getPage(
    'reports',
    {
      select: SELECT,
      state: eq(state),
      order: ['created.desc', 'id.desc'],
      limit: REPORTS_PAGE,
      // keyset on the time (ties within a millisecond are not worth a compound cursor here)
      created: cursor ? lt(cursor) : null,
    },
    { signal, count: 'exact' },
  );
}

export function useReports(state: 'open' | 'closed', enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: reportKeys.list(state),
    queryFn: ({ pageParam, signal }) => fetchReports(state, pageParam, signal),
    initialPageParam: null as Cursor,
    getNextPageParam: (last): Cursor | undefined => {
      const row = last.rows[last.rows.length - 1];
      return last.rows.length < REPORTS_PAGE || !row ? undefined : row.created;
    },
    staleTime: 0,
  });
}

/** The moderation records of one post (admins, /moderated/{post}). */
export function useModeratedPost(post: number | null) {
  return useQuery({
    queryKey: reportKeys.closedPost(post ?? 0),
    queryFn: async ({ signal }) =>
      (
        await getPage(
          'reports',
          { select: SELECT, state: eq('closed'), post: eq(post!), order: ['created.desc', 'id.desc'] },
          { signal },
        )
      ).rows,
    enabled: post !== null,
  });
}

type ReportPages = InfiniteData<Awaited<ReturnType<typeof fetchReports>>, Cursor>;

/**
 * Resolves a post. On success the post leaves the open list, the toast says so, and the closed
 * list, the feeds and the threads refresh; failures are silent (the dialog closes either way).
 */
export function useModerate() {
  return useMutation({
    mutationFn: (input: CallInput<'moderate'>) => rpc('moderate', input),
    meta: { silent: true },
    onSuccess: (_result, input) => {
      queryClient.setQueryData<ReportPages>(reportKeys.list('open'), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                rows: page.rows.filter((row) => row.post !== input.post),
                total: page.total === null ? null : Math.max(0, page.total - 1),
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: reportKeys.list('closed') });
      // feeds and threads that show the post (or, after a ban, its author's posts) refetch
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      toast.success(MODERATED_TOAST);
    },
  });
}
