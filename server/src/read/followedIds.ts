/**
 * /lurking (`GET /api/lurking`): the posts of what the reader follows, by the ids of the newest
 * followed posts, kept per reader for a few seconds (the server's followedIdsCache).
 */
import { runRead } from '../postgrest/build.ts';
import type { ReadQuery } from '../postgrest/parse.ts';
import type { CountMode, ReadContext, ReadResult, Resource, SqlFragment } from '../postgrest/resource.ts';

/**
 * The ids of the posts of what the viewer follows, gathered by key (posts by author, post_tags,
 * post_domains), deduplicated and sorted newest first: a few thousand ids sort in a millisecond,
 * and the page then joins only the posts it returns (the sorted subquery is kept as is, so the
 * outer `ORDER BY p.id DESC` reads it in order). Walking the newest posts and testing each one
 * against 200 follows took tens of milliseconds.
 */
const FOLLOWED_IDS = `SELECT q.id FROM posts q
     WHERE q.parent IS NULL AND q.mode = 'public'
       AND q.user_id IN (SELECT target_user FROM perks WHERE user_id = $1::integer AND action = 'follow')
   UNION SELECT t.post_id FROM post_tags t
     WHERE t.tag IN (SELECT target_tag FROM perks WHERE user_id = $1::integer AND action = 'follow')
   UNION SELECT d.post_id FROM post_domains d
     WHERE d.domain IN (SELECT target_domain FROM perks WHERE user_id = $1::integer AND action = 'follow')`;

/** The followed posts as `p`: from the ids given (the cached ones), or gathered here. */
export function followedPosts(ids: number[] | null): SqlFragment {
  return ids
    ? { sql: '(SELECT unnest($2::integer[]) AS id) lk JOIN posts p ON p.id = lk.id', params: [ids] }
    : {
        sql: `(SELECT id FROM (${FOLLOWED_IDS}\n  ) f ORDER BY id DESC) lk JOIN posts p ON p.id = lk.id`,
        params: [],
      };
}

/**
 * The newest followed posts' ids of a reader, kept per node for a few seconds: /lurking's pages
 * then join only their 20 posts by key instead of gathering and sorting every followed post's
 * id on each request (about 9,000 for a reader following 200 things: ~30 ms of SQL). Up to
 * FOLLOWED_IDS_CAP ids; a page past them, and a reader who just wrote (or followed), reads fresh.
 */
export const FOLLOWED_IDS_CAP = 5000;
export const FOLLOWED_IDS_TTL_MS = 5000;

/** A keyset page's cursor (`post=lt.N`), if the request has one at its top level. */
function postCursor(query: ReadQuery): number | null {
  for (const filter of query.filters) {
    if (
      filter.type === 'condition' &&
      filter.column === 'post' &&
      filter.operator === 'lt' &&
      !filter.negated
    ) {
      const value = Number(filter.value);
      return Number.isFinite(value) ? value : null;
    }
  }
  return null;
}

/**
 * A /lurking page from the reader's cached ids, or null to read it the long way. `fromIds` is
 * the lurking resource reading only the given ids, without this cache.
 */
export async function readFollowedPage(
  ctx: ReadContext<'followedIdsCache' | 'wroteRecently'>,
  query: ReadQuery,
  countMode: CountMode,
  fromIds: (ids: number[]) => Resource,
): Promise<ReadResult | null> {
  const cache = ctx.followedIdsCache;
  const viewerId = ctx.viewerId;
  if (!cache || viewerId === null || ctx.wroteRecently) return null;
  const ids = await cache.read(String(viewerId), async () => {
    const { rows } = await ctx.db.query<{ ids: number[] }>(
      `SELECT coalesce(array_agg(id ORDER BY id DESC), '{}') AS ids
         FROM (SELECT id FROM (${FOLLOWED_IDS}) f ORDER BY id DESC LIMIT ${FOLLOWED_IDS_CAP}) newest`,
      [viewerId],
    );
    return rows[0]?.ids ?? [];
  });
  // The page's ids: those after the keyset cursor, with room for posts the reader's blocks
  // leave out. Joining all of them and sorting would cost more than gathering them afresh.
  const cursor = postCursor(query);
  const after = cursor === null ? ids : ids.filter((id) => id < cursor);
  const want = (query.limit ?? 20) + query.offset;
  const slice = after.slice(0, want * 2 + 20);
  const result = await runRead(fromIds(slice), ctx, query, countMode);
  // Short, though more ids were kept or more may exist past the kept ones: the long way.
  const more = slice.length < after.length || ids.length >= FOLLOWED_IDS_CAP;
  if (result.count < (query.limit ?? 20) && more) return null;
  return result;
}
