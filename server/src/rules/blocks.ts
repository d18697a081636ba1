/**
 * The block rules (docs/product.md R-6.8, R-6.9), in one place: who may see, vote on, message or
 * mention whom when blocks are involved. Reads use the fragments over the viewer's aggregated perks
 * (`v`, one row per request, see VIEWER_PERKS); writes use the EXISTS fragments, each inside the
 * transaction that writes, after `lockUserPair` (below) so a block that lands at the same moment
 * cannot slip between the check and the write.
 *
 * - A user who blocked an author does not see the author's posts in feeds (`blocked` on a post).
 * - A post is `blacklisted` for a viewer who blocked one of its tags or domains, or whose author
 *   blocked the viewer: such a viewer cannot vote on it (USER BLACKLISTED).
 * - Two users of whom either blocked the other cannot message each other.
 * - Nobody is notified by someone they blocked (replies, mentions).
 * - Blocking a user withdraws that user's votes on the blocker's posts (rpc/perk/toggle.ts).
 */
import type { Queryable } from '../db/index.ts';

// ---- reads: posts aliased `p`, the viewer's perks `v`, the viewer's id `$1` ----------------------

/** The viewer's perks as arrays, one row (`v`); the viewer's id is `$1`. */
export const VIEWER_PERKS = `(SELECT
    coalesce(array_agg(target_user) FILTER (WHERE action = 'block' AND target_user IS NOT NULL), '{}') AS blocked_users,
    coalesce(array_agg(target_tag) FILTER (WHERE action = 'block' AND target_tag IS NOT NULL), '{}') AS blocked_tags,
    coalesce(array_agg(target_domain) FILTER (WHERE action = 'block' AND target_domain IS NOT NULL), '{}') AS blocked_domains,
    coalesce(array_agg(target_user) FILTER (WHERE action = 'follow' AND target_user IS NOT NULL), '{}') AS followed_users,
    coalesce(array_agg(target_tag) FILTER (WHERE action = 'follow' AND target_tag IS NOT NULL), '{}') AS followed_tags,
    coalesce(array_agg(target_domain) FILTER (WHERE action = 'follow' AND target_domain IS NOT NULL), '{}') AS followed_domains
  FROM perks WHERE user_id = $1::integer) v`;

/** The viewer blocked the post's author. */
export const VIEWER_BLOCKED = 'p.user_id = ANY(v.blocked_users)';

/**
 * The viewer blocked one of the post's tags or domains, or the author blocked the viewer.
 * The authors who block the viewer are one hashed subquery (perks_blocked_by_idx), not a probe
 * per post.
 */
export const VIEWER_BLACKLISTED = `(p.tags && v.blocked_tags OR p.domains && v.blocked_domains
  OR p.user_id IN (SELECT b.user_id FROM perks b WHERE b.target_user = $1::integer AND b.action = 'block'))`;

/** What feeds leave out for the viewer: posts of blocked authors, tags and domains. */
export const NOT_BLOCKED = `NOT ${VIEWER_BLOCKED} AND NOT p.tags && v.blocked_tags AND NOT p.domains && v.blocked_domains`;

// ---- writes: SQL expressions for user ids and a post alias ---------------------------------------

/** `owner` blocked the user `target` (both SQL expressions giving user ids). */
export function userBlocks(owner: string, target: string): string {
  return `EXISTS (SELECT 1 FROM perks b WHERE b.user_id = ${owner} AND b.action = 'block' AND b.target_user = ${target})`;
}

/** Either of two users blocked the other. */
export function eitherBlocks(a: string, b: string): string {
  return `(${userBlocks(a, b)} OR ${userBlocks(b, a)})`;
}

/**
 * The post `post` (an alias of posts) is blacklisted for `viewer`: its author blocked the
 * viewer, or the viewer blocked one of its tags or domains (the write-side twin of VIEWER_BLACKLISTED).
 */
export function postBlacklists(post: string, viewer: string): string {
  return `(${userBlocks(`${post}.user_id`, viewer)}
    OR EXISTS (SELECT 1 FROM perks k
                WHERE k.user_id = ${viewer} AND k.action = 'block'
                  AND (k.target_tag = ANY(${post}.tags) OR k.target_domain = ANY(${post}.domains))))`;
}

/**
 * Serialises everything that checks or changes whether two users block each other: a block or
 * unblock, and a vote, a message or a notification between them. Call it first in the
 * transaction (before any row lock, so it adds no lock-order cycle); the statements after it
 * see a block committed by whoever held the lock before. Transaction-scoped advisory lock on the
 * unordered pair (the two-integer form, a key space apart from the migrations' one-bigint lock).
 */
export async function lockUserPair(tx: Queryable, a: number, b: number): Promise<void> {
  await tx.query(`SELECT ${userPairLock('$1::integer', '$2::integer')}`, [a, b]);
}

/**
 * lockUserPair as an SQL expression over two integer expressions, for a statement that finds one
 * of the pair and locks in the same round trip (the same key: the lower id first).
 */
export function userPairLock(a: string, b: string): string {
  return `pg_advisory_xact_lock(least(${a}, ${b}), greatest(${a}, ${b}))`;
}
