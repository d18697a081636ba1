/**
 * Ban appeals (docs/product.md R-10.12, R-10.13): one per ban, sent by the banned user; a moderator accepts
 * it (the ban ends at once, `appeal-accepted` in the log, public on /modlog) or rejects it with a
 * reason (`appeal-rejected`, in the admins' log only). Either way the user is told by a
 * notification, stored here in the decision's transaction, and by e-mail (the handler sends it
 * after the commit).
 *
 * Nobody judges their own ban: an appeal is decided by a moderator other than the one who gave the
 * ban, and an admin's ban by another admin (R-10.14), so an appeal is a second look. On an
 * installation with one moderator, an admin decides it, or lifts the ban on the user's profile.
 */
import type { Queryable } from '../db/index.ts';
import { lockUsers } from '../db/locks.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { logModeration } from './bans.ts';

/** What the decision's e-mail needs. */
export interface DecidedAppeal {
  username: string;
  email: string | null;
  accepted: boolean;
  answer: string;
  /** Whether accepting ended a ban that still held (false: it had ended or been replaced). */
  lifted: boolean;
  /** The user's notification of the decision (pushed after the commit, notify/push.ts). */
  notification: number;
}

/** Decides the open appeal `appealId` (in the caller's transaction). */
export async function decideAppeal(
  tx: Queryable,
  decision: {
    appealId: number;
    moderatorId: number;
    moderatorIsAdmin: boolean;
    accept: boolean;
    answer: string;
  },
): Promise<DecidedAppeal> {
  const { rows: found } = await tx.query<{ user_id: number }>(
    'SELECT user_id FROM ban_appeals WHERE id = $1',
    [decision.appealId],
  );
  if (!found[0]) throw notFound('APPEAL NOT FOUND');
  // Locks in the order of db/locks.ts: the user (status), then the ban and the appeal.
  await lockUsers(tx, [found[0].user_id]);
  const { rows } = await tx.query<{
    ban_id: number;
    status: string;
    username: string;
    email: string;
    user_status: string;
    banned_by: number | null;
    by_admin: boolean;
  }>(
    `SELECT a.ban_id, a.status, u.username, u.email, u.status AS user_status,
            b.moderator_id AS banned_by, coalesce('admin' = ANY (bm.roles), false) AS by_admin
       FROM ban_appeals a JOIN users u ON u.id = a.user_id JOIN bans b ON b.id = a.ban_id
       LEFT JOIN users bm ON bm.id = b.moderator_id
      WHERE a.id = $1 FOR NO KEY UPDATE OF a`,
    [decision.appealId],
  );
  const appeal = rows[0];
  if (!appeal) throw notFound('APPEAL NOT FOUND');
  if (appeal.status !== 'open') throw conflict('APPEAL ALREADY DECIDED');
  // The same rule as read/banAppeals.ts `decidable`, which the moderators' page shows.
  if (appeal.banned_by === decision.moderatorId) throw forbidden('APPEAL OF OWN BAN');
  if (appeal.by_admin && !decision.moderatorIsAdmin) throw forbidden('APPEAL NEEDS AN ADMIN');
  const userId = found[0].user_id;
  const answer = decision.answer.trim();
  await tx.query(
    `UPDATE ban_appeals SET status = $2, decided = now(), moderator_id = $3, answer = nullif($4, '')
      WHERE id = $1`,
    [decision.appealId, decision.accept ? 'accepted' : 'rejected', decision.moderatorId, answer],
  );
  let lifted = false;
  if (decision.accept) {
    const { rowCount } = await tx.query(
      'UPDATE bans SET lifted = now(), lifted_by = $2 WHERE id = $1 AND lifted IS NULL',
      [appeal.ban_id, decision.moderatorId],
    );
    lifted = (rowCount ?? 0) > 0;
    // Active again unless another ban still holds (one given after the appealed one).
    await tx.query(
      `UPDATE users u SET status = 'active' WHERE u.id = $1 AND u.status = 'banned'
          AND NOT EXISTS (SELECT 1 FROM bans b WHERE b.user_id = u.id AND b.lifted IS NULL
                             AND (b.ends IS NULL OR b.ends > now()))`,
      [userId],
    );
  }
  await logModeration(tx, {
    actor: decision.moderatorId,
    action: decision.accept ? 'appeal-accepted' : 'appeal-rejected',
    target: userId,
    reason: answer || null,
  });
  const { rows: notified } = await tx.query<{ id: number }>(
    "INSERT INTO notifications (user_id, kind, appeal_id) VALUES ($1, 'appeal', $2) RETURNING id",
    [userId, decision.appealId],
  );
  return {
    username: appeal.username,
    email: appeal.user_status === 'deleted' ? null : appeal.email,
    accepted: decision.accept,
    answer,
    lifted,
    notification: notified[0]!.id,
  };
}
