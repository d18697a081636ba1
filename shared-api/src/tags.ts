/**
 * Tags (spec §3): tag, owner, count, about (description as written) and about_html (rendered).
 *   GET /api/tags?tag=eq.{tag}                 tag page header
 *   GET /api/tags?owner=eq.{user}              /tags, the user's own tags
 *   GET /api/tags?tag=like.{prefix}*&owner=is.null&count=gt.10&select=tag&limit=10&order=tag.asc
 *                                              autocomplete (§7, §9)
 *   POST /api/rpc/tag_update {tag, about}      reserve, or the owner updates the description
 *   POST /api/rpc/tag_drop {tag}               the owner gives it up; public again
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRows, LIMITS, rpc, STALE } from 'shared-api';
import { eq, gt, isNull, like } from './readQuery.ts';
import type { Tag } from './validation/rows.ts';

export type { Tag } from './validation/rows.ts';

export const tagKeys = {
  all: ['tags'] as const,
  one: (tag: string) => [...tagKeys.all, 'one', tag] as const,
  owned: (user: string) => [...tagKeys.all, 'owned', user] as const,
};

/** The tag's row, or a bare public tag when nobody has used or reserved it yet. */
export async function fetchTag(tag: string, signal?: AbortSignal): Promise<Tag> {
  const rows = await getRows('tags', { tag: eq(tag) }, signal);
  return rows[0] ?? { tag, owner: null, count: 0, about: '', about_html: '', created: '' };
}

export function useTag(tag: string) {
  return useQuery({
    queryKey: tagKeys.one(tag),
    queryFn: ({ signal }) => fetchTag(tag, signal),
    staleTime: STALE.entity,
  });
}

export function useOwnTags(user: string | null) {
  return useQuery({
    queryKey: tagKeys.owned(user ?? ''),
    queryFn: ({ signal }) => getRows('tags', { owner: eq(user!), order: ['tag.asc'] }, signal),
    enabled: Boolean(user),
    staleTime: STALE.slow,
  });
}

/** Tag autocomplete (§7): public tags used more than 10 times, 10 results, by prefix. */
export function fetchTagSuggestions(prefix: string, signal?: AbortSignal): Promise<Pick<Tag, 'tag'>[]> {
  return getRows(
    'tags',
    {
      tag: like(`${prefix}*`),
      owner: isNull(),
      count: gt(LIMITS.tagSuggestMinCount),
      select: ['tag'],
      limit: LIMITS.autocompleteResults,
      order: ['tag.asc'],
    },
    signal,
  );
}

export function updateTag(input: { tag: string; about: string }): Promise<unknown> {
  return rpc('tag_update', input);
}

export function dropTag(input: { tag: string }): Promise<unknown> {
  return rpc('tag_drop', input);
}

/** Quick-dialog calls: failures are swallowed (§8) and the dialog closes. */
export function useTagUpdate() {
  return useMutation({ mutationFn: updateTag, meta: { silent: true } });
}

export function useTagDrop() {
  return useMutation({ mutationFn: dropTag, meta: { silent: true } });
}
