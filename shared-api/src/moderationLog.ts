/**
 * The moderation log (admins, on /moderated): every deletion, ban, lifted and ended ban, with
 * who, when and why; and lifting a ban.
 */
import { type InfiniteData, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { getPage, queryClient, rpc, toast } from 'shared-api';
import { lt } from './readQuery.ts';
import type { ModerationLogRow } from './validation/rows.ts';
import type { ModerationLogAction } from './validation/words.ts';

export type { ModerationLogRow } from './validation/rows.ts';

export const MODERATION_LOG_PAGE = 30;

export const moderationLogKeys = {
  all: ['moderation-log'] as const,
  list: () => [...moderationLogKeys.all, 'list'] as const,
};

export const MODERATION_ACTION_LABELS: Record<ModerationLogAction, string> = {
  'delete-post': 'usunięcie wpisu',
  ban: 'ban',
  unban: 'zdjęcie bana',
  'ban-ended': 'koniec bana',
  'appeal-accepted': 'przyjęte odwołanie (koniec bana)',
  'appeal-rejected': 'odrzucone odwołanie',
  'tag-taken': 'przejęcie tagu',
  'tag-dropped': 'tag znowu publiczny',
};

export function useModerationLog(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: moderationLogKeys.list(),
    enabled,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      getPage(
        'moderation_log',
        {
          order: ['id.desc'],
          limit: MODERATION_LOG_PAGE,
          ...(pageParam === null ? {} : { id: lt(pageParam) }),
        },
        { signal },
      ),
    getNextPageParam: (last) =>
      last.rows.length < MODERATION_LOG_PAGE ? undefined : (last.rows[last.rows.length - 1]?.id ?? undefined),
  });
}

export type ModerationLogPages = InfiniteData<{ rows: ModerationLogRow[] }>;

export function useUnban() {
  return useMutation({
    mutationFn: (username: string) => rpc('user_unban', { username }),
    onSuccess: (_result, username) => {
      toast.success(`Ban użytkownika ${username} został zdjęty`);
      void queryClient.invalidateQueries({ queryKey: moderationLogKeys.all });
    },
  });
}
