/**
 * The post modal's thread: one request for the whole thread (`GET /api/posts?uber=eq.{post}
 * &order=created.asc`, feeds' `fetchThread`), built into a tree on the client by the pure
 * functions in `./tree.ts`. The comment sort lives in a cookie for about ten years
 * (docs/product.md R-4.14).
 */
import { useQuery } from '@tanstack/react-query';
import { queryClient, STALE } from '../queryClient.ts';
import { LIMITS } from '../validation/rules.ts';
import { cachedFeedPost, fetchThread, type Post, postKeys } from './posts.ts';
import { type CommentSort, DEFAULT_COMMENT_SORT, isCommentSort } from './tree.ts';

export * from './tree.ts';

/** A thread row: a post (docs/product.md) plus the time of its newest reply (sort 'active'). */
export type ThreadPost = Post & { active?: string | null };

const threadQuery = (uber: number) => ({
  queryKey: postKeys.thread(uber),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchThread(uber, signal) as Promise<ThreadPost[]>,
  staleTime: STALE.feed,
});

/**
 * The thread of `uber`. Until it has answered, a post opened from a feed is the thread's only row
 * (`isPlaceholderData`): the modal draws it at once, from the feed's page, and its comments when
 * the thread arrives.
 */
export function useThread(uber: number) {
  return useQuery({
    ...threadQuery(uber),
    enabled: Number.isInteger(uber) && uber > 0,
    placeholderData: (): ThreadPost[] | undefined => {
      const row = cachedFeedPost(queryClient, uber);
      return row ? [row] : undefined;
    },
  });
}

/**
 * Starts loading a thread before mf-post has arrived: the shell calls it when the URL becomes
 * /post/{post}, so the (possibly megabytes of) thread downloads while the remote's code does.
 */
/** Settles (never rejects) once the thread is in. */
export function prefetchThread(uber: number): Promise<void> {
  if (!Number.isInteger(uber) || uber <= 0) return Promise.resolve();
  return queryClient.prefetchQuery(threadQuery(uber));
}

export const SORT_COOKIE = 'gwar_sort';

export function readCommentSort(
  cookie = typeof document === 'undefined' ? '' : document.cookie,
): CommentSort {
  const match = /(?:^|;\s*)gwar_sort=([^;]*)/.exec(cookie);
  const value = match ? decodeURIComponent(match[1] ?? '') : '';
  return isCommentSort(value) ? value : DEFAULT_COMMENT_SORT;
}

export function writeCommentSort(sort: CommentSort): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie (R-4.14)
  document.cookie = `${SORT_COOKIE}=${sort}; Max-Age=${LIMITS.sortCookieSeconds}; Path=/; SameSite=Lax`;
}
