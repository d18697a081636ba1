/**
 * Post reads. One column set (spec §3 Post) shared by every feed; each feed is its own resource
 * with its own base WHERE, so what a viewer may see is decided here, by the block rules of
 * rules/blocks.ts (the same module the writes check):
 *
 *   posts     everything but drafts; deleted/excluded posts keep their place in threads with
 *             their content cleared. Threads (`uber=eq.N`), one post, a user's posts, a tag.
 *   feed      public top-level posts minus what the viewer blocked (users, tags, domains):
 *             home (`kind=eq.post`, hot/newest/top), /microblog (`kind=eq.micro`), tag pages.
 *   lurking   public top-level posts of the users, tags and domains the viewer follows.
 *   favorites the viewer's favourites, newest favourite first.
 *   previews  the 2 newest public comments of each micropost in `uber=in.(...)`, one query per page.
 *
 * The viewer's own state comes from ONE left join of post_actions and one aggregate row of the
 * viewer's perks (blocked/followed arrays), never from a query per post; a guest gets constants
 * instead. The tag feed and /lurking start from the side tables of migration 0007 (post_tags,
 * post_domains), so they read by key instead of walking the newest posts.
 */
import { runRead, tsquerySql } from '../postgrest/build.ts';
import type { Condition, Filter, ReadQuery } from '../postgrest/parse.ts';
import {
  type ColumnDef,
  type CountMode,
  defineResource,
  type ReadContext,
  type ReadResult,
  type Resource,
} from '../postgrest/resource.ts';
import { NOT_BLOCKED, VIEWER_BLACKLISTED, VIEWER_BLOCKED, VIEWER_PERKS } from '../rules/blocks.ts';
import { readWithOverlay } from './feedOverlay.ts';
import { avatarColumn, fileListSql, fileRef, withCdn } from './fileRefs.ts';
import { ThreadCache, type ThreadCacheOptions } from './threadCache.ts';

/**
 * Content is shown only for public posts; deleted and excluded ones keep only their frame. Feeds
 * that hold public posts only use the bare columns, so filters on them (tags, domains) can use
 * the indexes instead of a CASE expression.
 */
type Shown = (expr: string, empty: string) => string;
const cleared: Shown = (expr, empty) => `CASE WHEN p.mode = 'public' THEN ${expr} ELSE ${empty} END`;
const bare: Shown = (expr) => expr;

/**
 * A guest's viewer state as constants (no votes, favourites, reports, perks), so the planner
 * folds the viewer columns away instead of joining post_actions and aggregating perks for
 * nobody. `$1` (null) stays referenced so its type is known.
 */
const GUEST_VIEWER = `(SELECT NULL::smallint AS vote, NULL::timestamptz AS favorite, NULL::text AS report,
    $1::integer AS viewer) pa
  CROSS JOIN (SELECT '{}'::integer[] AS blocked_users, '{}'::text[] AS blocked_tags,
    '{}'::text[] AS blocked_domains, '{}'::integer[] AS followed_users, '{}'::text[] AS followed_tags,
    '{}'::text[] AS followed_domains) v`;

/** Columns that come from the author (`u`). */
const AUTHOR_COLUMNS = ['user', 'avatar', 'presence'];

/**
 * The author, looked up by primary key post by post (in the order the posts come), unless the
 * request filters or orders on the author (a profile: `user=eq.name`), where a plain join lets
 * the planner start from that user. As a plain join, a 5,000-comment thread hashed all users
 * (a parallel scan of the whole table) and sorted afterwards.
 */
function authorJoin(ctx: ReadContext): string {
  if (AUTHOR_COLUMNS.some((name) => ctx.named?.has(name))) return 'JOIN users u ON u.id = p.user_id';
  return 'CROSS JOIN LATERAL (SELECT username, avatar, seen FROM users WHERE id = p.user_id LIMIT 1) u';
}

/** Posts are aliased `p`; joins give the author `u`, the viewer's actions `pa`, perks `v`. */
const joins = (source: string, ctx: ReadContext) =>
  ctx.viewerId === null
    ? `${source}
  ${authorJoin(ctx)}
  CROSS JOIN ${GUEST_VIEWER}`
    : `${source}
  ${authorJoin(ctx)}
  LEFT JOIN post_actions pa ON pa.post_id = p.id AND pa.user_id = $1::integer
  CROSS JOIN ${VIEWER_PERKS}`;

export function postColumns(shown: Shown): Record<string, ColumnDef> {
  return {
    post: { sql: 'p.id', type: 'int' },
    title: { sql: shown('p.title', 'NULL'), type: 'text' },
    body: { sql: shown('p.body', "''"), type: 'text', filter: false, order: false },
    words: { sql: shown('p.words', '0'), type: 'int' },
    files: {
      sql: shown(fileListSql('p.files'), "'[]'::json"),
      type: 'json',
      filter: false,
    },
    tags: { sql: shown('p.tags', "'{}'::text[]"), type: 'text[]' },
    domains: { sql: shown('p.domains', "'{}'::text[]"), type: 'text[]' },
    url: { sql: shown('p.url', 'NULL'), type: 'text' },
    /** The linked page's card (previews/worker.ts): title, description, site and picture. */
    preview: {
      sql: shown(
        `CASE WHEN p.preview IS NULL THEN NULL ELSE json_build_object(
           'title', p.preview ->> 'title', 'description', p.preview ->> 'description',
           'site', p.preview ->> 'site',
           'image', CASE WHEN p.preview ->> 'image' IS NULL THEN NULL ELSE ${fileRef("p.preview ->> 'image'")} END) END`,
        'NULL',
      ),
      type: 'json',
      filter: false,
      order: false,
    },
    user: { sql: 'u.username', type: 'text' },
    avatar: {
      sql: avatarColumn('u').sql,
      type: 'json',
      filter: false,
    },
    presence: { sql: 'u.seen', type: 'timestamptz', filter: false },
    created: { sql: 'p.created', type: 'timestamptz' },
    mode: { sql: 'p.mode', type: 'text' },
    kind: { sql: 'p.kind', type: 'text' },
    parent: { sql: 'p.parent', type: 'int' },
    root: { sql: 'p.root', type: 'int' },
    uber: { sql: 'p.uber', type: 'int' },
    replies: { sql: 'p.replies', type: 'int' },
    opens: { sql: 'p.opens', type: 'int' },
    upvotes: { sql: 'p.upvotes', type: 'int' },
    downvotes: { sql: 'p.downvotes', type: 'int' },
    value: { sql: '(p.upvotes - p.downvotes)', type: 'int' },
    hot: { sql: 'p.hot', type: 'float' },
    active: { sql: 'p.active', type: 'timestamptz' },
    voted: { sql: 'coalesce(pa.vote, 0)::integer', type: 'int' },
    favorite: { sql: '(pa.favorite IS NOT NULL)', type: 'bool' },
    /** When the viewer favourited the post (keyset of /favorites); millisecond precision. */
    favorited: { sql: 'pa.favorite', type: 'timestamptz' },
    report: { sql: 'pa.report', type: 'text' },
    blocked: { sql: `(${VIEWER_BLOCKED})`, type: 'bool' },
    blacklisted: { sql: VIEWER_BLACKLISTED, type: 'bool' },
  };
}

const PUBLIC_TOP = "p.parent IS NULL AND p.mode = 'public'";

interface PostsOptions {
  name: string;
  /** Whether the feed can hold non-public posts (their content is then cleared). */
  mixed: boolean;
  /**
   * FROM source that yields the posts as `p` (a table or a lateral subquery), with its own
   * parameters, numbered from $2 ($1 is the viewer).
   */
  source?: string | ((ctx: ReadContext) => { sql: string; params: unknown[] } | null);
  /** The feed's base WHERE; may use `v` (viewer perks), `pa` and `$1` (viewer). */
  where(ctx: ReadContext): string;
  columns?: Record<string, ColumnDef>;
  defaultOrder: string;
  maxLimit?: number;
  requiredFilters?: string[];
  /** A join added after the viewer's (the search rank); may push its parameters onto `params`. */
  rank?(ctx: ReadContext, params: unknown[]): string;
  extra?: Partial<Resource>;
}

function postsResource(options: PostsOptions): Resource {
  return defineResource({
    name: options.name,
    columns: { ...postColumns(options.mixed ? cleared : bare), ...options.columns },
    from: (ctx) => {
      const source = typeof options.source === 'function' ? options.source(ctx) : null;
      const sql = typeof options.source === 'string' ? options.source : (source?.sql ?? 'posts p');
      const params = [ctx.viewerId, ...(source?.params ?? [])];
      const rank = options.rank?.(ctx, params) ?? '';
      return withCdn(joins(sql, ctx) + rank, ctx, params);
    },
    visible: (ctx) => options.where(ctx),
    defaultOrder: options.defaultOrder,
    maxLimit: options.maxLimit ?? 100,
    ...(options.requiredFilters ? { requiredFilters: options.requiredFilters } : {}),
    ...options.extra,
  });
}

/** The first top-level, non-negated full-text condition on `search`, if any. */
function searchCondition(ctx: ReadContext): Condition | null {
  for (const filter of ctx.filters ?? []) {
    if (filter.type === 'condition' && filter.column === 'search' && !filter.negated) return filter;
    if (filter.type === 'condition' && filter.column === 'search_walk' && !filter.negated) return filter;
  }
  return null;
}

/**
 * What a search may find: only public posts, in threads whose top post is public, and nothing
 * the viewer blocked or whose author blocked the viewer (drafts, deleted, removed and blocked
 * content never appear; a hit in a deleted post would otherwise show as an empty frame).
 */
const SEARCHABLE = `p.mode = 'public' AND NOT (${VIEWER_BLOCKED}) AND NOT ${VIEWER_BLACKLISTED}
  AND (p.parent IS NULL OR EXISTS (SELECT 1 FROM posts t WHERE t.id = p.uber AND t.mode = 'public'))`;

export const postsRead = postsResource({
  name: 'posts',
  mixed: true,
  where: (ctx) =>
    ctx.named?.has('search') || ctx.named?.has('search_walk')
      ? `p.mode <> 'draft' AND ${SEARCHABLE}`
      : "p.mode <> 'draft'",
  defaultOrder: 'post.desc',
  columns: {
    // The search document (migration 0013): `search=fts.zolw:*`, `search=wfts.żółw`. Never
    // selected: it would hold the words of deleted posts.
    search: {
      sql: 'post_search(p.title, p.source)',
      type: 'tsvector',
      inStar: false,
      select: false,
      order: false,
    },
    // How well a post matches the request's search (`order=relevance.desc`); 0 without one.
    relevance: { sql: 'rk.relevance', type: 'float', inStar: false },
    // The same document written so that the search index cannot serve it, for a search for
    // common words: the planner then walks the newest posts by id (see searchPlan).
    search_walk: {
      sql: "post_search(p.title, p.source || '')",
      type: 'tsvector',
      inStar: false,
      select: false,
      order: false,
    },
    // The id without its index, for ordering: a search for a rare word orders by this so the
    // planner reads the search index instead of walking every post by id (see searchPlan).
    post_scan: { sql: '(p.id + 0)', type: 'int', inStar: false, select: false, filter: false },
  },
  rank: (ctx, params) => {
    // Selected without being filtered or ordered on, too (it was once a missing `rk`, a 500).
    if (!ctx.named?.has('relevance') && !ctx.selected?.has('relevance')) return '';
    const condition = searchCondition(ctx);
    if (!condition) return '\n  CROSS JOIN (SELECT 0::double precision AS relevance) rk';
    const query = tsquerySql(condition, {
      param: (value) => {
        params.push(value);
        return `$${params.length}`;
      },
    });
    return `\n  CROSS JOIN LATERAL (SELECT ts_rank(post_search(p.title, p.source), ${query})::double precision AS relevance) rk`;
  },
  extra: {
    // A whole thread in one read (the modal loads it at once, oldest first).
    maxLimitFor: (filtered) => (filtered.has('uber') ? 10_000 : undefined),
    // A long thread from the server's thread cache (read/threadCache.ts) when it has one; a
    // search for a rare word read through the search index.
    cached: async (ctx, query, countMode) =>
      (await ctx.threadCache?.read(ctx, query, countMode)) ?? (await searchPlan(ctx, query, countMode)),
    // A user's posts: the counters on users, instead of counting rows.
    async fastCount(ctx, equalities) {
      if (equalities.size !== 1 || !equalities.has('user')) return null;
      const { rows } = await ctx.db.query<{ total: number }>(
        'SELECT posts + comments AS total FROM users WHERE lower(username) = lower($1)',
        [equalities.get('user')],
      );
      return rows[0]?.total ?? 0;
    },
  },
});

/**
 * How often the words of a search occur, from the statistics PostgreSQL keeps on the search
 * index (pg_stats.most_common_elems: the share of posts holding each frequent word), read at
 * most once a minute per database.
 */
const STATS_TTL_MS = 60_000;
const searchStats = new WeakMap<object, { at: number; freqs: Map<string, number> }>();

async function wordFrequencies(ctx: ReadContext): Promise<Map<string, number>> {
  const cached = searchStats.get(ctx.db);
  if (cached && Date.now() - cached.at < STATS_TTL_MS) return cached.freqs;
  const { rows } = await ctx.db.query<{ elems: string[] | null; freqs: number[] | null }>(
    `SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs::float8[] AS freqs
       FROM pg_stats WHERE schemaname = 'public' AND tablename = 'posts_search_idx' LIMIT 1`,
  );
  const freqs = new Map<string, number>();
  const { elems, freqs: values } = rows[0] ?? { elems: null, freqs: null };
  for (const [i, elem] of (elems ?? []).entries()) freqs.set(elem, Number(values?.[i] ?? 0));
  searchStats.set(ctx.db, { at: Date.now(), freqs });
  return freqs;
}

/** gwar_fold of migration 0013, for the words of a query: lower case without diacritics. */
const fold = (text: string) =>
  text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replaceAll('ł', 'l');

/**
 * Share of posts a search is expected to match: the rarest of its words (all must match),
 * a prefix counting every frequent word it starts. Words missing from the statistics are rarer
 * than every word in them: 0.
 */
export function searchShare(condition: Condition, freqs: ReadonlyMap<string, number>): number {
  const text = fold(condition.value as string);
  const words = [...text.matchAll(/([\p{L}\p{N}_]+)(:\*)?/gu)];
  if (!words.length) return 0;
  const shares = words.map(([, word, prefix]) => {
    if (!prefix) return freqs.get(word!) ?? 0;
    let sum = 0;
    for (const [elem, freq] of freqs) if (elem.startsWith(word!)) sum += freq;
    return Math.min(sum, 1);
  });
  // Either word of `a | b` may match: the more common one counts.
  return condition.operator === 'fts' && text.includes('|') ? Math.max(...shares) : Math.min(...shares);
}

/**
 * Above this share the newest posts are walked by id (a page of 20 is found within 20/share
 * posts, each one's document computed: about 60 µs a post); below it the search index is read
 * and its matches sorted (its cost grows with the matches). The two meet near 2% at a million
 * posts (bench/search.mjs). PostgreSQL estimates every prefix query (`zolw:*`) alike, so left to
 * itself it walked a million posts for a word nobody wrote (54 s).
 */
export const SEARCH_WALK_SHARE = 0.02;

/**
 * Relevance for common words: ranking every match (a quarter of a million posts for a word in
 * a quarter of them) took 10 s. Such a search ranks the matches among the newest posts, in a
 * window of ids that holds about this many of them.
 */
export const RELEVANCE_WINDOW_MATCHES = 100;

/**
 * Picks the plan of a search by how common its words are (the planner cannot tell: it
 * estimates every prefix alike, and several common words as rare). Rare: read the search
 * index and sort its matches (`post_scan`). Common: walk the newest posts by id
 * (`search_walk`, which the index cannot serve), and rank only a window of the newest posts.
 */
async function searchPlan(
  ctx: ReadContext,
  query: ReadQuery,
  countMode: CountMode,
): Promise<ReadResult | null> {
  const condition = searchCondition({ ...ctx, filters: query.filters });
  // A plan already chosen (the rewritten request comes back through here) is kept.
  if (condition?.column !== 'search') return null;
  const [first] = query.order;
  const byNewest = query.order.length === 0 || (first?.column === 'post' && first.direction === 'desc');
  const byRelevance = first?.column === 'relevance';
  if (!byNewest && !byRelevance) return null;
  const share = searchShare(condition, await wordFrequencies(ctx));
  const plain = { ...ctx, threadCache: undefined };
  if (share < SEARCH_WALK_SHARE) {
    if (!byNewest) return null;
    const order = [{ column: 'post_scan', direction: 'desc' as const, nulls: null }, ...query.order.slice(1)];
    return runRead(postsRead, plain, { ...query, order }, countMode);
  }
  const filters: Filter[] = query.filters.map((filter) =>
    filter === condition ? { ...condition, column: 'search_walk' } : filter,
  );
  if (byRelevance) {
    const { rows } = await ctx.db.query<{ last: number | null }>('SELECT max(id) AS last FROM posts');
    const window = Math.ceil(RELEVANCE_WINDOW_MATCHES / share);
    filters.push({
      type: 'condition',
      column: 'post',
      operator: 'gt',
      negated: false,
      value: String((rows[0]?.last ?? 0) - window),
    });
  }
  return runRead(postsRead, plain, { ...query, filters }, countMode);
}

/** The first tag of a top-level `tags=cs.{...}` filter (a tag page), if any. */
function tagFilter(ctx: ReadContext): string | null {
  for (const filter of ctx.filters ?? []) {
    if (filter.type !== 'condition' || filter.column !== 'tags' || filter.operator !== 'cs') continue;
    if (filter.negated || !Array.isArray(filter.value) || typeof filter.value[0] !== 'string') continue;
    return filter.value[0];
  }
  return null;
}

/** The columns a feed page can select (the overlay serves only plain column lists). */
const FEED_COLUMNS: ReadonlySet<string> = new Set(Object.keys(postColumns(bare)));

export const feedRead = postsResource({
  name: 'feed',
  mixed: false,
  // A tag page reads the tag's posts from post_tags (newest first by its key) instead of walking
  // all public posts by id and testing each one's tags; the `tags @>` filter still applies.
  source: (ctx) => {
    const tag = tagFilter(ctx);
    return tag === null
      ? null
      : { sql: 'post_tags pt JOIN posts p ON p.id = pt.post_id AND pt.tag = $2::text', params: [tag] };
  },
  where: () => `${PUBLIC_TOP} AND ${NOT_BLOCKED}`,
  defaultOrder: 'hot.desc,post.desc',
  extra: {
    // Guests' pages (all alike) from the server's guest cache, at most a second old; signed-in
    // pages from the same shared rows with the reader's own columns and blocks laid over them
    // (read/feedOverlay.ts).
    cached: async (ctx, query, countMode) => {
      const cache = ctx.guestCache;
      if (!cache) return null;
      const shared = (sharedQuery: ReadQuery) =>
        cache.read(`feed ${countMode} ${JSON.stringify(sharedQuery)}`, () =>
          runRead(feedRead, { ...ctx, viewerId: null, guestCache: undefined }, sharedQuery, countMode),
        );
      if (ctx.viewerId === null) return shared(query);
      return readWithOverlay(ctx, query, countMode, FEED_COLUMNS, shared);
    },
  },
});

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
const FOLLOWED_POSTS = `(SELECT id FROM (${FOLLOWED_IDS}
  ) f ORDER BY id DESC) lk JOIN posts p ON p.id = lk.id`;

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

export const lurkingRead = postsResource({
  name: 'lurking',
  mixed: false,
  // The cached ids (FOLLOWED_IDS_TTL_MS) when the request comes with them, else gathered here.
  source: (ctx) =>
    ctx.followedIds
      ? {
          sql: '(SELECT unnest($2::integer[]) AS id) lk JOIN posts p ON p.id = lk.id',
          params: [ctx.followedIds],
        }
      : { sql: FOLLOWED_POSTS, params: [] },
  where: (ctx) =>
    ctx.viewerId === null
      ? 'false'
      : `${PUBLIC_TOP} AND ${NOT_BLOCKED} AND (p.user_id = ANY(v.followed_users)
          OR p.tags && v.followed_tags OR p.domains && v.followed_domains)`,
  defaultOrder: 'post.desc',
  extra: {
    cached: async (ctx, query, countMode) => {
      const cache = ctx.followedIdsCache;
      const viewerId = ctx.viewerId;
      if (!cache || viewerId === null || ctx.wroteRecently || ctx.followedIds) return null;
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
      const result = await runRead(lurkingRead, { ...ctx, followedIds: slice }, query, countMode);
      // Short, though more ids were kept or more may exist past the kept ones: the long way.
      const more = slice.length < after.length || ids.length >= FOLLOWED_IDS_CAP;
      if (result.count < (query.limit ?? 20) && more) return null;
      return result;
    },
  },
});

export const favoritesRead = postsResource({
  name: 'favorites',
  mixed: true,
  where: (ctx) => (ctx.viewerId === null ? 'false' : "pa.favorite IS NOT NULL AND p.mode <> 'draft'"),
  defaultOrder: 'favorited.desc,post.desc',
});

export const previewsRead = postsResource({
  name: 'previews',
  mixed: false,
  // `m` is the micropost; the lateral keeps its 2 newest public comments.
  source: `posts m CROSS JOIN LATERAL (
    SELECT c.* FROM posts c
     WHERE c.uber = m.id AND c.parent IS NOT NULL AND c.mode = 'public'
     ORDER BY c.created DESC, c.id DESC LIMIT 2) p`,
  columns: { uber: { sql: 'm.id', type: 'int' } },
  where: () => "m.kind = 'micro' AND m.mode = 'public'",
  defaultOrder: 'uber.desc,created.asc,post.asc',
  requiredFilters: ['uber'],
  maxLimit: 200,
});

export const postReads: Resource[] = [postsRead, feedRead, lurkingRead, favoritesRead, previewsRead];

/** The server's thread cache over `posts`, with the viewer columns' own SQL. */
export function createThreadCache(
  options: Pick<ThreadCacheOptions, 'minRows' | 'ttlMs' | 'maxBytes' | 'now'>,
): ThreadCache {
  return new ThreadCache({
    ...options,
    resource: postsRead,
    sql: { viewerPerks: VIEWER_PERKS, blocked: `(${VIEWER_BLOCKED})`, blacklisted: VIEWER_BLACKLISTED },
  });
}
