/**
 * Follow and block toggles (docs/product.md ): `follow_{user|tag|domain}` and
 * `block_{user|tag|domain}`, each with its target and a boolean (the dialog sends the opposite
 * of the current state). One toggle, six handlers (rpc/perk/perks.ts).
 *
 * Rules: a user cannot follow or block themselves (403 `CANNOT PERK YOURSELF`); an unknown user
 * is 404 `USER NOT FOUND`. Blocking a user also withdraws that user's votes on the blocker's
 * posts, in the same transaction; the vote trigger adjusts counters and rating.
 * Lock order: perks -> post_actions -> posts -> users (see 0003_feeds.sql).
 */
import type { PerkAction, PerkTarget } from 'shared-api/validation';
import { signedIn } from '../../auth/access.ts';
import type { Queryable } from '../../db/index.ts';
import { lockPosts } from '../../db/locks.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { lockUserPair } from '../../rules/blocks.ts';
import type { RpcContext } from '../define.ts';

const TARGET_FIELD = { user: 'username', tag: 'tag', domain: 'domain' } as const;
const TARGET_COLUMN = { user: 'target_user', tag: 'target_tag', domain: 'target_domain' } as const;

async function resolveUser(db: Queryable, viewerId: number, username: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(username) = lower($1)', [
    username,
  ]);
  const id = rows[0]?.id;
  if (id === undefined) throw notFound('USER NOT FOUND');
  if (id === viewerId) throw forbidden('CANNOT PERK YOURSELF');
  return id;
}

/** How one perk call is handled: `defineRpc('<action>_<target>', perkToggle(action, target))`. */
export function perkToggle<Action extends PerkAction>(action: Action, target: PerkTarget) {
  const field = TARGET_FIELD[target];
  const column = TARGET_COLUMN[target];
  return {
    access: 'user' as const,
    rateLimit: { max: 120, timeWindow: '1 minute' },
    async handle(
      ctx: RpcContext,
      body: Record<string, unknown>,
    ): Promise<{ ok: true } & Record<Action, boolean>> {
      const { viewer, db } = signedIn(ctx);
      const raw = body[field] as string;
      const on = body[action] as boolean;
      const value = target === 'user' ? await resolveUser(db, viewer.id, raw) : raw;
      await db.transaction(async (tx) => {
        // First, before any row lock: votes and messages between the two check the block under
        // the same lock, so none slips in between this block and its withdrawals (rules/blocks.ts).
        if (target === 'user') await lockUserPair(tx, viewer.id, value as number);
        if (!on) {
          await tx.query(`DELETE FROM perks WHERE user_id = $1 AND action = $2 AND ${column} = $3`, [
            viewer.id,
            action,
            value,
          ]);
          return;
        }
        await tx.query(
          `INSERT INTO perks (user_id, action, ${column}) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
          [viewer.id, action, value],
        );
        if (action === 'block' && target === 'user') {
          // The blocked user's votes on the blocker's posts are withdrawn: their rows, then the
          // posts whose counters drop, each ascending, all before the trigger takes the blocker's
          // row for the rating, never a post after it (db/locks.ts).
          const { rows: voted } = await tx.query<{ post_id: number }>(
            `SELECT a.post_id FROM post_actions a JOIN posts p ON p.id = a.post_id
              WHERE a.user_id = $1 AND a.vote IS NOT NULL AND p.user_id = $2
              ORDER BY a.post_id FOR UPDATE OF a`,
            [value, viewer.id],
          );
          await lockPosts(
            tx,
            voted.map((row) => row.post_id),
          );
          await tx.query(
            `UPDATE post_actions a SET vote = NULL, voted = NULL
               FROM posts p
              WHERE a.user_id = $1 AND a.vote IS NOT NULL AND p.id = a.post_id AND p.user_id = $2`,
            [value, viewer.id],
          );
        }
      });
      return { ok: true, [action]: on } as { ok: true } & Record<Action, boolean>;
    },
  };
}
