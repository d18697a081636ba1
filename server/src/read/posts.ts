/**
 * Post reads. One column set (the read contract's `Post`, postColumns.ts) shared by every feed;
 * each feed is its own resource with its own base WHERE, so what a viewer may see is decided here,
 * by the block rules of rules/blocks.ts (the same module the writes check):
 *
 *   posts            everything but drafts; deleted/excluded posts keep their place in threads
 *                    with their content cleared. Threads (`uber=eq.N`), one post, a user's posts,
 *                    a tag, a search (search/).
 *   feed             public top-level posts minus what the viewer blocked (users, tags, domains):
 *                    home (`kind=eq.post`, hot/newest/top), /microblog (`kind=eq.micro`), tag pages.
 *   lurking          public top-level posts of the users, tags and domains the viewer follows.
 *   favorites        the viewer's favourites, newest favourite first.
 *   latest_comments  the 2 newest public comments of each micropost in `uber=in.(...)`, one query
 *                    per page.
 *
 * The viewer's own state comes from one join (viewerColumns.ts); a guest gets constants instead.
 * The tag feed and /lurking start from the side tables of migration 0007 (post_tags,
 * post_domains), so they read by key instead of walking the newest posts. Which cache answers
 * which of these, and when it steps aside: README.md.
 */
import { runRead } from '../postgrest/build.ts';
import type { Condition, ReadQuery } from '../postgrest/parse.ts';
import {
  defineResource,
  type FromFragment,
  type ReadContext,
  type ReadNeed,
  type Resource,
  uncached,
} from '../postgrest/resource.ts';
import { NOT_BLOCKED } from '../rules/blocks.ts';
import { relevanceJoin, SEARCH_COLUMNS, SEARCHABLE, searches } from '../search/columns.ts';
import { searchPlan } from '../search/plan.ts';
import { readWithOverlay } from './feedOverlay.ts';
import { followedPosts, readFollowedPage } from './followedIds.ts';
import { bare, cleared, postColumns, postsFrom } from './postColumns.ts';

const PUBLIC_TOP = "p.parent IS NULL AND p.mode = 'public'";

interface PostsQuery<Needs extends ReadNeed> {
  /**
   * What yields the posts as `p` (a table or a lateral subquery), with its own parameters,
   * numbered from $2 ($1 is the viewer), and the request's filters it applies itself; `posts p`
   * when left out.
   */
  source?(ctx: ReadContext<Needs>): FromFragment | null;
  /** The feed's base WHERE; may use `v` (viewer perks), `pa` and `$1` (viewer). */
  where(ctx: ReadContext<Needs>): string;
  /** A join added after the viewer's (the search rank); may push its parameters onto `params`. */
  rank?(ctx: ReadContext<Needs>, params: unknown[]): string;
}

/** The FROM and base WHERE of a post resource. */
function postsQuery<Needs extends ReadNeed = never>(options: PostsQuery<Needs>) {
  return {
    from: (ctx: ReadContext<Needs>) => {
      const source = options.source?.(ctx) ?? { sql: 'posts p', params: [] };
      const params = [ctx.viewerId, ...source.params];
      return {
        ...postsFrom(source.sql, ctx, params, options.rank?.(ctx, params) ?? ''),
        covers: source.covers,
      };
    },
    visible: (ctx: ReadContext<Needs>) => options.where(ctx),
  };
}

export const postsRead: Resource<'posts', 'threadCache'> = defineResource({
  name: 'posts',
  columns: { ...postColumns(cleared), ...SEARCH_COLUMNS },
  needs: ['threadCache'],
  ...postsQuery({
    where: (ctx) => (searches(ctx) ? `p.mode <> 'draft' AND ${SEARCHABLE}` : "p.mode <> 'draft'"),
    rank: relevanceJoin,
  }),
  defaultOrder: 'post.desc',
  maxLimit: 100,
  // A whole thread in one read (the modal loads it at once, oldest first).
  maxLimitFor: (filtered) => (filtered.has('uber') ? 10_000 : undefined),
  // A long thread from the server's thread cache (threadCache.ts) when it has one; a search by
  // the plan its words call for (search/plan.ts).
  cached: async (ctx, query, countMode) =>
    (await ctx.threadCache?.read(ctx, query, countMode)) ??
    (await searchPlan(uncached(postsRead), ctx, query, countMode)),
  // A user's posts: the counters on users, instead of counting rows.
  async fastCount(ctx, equalities) {
    if (equalities.size !== 1 || !equalities.has('user')) return null;
    const { rows } = await ctx.db.query<{ total: number }>(
      'SELECT posts + comments AS total FROM users WHERE lower(username) = lower($1)',
      [equalities.get('user')],
    );
    return rows[0]?.total ?? 0;
  },
});

/** The top-level `tags=cs.{...}` filter of a tag page, if any, and its first tag. */
function tagFilter(ctx: ReadContext): { filter: Condition; tag: string } | null {
  for (const filter of ctx.filters ?? []) {
    if (filter.type !== 'condition' || filter.column !== 'tags' || filter.operator !== 'cs') continue;
    if (filter.negated || !Array.isArray(filter.value) || typeof filter.value[0] !== 'string') continue;
    return { filter, tag: filter.value[0] };
  }
  return null;
}

/** The columns a feed page can select (the overlay serves only plain column lists). */
const FEED_COLUMNS: ReadonlySet<string> = new Set(Object.keys(postColumns(bare)));

export const feedRead: Resource<'feed', 'guestCache' | 'wroteRecently'> = defineResource({
  name: 'feed',
  columns: postColumns(bare),
  needs: ['guestCache', 'wroteRecently'],
  ...postsQuery({
    // A tag page reads the tag's posts from post_tags (newest first by its key) instead of
    // walking all public posts by id and testing each one's tags. A filter on that one tag is
    // what the join already says, so it is not said twice: the planner, which takes the two as
    // independent, expected four posts of a tag of 900 and sorted all 900 with their authors to
    // keep 30, 16 ms a page where walking the key back takes 2.5 (bench/README.md, "Where the
    // time goes"). A filter on more tags still applies in full.
    source: (ctx) => {
      const found = tagFilter(ctx);
      if (found === null) return null;
      return {
        sql: 'post_tags pt JOIN posts p ON p.id = pt.post_id AND pt.tag = $2::text',
        params: [found.tag],
        covers: found.filter.value.length === 1 ? [found.filter] : [],
      };
    },
    where: () => `${PUBLIC_TOP} AND ${NOT_BLOCKED}`,
  }),
  defaultOrder: 'hot.desc,post.desc',
  maxLimit: 100,
  // Guests' pages (all alike) from the server's guest cache, at most a second old; signed-in
  // pages from the same shared rows with the reader's own columns and blocks laid over them
  // (feedOverlay.ts).
  cached: async (ctx, query, countMode) => {
    const cache = ctx.guestCache;
    if (!cache) return null;
    const shared = (sharedQuery: ReadQuery) =>
      cache.read(`feed ${countMode} ${JSON.stringify(sharedQuery)}`, () =>
        runRead(uncached(feedRead), { ...ctx, viewerId: null }, sharedQuery, countMode),
      );
    if (ctx.viewerId === null) return shared(query);
    return readWithOverlay(ctx, query, countMode, FEED_COLUMNS, shared);
  },
});

/** /lurking's FROM and WHERE: the followed posts, from the ids given or gathered (followedIds.ts). */
const lurkingQuery = (ids: number[] | null) =>
  postsQuery({
    source: () => followedPosts(ids),
    where: (ctx) =>
      ctx.viewerId === null
        ? 'false'
        : `${PUBLIC_TOP} AND ${NOT_BLOCKED} AND (p.user_id = ANY(v.followed_users)
          OR p.tags && v.followed_tags OR p.domains && v.followed_domains)`,
  });

export const lurkingRead: Resource<'lurking', 'followedIdsCache' | 'wroteRecently'> = defineResource({
  name: 'lurking',
  columns: postColumns(bare),
  needs: ['followedIdsCache', 'wroteRecently'],
  ...lurkingQuery(null),
  defaultOrder: 'post.desc',
  maxLimit: 100,
  // From the reader's cached ids (followedIds.ts) when they cover the page.
  cached: (ctx, query, countMode) =>
    readFollowedPage(ctx, query, countMode, (ids) => ({ ...uncached(lurkingRead), ...lurkingQuery(ids) })),
});

export const favoritesRead = defineResource({
  name: 'favorites',
  columns: postColumns(cleared),
  ...postsQuery({
    where: (ctx) => (ctx.viewerId === null ? 'false' : "pa.favorite IS NOT NULL AND p.mode <> 'draft'"),
  }),
  defaultOrder: 'favorited.desc,post.desc',
  maxLimit: 100,
});

export const latestCommentsRead = defineResource({
  name: 'latest_comments',
  // The thread is the micropost's.
  columns: { ...postColumns(bare), uber: { sql: 'm.id', type: 'int' } },
  ...postsQuery({
    // `m` is the micropost; the lateral keeps its 2 newest public comments.
    source: () => ({
      sql: `posts m CROSS JOIN LATERAL (
    SELECT c.* FROM posts c
     WHERE c.uber = m.id AND c.parent IS NOT NULL AND c.mode = 'public'
     ORDER BY c.created DESC, c.id DESC LIMIT 2) p`,
      params: [],
    }),
    where: () => "m.kind = 'micro' AND m.mode = 'public'",
  }),
  defaultOrder: 'uber.desc,created.asc,post.asc',
  requiredFilters: ['uber'],
  maxLimit: 200,
});
