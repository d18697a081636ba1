/**
 * The public moderation log (/modlog, anyone; docs/product.md ): removals, bans and tags
 * taken or made public again, newest first, by kind, keyset pages on id.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { getPage } from 'shared-api';
import { eq, lt } from './readQuery.ts';
import type { ModlogRow } from './validation/rows.ts';
import type { ModlogKind } from './validation/words.ts';

export type { ModlogRow } from './validation/rows.ts';
export { MODLOG_KINDS, type ModlogKind } from './validation/words.ts';

export const MODLOG_PAGE = 30;

export const modlogKeys = {
  all: ['modlog'] as const,
  list: (kind: ModlogKind | null) => [...modlogKeys.all, kind ?? 'all'] as const,
};

/** The filter's labels, in its order ('Wszystko' first, for no kind). */
export const MODLOG_KIND_LABELS: Record<ModlogKind, string> = {
  removal: 'Usunięcia',
  ban: 'Bany',
  tag: 'Tagi',
};

export const MODLOG_ACTION_LABELS: Record<ModlogRow['action'], string> = {
  'delete-post': 'Usunięcie',
  ban: 'Ban',
  unban: 'Zdjęcie bana',
  'ban-ended': 'Koniec bana',
  'appeal-accepted': 'Odwołanie przyjęte, ban zdjęty',
  'tag-taken': 'Przejęcie tagu',
  'tag-dropped': 'Tag znowu publiczny',
};

export function useModlog(kind: ModlogKind | null) {
  return useInfiniteQuery({
    queryKey: modlogKeys.list(kind),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      getPage(
        'modlog',
        {
          order: ['id.desc'],
          limit: MODLOG_PAGE,
          ...(kind === null ? {} : { kind: eq(kind) }),
          ...(pageParam === null ? {} : { id: lt(pageParam) }),
        },
        { signal },
      ),
    getNextPageParam: (last) =>
      last.rows.length < MODLOG_PAGE ? undefined : (last.rows[last.rows.length - 1]?.id ?? undefined),
  });
}
