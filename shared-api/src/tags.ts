/**
 * Tags (docs/product.md ): tag, owner, count, about (description as written) and about_html (rendered).
 *   GET /api/tags?tag=eq.{tag}                 tag page header
 *   GET /api/tags?owner=eq.{user}              /tags, the user's own tags
 *   GET /api/tags?tag=like.{prefix}*&owner=is.null&count=gt.10&select=tag&limit=10&order=tag.asc
 *                                              autocomplete
 *   POST /api/rpc/tag_update {tag, about}      reserve, or the owner updates the description
 *   POST /api/rpc/tag_drop {tag}               the owner gives it up; public again
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { getRows, LIMITS, postKeys, queryClient, rpc, STALE } from 'shared-api';
import { eq, gt, isNull, like } from './readQuery.ts';
import type { CallInput } from './validation/contract.ts';
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

const tagQuery = (tag: string) =>
  queryOptions({
    queryKey: tagKeys.one(tag),
    queryFn: ({ signal }) => fetchTag(tag, signal),
    staleTime: STALE.entity,
  });

export function useTag(tag: string) {
  return useQuery(tagQuery(tag));
}

/** Settles (never rejects) once the tag's page header is in (a tag page drawn on the server). */
export function prefetchTag(tag: string): Promise<void> {
  return queryClient.prefetchQuery(tagQuery(tag));
}

const ownTagsQuery = (user: string) =>
  queryOptions({
    queryKey: tagKeys.owned(user),
    queryFn: ({ signal }) => getRows('tags', { owner: eq(user), order: ['tag.asc'] }, signal),
    staleTime: STALE.slow,
  });

export function useOwnTags(user: string | null) {
  return useQuery({ ...ownTagsQuery(user ?? ''), enabled: Boolean(user) });
}

/** Starts /tags' read before the page is drawn (the shell, on a link's hover). */
export function prefetchOwnTags(user: string): Promise<void> {
  return queryClient.prefetchQuery(ownTagsQuery(user));
}

/** Tag autocomplete: public tags used more than 10 times, 10 results, by prefix. */
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

/** A tag's owner and description show on its page, in /tags and on every post card that carries it. */
function refreshAfterTagChange(): void {
  void queryClient.invalidateQueries({ queryKey: tagKeys.all });
  void queryClient.invalidateQueries({ queryKey: postKeys.all });
}

/**
 * Take a tag, or change its description as its owner (`tag_update`). `silent` for the quick
 * dialog (R-8.7: its failures are swallowed and the dialog closes); /tags reports errors as usual.
 */
export function useTagUpdate(options: { silent?: boolean } = {}) {
  return useMutation({
    mutationFn: (input: CallInput<'tag_update'>) => rpc('tag_update', input),
    onSuccess: refreshAfterTagChange,
    meta: { silent: options.silent ?? false },
  });
}

/** Give a tag up (`tag_drop`): it is public again. `silent` as for `useTagUpdate`. */
export function useTagDrop(options: { silent?: boolean } = {}) {
  return useMutation({
    mutationFn: (input: CallInput<'tag_drop'>) => rpc('tag_drop', input),
    onSuccess: refreshAfterTagChange,
    meta: { silent: options.silent ?? false },
  });
}
