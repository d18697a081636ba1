/**
 * What each feed asks the API for (resource, filters, order, next page) and a thread's request:
 * plain data with no React, shared by the client (posts.ts) and the server, which names the first
 * screen's request in the page as a preload (firstRequests.ts, server/src/http/preload.ts).
 */
import {
  and,
  contains,
  eq,
  gt,
  isNull,
  lt,
  lte,
  or,
  type ReadFilters,
  type ReadParams,
} from '../readQuery.ts';
import type { Post } from '../validation/rows.ts';

/** The home feed's orders (`/?sort=`), its tabs' order; `hot` when the address names none. */
export const HOME_SORTS = ['hot', 'newest', 'day', 'week'] as const;

export type HomeSort = (typeof HOME_SORTS)[number];

/** The order an address's `sort` names, `hot` for anything else. */
export function homeSortOf(sort: string | null): HomeSort {
  return HOME_SORTS.find((value) => value === sort) ?? 'hot';
}

export type FeedSpec = (
  | { feed: 'home'; sort: HomeSort }
  | { feed: 'microblog' }
  | { feed: 'lurking' }
  | { feed: 'favorites' }
  | { feed: 'tag'; tag: string }
  | { feed: 'user'; user: string }
) & {
  /**
   * Where the feed starts: a page address's `po` (AFTER_PARAM), the place after the last post of
   * the page before. A reader without scripts goes on by that link (PostList).
   */
  after?: string;
};

/** The page address's parameter that says where a feed starts (FeedSpec `after`). */
export const AFTER_PARAM = 'po';

export const FEED_PAGE_SIZE = 20;

export type FeedResource = 'feed' | 'lurking' | 'favorites' | 'posts';

/** The keyset condition of a feed's next page. */
export type Cursor = ReadFilters<FeedResource>;

export interface FeedRequest {
  resource: FeedResource;
  params: ReadParams<FeedResource>;
  next(last: Post): Cursor;
  /** The column `next` reads beside the post's id, if any. */
  column?: 'hot' | 'value' | 'favorited';
}

const byPost = (last: Post): Cursor => ({ post: lt(last.post) });
/**
 * Next page after `last` in (column desc, post desc) order. The redundant `column=lte.X` lets the
 * index start at X instead of filtering from the top; ties at 0 (every post older than a week
 * has hot 0) become one exact range, `hot=eq.0&post=lt.P`.
 */
const byPair =
  (column: 'hot' | 'value' | 'favorited') =>
  (last: Post): Cursor => {
    if (column === 'hot' && last.hot === 0) return { hot: eq(0), post: lt(last.post) };
    // A favourite's time is never null on /favorites, which lists only favourites.
    const value = last[column] as number | string;
    return {
      [column]: lte(value),
      or: or({ [column]: lt(value) }, and({ [column]: eq(value), post: lt(last.post) })),
    };
  };

const DAY_MS = 86_400_000;

/** The request behind each feed: resource, filters, order and how to ask for the next page. */
export function feedRequest(spec: FeedSpec, now = Date.now()): FeedRequest {
  switch (spec.feed) {
    case 'home': {
      if (spec.sort === 'hot')
        return {
          resource: 'feed',
          params: { kind: eq('post'), order: ['hot.desc', 'post.desc'] },
          next: byPair('hot'),
          column: 'hot',
        };
      if (spec.sort === 'newest')
        return { resource: 'feed', params: { kind: eq('post'), order: ['post.desc'] }, next: byPost };
      // Whole minutes, so the first page and the next ones ask about the same window.
      const since = new Date(Math.floor((now - (spec.sort === 'day' ? 1 : 7) * DAY_MS) / 60_000) * 60_000);
      return {
        resource: 'feed',
        params: { kind: eq('post'), created: gt(since.toISOString()), order: ['value.desc', 'post.desc'] },
        next: byPair('value'),
        column: 'value',
      };
    }
    case 'microblog':
      return { resource: 'feed', params: { kind: eq('micro'), order: ['post.desc'] }, next: byPost };
    case 'lurking':
      return { resource: 'lurking', params: { order: ['post.desc'] }, next: byPost };
    case 'favorites':
      return {
        resource: 'favorites',
        params: { order: ['favorited.desc', 'post.desc'] },
        next: byPair('favorited'),
        column: 'favorited',
      };
    case 'tag':
      return { resource: 'feed', params: { tags: contains([spec.tag]), order: ['post.desc'] }, next: byPost };
    case 'user':
      return {
        resource: 'posts',
        params: { user: eq(spec.user), parent: isNull(), mode: eq('public'), order: ['post.desc'] },
        next: byPost,
      };
  }
}

/**
 * The `po` of the page after `last` (AFTER_PARAM): the post's id, after the value of the column
 * the feed is ordered by when it has one (`0.42~1234`).
 */
export function afterOf(spec: FeedSpec, last: Post): string {
  const { column } = feedRequest(spec);
  return column ? `${last[column]}~${last.post}` : String(last.post);
}

/** The keyset condition a `po` stands for; null when it is not one this feed could have made. */
export function cursorOfAfter(spec: FeedSpec, after: string): Cursor | null {
  const request = feedRequest(spec);
  const parts = after.split('~');
  const post = Number(parts.at(-1));
  if (!Number.isSafeInteger(post) || post <= 0 || parts.length !== (request.column ? 2 : 1)) return null;
  if (!request.column) return request.next({ post } as Post);
  const raw = parts[0]!;
  const value = request.column === 'favorited' ? raw : Number(raw);
  if (value === '' || (typeof value === 'number' && !Number.isFinite(value))) return null;
  if (typeof value === 'string' && Number.isNaN(Date.parse(value))) return null;
  return request.next({ post, [request.column]: value } as unknown as Post);
}

/** One page of a feed: its resource and every parameter (`cursor` null for the first page). */
export function feedPage(
  spec: FeedSpec,
  cursor: Cursor | null,
  now?: number,
): { resource: FeedResource; params: ReadParams<FeedResource> } {
  const request = feedRequest(spec, now);
  return { resource: request.resource, params: { ...request.params, ...cursor, limit: FEED_PAGE_SIZE } };
}

/** The whole thread under `uber`, oldest first (the post modal). */
export function threadParams(uber: number): ReadParams<'posts'> {
  return { uber: eq(uber), order: ['created.asc'] };
}
