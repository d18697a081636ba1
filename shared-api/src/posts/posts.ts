/**
 * Posts (docs/product.md ): types, the query-key factory, feed requests with keyset cursors,
 * hooks, and counting opens. The screen changes only after the server confirms:
 * confirmed results (votes and favourites, in toggles.ts; edits, in writes.ts) are written into
 * every cached copy of the post with `patchPostEverywhere`.
 *
 * Read resources (all in the PostgREST grammar, all paged by keyset, never by a growing offset):
 *   GET /api/feed       public top-level posts minus what the viewer blocked (users, tags, domains)
 *     home, hot:        kind=eq.post&order=hot.desc,post.desc    next: hot=lte.H&or=(hot.lt.H,and(hot.eq.H,post.lt.P))
 *                                                                (hot=eq.0&post=lt.P once ranks reach 0, after a week)
 *     home, newest:     kind=eq.post&order=post.desc             next: post=lt.P
 *     home, top day/wk: kind=eq.post&created=gt.{since}&order=value.desc,post.desc
 *                                                                next: value=lte.V&or=(value.lt.V,and(value.eq.V,post.lt.P))
 *     /microblog:       kind=eq.micro&order=post.desc
 *     /tag/{tag}:       tags=cs.{tag}&order=post.desc
 *   GET /api/lurking    posts of followed users, tags and domains (signed in), order=post.desc
 *   GET /api/favorites  the viewer's favourites, order=favorited.desc,post.desc
 *                                                                next: favorited=lte.F&or=(...)
 *   GET /api/posts      everything but drafts (deleted/excluded shown cleared): a thread
 *                       (uber=eq.N&order=created.asc, up to 10 000 rows), one post (post=eq.N),
 *                       a user's posts (user=eq.name&parent=is.null&order=post.desc)
 *   GET /api/latest_comments  the 2 newest comments of each micropost: uber=in.(1,2,3), one query a page
 */
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { getRows, rpc } from '../client.ts';
import { queryClient, STALE } from '../queryClient.ts';
import { eq, oneOf } from '../readQuery.ts';
import type { Vote } from '../validation/contract.ts';
import type { Post } from '../validation/rows.ts';
import {
  type Cursor,
  cursorOfAfter,
  FEED_PAGE_SIZE,
  type FeedSpec,
  feedPage,
  feedRequest,
  threadParams,
} from './feedRequest.ts';

export type { LinkPreview, Post, PostCounters, PostViewerState } from '../validation/rows.ts';
export type { PostKind, PostMode } from '../validation/words.ts';
export * from './feedRequest.ts';

export const postKeys = {
  all: ['posts'] as const,
  feeds: () => [...postKeys.all, 'feed'] as const,
  feed: (spec: FeedSpec) => [...postKeys.feeds(), spec] as const,
  thread: (uber: number) => [...postKeys.all, 'thread', uber] as const,
  one: (post: number) => [...postKeys.all, 'one', post] as const,
  latestComments: (ids: readonly number[]) => [...postKeys.all, 'latest-comments', ids] as const,
};

/** One page of a feed; `cursor` is the keyset condition of the next page (null for the first). */
export async function fetchFeedPage(
  spec: FeedSpec,
  cursor: Cursor | null,
  signal?: AbortSignal,
  now?: number,
): Promise<Post[]> {
  const page = feedPage(spec, cursor, now);
  return getRows(page.resource, page.params, signal);
}

/** A feed's query, shared by the hook and the shell's early start (`prefetchFeed`). */
export function feedQuery(spec: FeedSpec) {
  return infiniteQueryOptions({
    queryKey: postKeys.feed(spec),
    // The time window of the top tabs is fixed when the first page loads.
    queryFn: ({ pageParam, signal }) => fetchFeedPage(spec, pageParam.cursor, signal, pageParam.now),
    initialPageParam: {
      cursor: spec.after === undefined ? null : cursorOfAfter(spec, spec.after),
      now: Date.now(),
    },
    getNextPageParam: (last: Post[], _all, param) =>
      last.length < FEED_PAGE_SIZE
        ? undefined
        : { cursor: feedRequest(spec).next(last.at(-1)!), now: param.now },
    staleTime: STALE.feed,
  });
}

/** Infinite scroll over a feed (the feeds of docs/product.md#21-routes), keyset pages. */
export function useFeed(spec: FeedSpec, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...feedQuery(spec), enabled: options.enabled ?? true });
}

/** The posts of a feed page whose newest comments `/microblog` shows (those with replies). */
export function latestCommentIds(posts: readonly Post[]): number[] {
  return posts.filter((post) => post.replies > 0).map((post) => post.post);
}

/**
 * Starts a feed's first page (and, for `/microblog`, its latest comments) before the remote that
 * shows it has arrived: the shell calls it on the first load, so the API answers while the
 * remote's code downloads instead of after it.
 */
/** Settles (never rejects) once the feed's first page, and a microblog's comment previews, are in. */
export function prefetchFeed(spec: FeedSpec): Promise<void> {
  return queryClient.prefetchInfiniteQuery(feedQuery(spec)).then(() => {
    if (spec.feed !== 'microblog') return;
    const ids = latestCommentIds(flattenFeed(queryClient.getQueryData(postKeys.feed(spec))));
    if (ids.length > 0) return queryClient.prefetchQuery(latestCommentsQuery(ids));
  });
}

/** Pages flattened, without the repeats a moving hot rank can cause between pages. */
export function flattenFeed(data: { pages: Post[][] } | undefined): Post[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: Post[] = [];
  for (const page of data.pages) {
    for (const post of page) {
      if (seen.has(post.post)) continue;
      seen.add(post.post);
      out.push(post);
    }
  }
  return out;
}

/** The 2 newest comments of each micropost on a page, in one request. */
function latestCommentsQuery(ids: readonly number[]) {
  return queryOptions({
    queryKey: postKeys.latestComments(ids),
    queryFn: ({ signal }) => getRows('latest_comments', { uber: oneOf(ids) }, signal),
    staleTime: STALE.feed,
  });
}

/**
 * The newest comments under `ids`. While the next page's comments load, the previous ones stay
 * shown (so `isPending` is true only for the first page).
 */
export function useLatestComments(ids: readonly number[]) {
  return useQuery({
    ...latestCommentsQuery(ids),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * @deprecated The first names of `useLatestComments` and `latestCommentIds`: remote builds
 * already published to the release store call them from the shell's shared-api.
 */
export const usePreviews = useLatestComments;
/** @deprecated See `usePreviews`. */
export const previewIds = latestCommentIds;

export function fetchPost(post: number, signal?: AbortSignal): Promise<Post | null> {
  return getRows('posts', { post: eq(post) }, signal).then((rows) => rows[0] ?? null);
}

/** A whole thread, oldest first (the post modal). */
export function fetchThread(uber: number, signal?: AbortSignal): Promise<Post[]> {
  return getRows('posts', threadParams(uber), signal);
}

/** A post as a cached feed page holds it, for drawing it before its own read has answered. */
export function cachedFeedPost(client: QueryClient, post: number): Post | undefined {
  for (const [, data] of client.getQueriesData<InfiniteData<Post[]>>({ queryKey: postKeys.feeds() })) {
    for (const page of data?.pages ?? []) {
      const row = page.find((candidate) => candidate.post === post);
      if (row) return row;
    }
  }
  return undefined;
}

/** Writes a confirmed change of one post into every cached list, thread and single post. */
export function patchPostEverywhere(client: QueryClient, post: number, patch: Partial<Post>): void {
  const apply = (row: Post) => (row.post === post ? { ...row, ...patch } : row);
  for (const [key, data] of client.getQueriesData<unknown>({ queryKey: postKeys.all })) {
    if (!data) continue;
    if (Array.isArray(data)) client.setQueryData(key, (data as Post[]).map(apply));
    else if (typeof data === 'object' && 'pages' in data) {
      const infinite = data as InfiniteData<Post[]>;
      client.setQueryData(key, { ...infinite, pages: infinite.pages.map((page) => page.map(apply)) });
    } else if (typeof data === 'object' && (data as Post).post === post) {
      client.setQueryData(key, apply(data as Post));
    }
  }
}

/**
 * The vote toggle of docs/product.md: up on 0 gives +1, on +1 gives 0, on -1 gives +1;
 * down is the mirror.
 */
export function nextVote(current: Vote, pressed: 1 | -1): 1 | -1 | null {
  return current === pressed ? null : pressed;
}

/** Opens are counted once per page load per post (`post_open`); a failure is not worth a toast. */
const opened = new Set<number>();
export function countOpen(post: number): void {
  if (opened.has(post)) return;
  opened.add(post);
  void rpc('post_open', { post }).catch(() => opened.delete(post));
}
