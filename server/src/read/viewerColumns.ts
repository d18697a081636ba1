/**
 * The columns of a post that are not the same for every reader, or not for long, declared once:
 * the read engine's SQL for them (postColumns.ts) and every cache of post reads (threadCache.ts,
 * threadLive.ts, feedOverlay.ts) take them from here. A viewer column one cache missed would
 * serve a guest's value to a reader; a counter one cache missed would go backwards on screen.
 *
 *   viewer columns   voted, favorite, favorited, report, blocked, blacklisted: the reader's own.
 *                    A cache keeps the guest's values (GUEST_VIEWER_STATE) and sets each
 *                    reader's own from the reader's own query.
 *   counters         upvotes, downvotes, value: read fresh on every request by every cache.
 *
 * The read contract declares the same two sets as types (PostViewerState and PostCounters in
 * shared-api/src/validation/rows.ts); the records below must hold exactly their columns.
 */
import type { PostCounters, PostViewerState } from 'shared-api/reads';
import type { ColumnDef } from '../postgrest/columns.ts';
import { VIEWER_BLACKLISTED, VIEWER_BLOCKED, VIEWER_PERKS } from '../rules/blocks.ts';

/** The viewer's own columns, over posts `p`, the viewer's actions `pa` and perks `v` (VIEWER_JOIN). */
export const VIEWER_COLUMN_DEFS = {
  voted: { sql: 'coalesce(pa.vote, 0)::integer', type: 'int' },
  favorite: { sql: '(pa.favorite IS NOT NULL)', type: 'bool' },
  /** When the viewer favourited the post (keyset of /favorites); millisecond precision. */
  favorited: { sql: 'pa.favorite', type: 'timestamptz' },
  report: { sql: 'pa.report', type: 'text' },
  blocked: { sql: `(${VIEWER_BLOCKED})`, type: 'bool' },
  blacklisted: { sql: VIEWER_BLACKLISTED, type: 'bool' },
} satisfies { [Column in keyof PostViewerState]: ColumnDef };

export const VIEWER_COLUMNS: ReadonlySet<string> = new Set(Object.keys(VIEWER_COLUMN_DEFS));

/** A guest's viewer columns, and a signed-in reader's on a post they never touched. */
export const GUEST_VIEWER_STATE: Readonly<PostViewerState> = {
  voted: 0,
  favorite: false,
  favorited: null,
  report: null,
  blocked: false,
  blacklisted: false,
};

/**
 * The viewer's `pa` and `v` for posts `p`, with the viewer as `$1`: ONE left join of
 * post_actions and one aggregate row of the viewer's perks (blocked/followed arrays), never a
 * query per post.
 */
export const VIEWER_JOIN = `LEFT JOIN post_actions pa ON pa.post_id = p.id AND pa.user_id = $1::integer
  CROSS JOIN ${VIEWER_PERKS}`;

/**
 * A guest's `pa` and `v` as constants (no votes, favourites, reports, perks), so the planner
 * folds the viewer columns away (to GUEST_VIEWER_STATE) instead of joining post_actions and
 * aggregating perks for nobody. `$1` (null) stays referenced so its type is known.
 */
export const GUEST_VIEWER_JOIN = `CROSS JOIN (SELECT NULL::smallint AS vote, NULL::timestamptz AS favorite, NULL::text AS report,
    $1::integer AS viewer) pa
  CROSS JOIN (SELECT '{}'::integer[] AS blocked_users, '{}'::text[] AS blocked_tags,
    '{}'::text[] AS blocked_domains, '{}'::integer[] AS followed_users, '{}'::text[] AS followed_tags,
    '{}'::text[] AS followed_domains) v`;

/** The vote counters of posts `p`. */
export const COUNTER_COLUMN_DEFS = {
  upvotes: { sql: 'p.upvotes', type: 'int' },
  downvotes: { sql: 'p.downvotes', type: 'int' },
  value: { sql: '(p.upvotes - p.downvotes)', type: 'int' },
} satisfies { [Column in keyof PostCounters]: ColumnDef };

export const COUNTER_COLUMNS: ReadonlySet<string> = new Set(Object.keys(COUNTER_COLUMN_DEFS));
