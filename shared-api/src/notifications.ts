/**
 * Notifications (replies to and mentions of the viewer): types, query keys, the keyset list and
 * the "mark as seen" mutation. The unread count itself lives in the session (users.notifs).
 */
import { type InfiniteData, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { getPage, patchSessionUser, queryClient, rpc } from 'shared-api';
import { lt } from './readQuery.ts';
import type { PostKind } from './validation/words.ts';

export type NotificationPostKind = PostKind;

export type { NotificationRow } from './validation/rows.ts';

export const NOTIFICATIONS_PAGE = 30;
// biome-ignore format: one line
const SELECT = ['id', 'kind', 'seen', 'created', 'post', 'uber', 'title', 'excerpt', 'mode', 'postKind', 'parentKind', 'user', 'avatar'] as const;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

async function fetchNotifications(before: number | null, signal: AbortSignal) {
  return getPage(
    'notifications',
    {
      select: SELECT,
      order: ['id.desc'],
      limit: NOTIFICATIONS_PAGE,
      id: before === null ? null : lt(before),
    },
    { signal },
  );
}

/** Newest first; further pages by keyset on id. */
export function useNotifications(enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) =>
      last.rows.length < NOTIFICATIONS_PAGE ? undefined : (last.rows[last.rows.length - 1]?.id ?? undefined),
  });
}

type NotificationPages = InfiniteData<Awaited<ReturnType<typeof fetchNotifications>>, number | null>;

/** Marks the given notifications (all when no ids) as seen; updates the badge and the list. */
export function useMarkNotificationsSeen() {
  return useMutation({
    mutationFn: (ids?: number[]) => rpc('notifications_seen', ids ? { ids } : {}),
    onSuccess: (result, ids) => {
      patchSessionUser({ notifs: result.notifs });
      const wanted = ids ? new Set(ids) : null;
      queryClient.setQueryData<NotificationPages>(notificationKeys.list(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                rows: page.rows.map((row) => (!wanted || wanted.has(row.id) ? { ...row, seen: true } : row)),
              })),
            }
          : data,
      );
    },
  });
}
