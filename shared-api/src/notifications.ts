/**
 * Notifications (replies to and mentions of the viewer): types, query keys, the keyset list and
 * the "mark as seen" mutation. The unread count itself lives in the session (users.notifs).
 */
import { type InfiniteData, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { getPage, patchSessionUser, queryClient, rpc } from 'shared-api';
import type { FileRef } from './validation/contract.ts';
import type { PostKind } from './validation/words.ts';

export type NotificationPostKind = PostKind;

export interface NotificationRow {
  id: number;
  kind: 'reply' | 'mention';
  seen: boolean;
  created: string;
  /** The reply or the post with the mention. */
  post: number;
  /** The thread's top post: the link goes to /post/{uber}. */
  uber: number;
  /** The thread's title (null for microposts or when no longer public). */
  title: string | null;
  /** The start of the reply or mention as written (null when no longer public). */
  excerpt: string | null;
  mode: 'public' | 'draft' | 'deleted' | 'excluded';
  postKind: NotificationPostKind;
  /** What was replied to; null for a top-level post. */
  parentKind: NotificationPostKind | null;
  /** Who replied or mentioned. */
  user: string;
  avatar: FileRef | null;
}

export const NOTIFICATIONS_PAGE = 30;
const SELECT = 'id,kind,seen,created,post,uber,title,excerpt,mode,postKind,parentKind,user,avatar';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

async function fetchNotifications(before: number | null, signal: AbortSignal) {
  return getPage<NotificationRow>(
    'notifications',
    {
      select: SELECT,
      order: 'id.desc',
      limit: NOTIFICATIONS_PAGE,
      id: before === null ? null : `lt.${before}`,
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
