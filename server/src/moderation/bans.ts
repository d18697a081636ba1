/**
 * Bans with a reason and an end (`moderate`, docs/product.md ). A ban sets users.status
 * 'banned' and ends every session; its row in `bans` says who, why and until when (NULL: for good).
 * A ban that has ended is lifted by the sweep below (every node runs it; the UPDATE is idempotent
 * and each row changes once), and at the latest when its user signs in. Lifting, by an admin or by
 * the clock, keeps the row and logs it. Every action goes to the moderation log (`logModeration`),
 * which admins read on /moderated and anyone, but for rejected appeals, on /modlog.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { BanPeriod, ModerationLogAction } from 'shared-api/validation';
import { revokeAllSessions } from '../auth/session.ts';
import type { Queryable } from '../db/index.ts';
import { type PeriodicJob, startPeriodic } from '../jobs/periodic.ts';

/** The end of a ban starting now, as SQL (NULL: for good). */
export const BAN_ENDS_SQL: Record<BanPeriod, string> = {
  day: "now() + interval '1 day'",
  week: "now() + interval '7 days'",
  month: "now() + interval '1 month'",
  forever: 'NULL',
};

export interface ModerationEntry {
  actor: number | null;
  action: ModerationLogAction;
  target?: number | null;
  post?: number | null;
  reason?: string | null;
  ends?: Date | string | null;
  /** The tag of 'tag-taken' and 'tag-dropped'. */
  tag?: string | null;
}

export async function logModeration(tx: Queryable, entry: ModerationEntry): Promise<void> {
  await tx.query(
    `INSERT INTO moderation_log (actor_id, action, target_id, post_id, reason, ends, tag)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      entry.actor,
      entry.action,
      entry.target ?? null,
      entry.post ?? null,
      entry.reason ?? null,
      entry.ends ?? null,
      entry.tag ?? null,
    ],
  );
}

/** Bans `userId` (in the caller's transaction): status, the ban's row, sessions, the log. */
export async function banUser(
  tx: Queryable,
  ban: { userId: number; moderatorId: number; reason: string; period: BanPeriod; post?: number | null },
): Promise<{ ends: Date | null }> {
  // A new ban replaces one in force: the newest ban is the one the user is told about.
  await tx.query('UPDATE bans SET lifted = now(), lifted_by = $2 WHERE user_id = $1 AND lifted IS NULL', [
    ban.userId,
    ban.moderatorId,
  ]);
  const { rows } = await tx.query<{ ends: Date | null }>(
    `INSERT INTO bans (user_id, moderator_id, reason, ends) VALUES ($1, $2, $3, ${BAN_ENDS_SQL[ban.period]})
     RETURNING ends`,
    [ban.userId, ban.moderatorId, ban.reason],
  );
  await tx.query("UPDATE users SET status = 'banned' WHERE id = $1 AND status <> 'deleted'", [ban.userId]);
  await revokeAllSessions(tx, ban.userId);
  const ends = rows[0]!.ends;
  await logModeration(tx, {
    actor: ban.moderatorId,
    action: 'ban',
    target: ban.userId,
    post: ban.post ?? null,
    reason: ban.reason,
    ends,
  });
  return { ends };
}

/** Lifts the ban of `userId` now (an admin's decision). Returns false when there was none. */
export async function liftBan(tx: Queryable, userId: number, adminId: number): Promise<boolean> {
  const { rowCount } = await tx.query(
    "UPDATE users SET status = 'active' WHERE id = $1 AND status = 'banned'",
    [userId],
  );
  if (!rowCount) return false;
  await tx.query('UPDATE bans SET lifted = now(), lifted_by = $2 WHERE user_id = $1 AND lifted IS NULL', [
    userId,
    adminId,
  ]);
  await logModeration(tx, { actor: adminId, action: 'unban', target: userId });
  return true;
}

export type BanInForce = {
  reason: string;
  ends: Date | null;
};

/**
 * The ban a banned user is under, after lifting it if it has ended (so a user whose ban ended a
 * moment ago signs in without waiting for the sweep). Null: not banned (any more).
 */
export async function banInForce(db: Queryable, userId: number): Promise<BanInForce | null> {
  await endBans(db, userId);
  const { rows } = await db.query<BanInForce>(
    `SELECT b.reason, b.ends FROM users u
       JOIN LATERAL (SELECT reason, ends FROM bans WHERE user_id = u.id AND lifted IS NULL
                      ORDER BY id DESC LIMIT 1) b ON true
      WHERE u.id = $1 AND u.status = 'banned'`,
    [userId],
  );
  if (rows[0]) return rows[0];
  // Banned before bans had reasons (or by hand in the database): for good, with no reason given.
  const { rows: status } = await db.query<{ status: string }>('SELECT status FROM users WHERE id = $1', [
    userId,
  ]);
  return status[0]?.status === 'banned' ? { reason: '', ends: null } : null;
}

/**
 * Lifts every ban that has ended (or the one of `userId`): one statement, so two nodes running it
 * at once lift each ban once, and each lifting is logged once. The users' rows are locked first,
 * all of them (an init plan runs before the update's first row), as a ban locks a user before its
 * bans (db/locks.ts).
 */
export async function endBans(db: Queryable, userId: number | null = null): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH due AS (
       SELECT u.id FROM users u
        WHERE u.id IN (SELECT user_id FROM bans
                        WHERE lifted IS NULL AND ends IS NOT NULL AND ends <= now()
                          AND ($1::integer IS NULL OR user_id = $1::integer))
        ORDER BY u.id FOR NO KEY UPDATE
     ), ended AS (
       UPDATE bans SET lifted = ends
        WHERE lifted IS NULL AND ends IS NOT NULL AND ends <= now()
          AND user_id = ANY((SELECT array_agg(id) FROM due)::int[])
       RETURNING user_id, reason, ends
     ), freed AS (
       UPDATE users u SET status = 'active'
         FROM ended e
        WHERE u.id = e.user_id AND u.status = 'banned'
          AND NOT EXISTS (SELECT 1 FROM bans b WHERE b.user_id = u.id AND b.lifted IS NULL
                             AND (b.ends IS NULL OR b.ends > now()))
       RETURNING u.id
     ), logged AS (
       INSERT INTO moderation_log (actor_id, action, target_id, reason, ends)
       SELECT NULL, 'ban-ended', e.user_id, e.reason, e.ends FROM ended e
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM freed)::integer AS n`,
    [userId],
  );
  return rows[0]?.n ?? 0;
}

export const BAN_SWEEP_MS = 60_000;

/** Every minute on every node: bans that ended are lifted. */
export function startBanSweep(db: Queryable, log: FastifyBaseLogger, everyMs = BAN_SWEEP_MS): PeriodicJob {
  return startPeriodic(
    'ban sweep',
    everyMs,
    async () => {
      const n = await endBans(db);
      if (n) log.info({ users: n }, 'bans ended');
    },
    log,
  );
}
