/**
 * Reply and mention notifications, stored in the writer's transaction (the chat and
 * notifications area shows them; users.notifs is kept by its trigger). Nobody is notified
 * about their own post, nor by someone they blocked (docs/product.md: a block
 * stops mentions).
 */
import type { Queryable } from '../db/index.ts';
import { userBlocks } from '../rules/blocks.ts';

/** More mentions than this in one post notify only the first ones (spam guard). */
export const MAX_MENTIONS_NOTIFIED = 20;

/** The notified user `u` has not blocked the actor `$3` (rules/blocks.ts). */
const NOT_BLOCKED = `NOT ${userBlocks('u.id', '$3')}`;

/**
 * The parent's author learns of a reply. Returns the ids of the rows written (none or one), for
 * the Web Push sent after the commit (push.ts).
 */
export async function notifyReply(
  tx: Queryable,
  parentId: number,
  postId: number,
  actorId: number,
): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO notifications (user_id, kind, post_id, actor_id)
     SELECT u.id, 'reply', $2, $3 FROM posts p JOIN users u ON u.id = p.user_id
      WHERE p.id = $1 AND u.id <> $3 AND ${NOT_BLOCKED}
     RETURNING id`,
    [parentId, postId, actorId],
  );
  return rows.map((row) => row.id);
}

/** The names of one post's mentions that are notified: each once, the first ones only. */
export function notifiedNames(names: readonly string[]): string[] {
  return [...new Set(names.map((name) => name.toLowerCase()))].slice(0, MAX_MENTIONS_NOTIFIED);
}

/**
 * Mentioned users learn of the post. `skipUserId` is someone already notified of this post
 * (the parent's author gets a reply notification, not a second one). Returns the rows' ids.
 */
export async function notifyMentions(
  tx: Queryable,
  names: readonly string[],
  postId: number,
  actorId: number,
  skipUserId: number | null = null,
): Promise<number[]> {
  const lower = notifiedNames(names);
  if (lower.length === 0) return [];
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO notifications (user_id, kind, post_id, actor_id)
     SELECT u.id, 'mention', $2, $3 FROM users u
      WHERE lower(u.username) = ANY($1::text[]) AND u.id <> $3 AND u.id IS DISTINCT FROM $4::int
        AND u.status = 'active' AND ${NOT_BLOCKED}
     RETURNING id`,
    [lower, postId, actorId, skipUserId],
  );
  return rows.map((row) => row.id);
}
