/**
 * Account deletion (issue 13; GDPR art. 17). `account_delete` asks for it: the sessions end at
 * once and the account is erased after the grace period (LIMITS.deletionGraceDays), unless its
 * owner signs in before (rpc/user/login.ts cancels it). The sweep below erases the accounts whose
 * grace period has ended; every node runs it, each account is claimed with FOR UPDATE SKIP
 * LOCKED and erased in one transaction, so two nodes never erase one account twice and a crash
 * leaves it whole, to be erased by the next pass.
 *
 * What erasing does:
 * - ends every session and pending e-mail token; the profile (avatar), e-mail and password hash
 *   are erased; the name becomes `deleted-<id>` (a hyphen no real name can hold), which the site
 *   shows as 'konto usunięte' without a profile to open;
 * - removes its chats (with the other members' copies: a conversation is one record), its
 *   notifications and those it caused, its follows and blocks and those of others on it, its
 *   votes and favourites (the counters follow by trigger), its drafts and its uploads not used
 *   by what stays;
 * - its posts and comments: kept as they are, authorless ('keep': threads keep their replies
 *   and their sense), or deleted like an author's own delete ('delete'), as the owner chose;
 * - keeps its reports and the moderation records about it (the site's legitimate interest in
 *   its own moderation history), now pointing at an erased account.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DeletionContent } from 'shared-api/validation';
import type { Db, Queryable } from '../db/index.ts';
import { deleteStored, releaseFiles } from '../files/release.ts';
import type { FileStorage } from '../files/storage.ts';
import { type PeriodicJob, startPeriodic } from '../jobs/periodic.ts';
import { CLEARED_CONTENT } from '../posts/write.ts';

/** The name a deleted account takes: a hyphen, which usernames cannot contain. */
export const deletedName = (id: number) => `deleted-${id}`;

/** Erases one account in the caller's transaction; returns the stored files no longer used. */
export async function eraseAccount(
  tx: Queryable,
  userId: number,
  content: DeletionContent,
): Promise<string[]> {
  await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM account_tokens WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM chats WHERE id IN (SELECT chat_id FROM chat_members WHERE user_id = $1)', [
    userId,
  ]);
  await tx.query('DELETE FROM notifications WHERE user_id = $1 OR actor_id = $1', [userId]);
  await tx.query('DELETE FROM perks WHERE user_id = $1 OR target_user = $1', [userId]);
  // Votes and favourites withdrawn (the trigger adjusts counters and ratings); reports stay.
  await tx.query(
    `UPDATE post_actions SET vote = NULL, voted = NULL, favorite = NULL
      WHERE user_id = $1 AND (vote IS NOT NULL OR favorite IS NOT NULL)`,
    [userId],
  );
  await tx.query('DELETE FROM post_actions WHERE user_id = $1 AND report IS NULL', [userId]);
  await tx.query('UPDATE tags SET owner = NULL WHERE owner = $1', [userId]);

  // Drafts always go; public posts and comments as the owner chose.
  const { rows: drafts } = await tx.query<{ files: string[] }>(
    "DELETE FROM posts WHERE user_id = $1 AND mode = 'draft' RETURNING files",
    [userId],
  );
  let cleared = drafts.flatMap((row) => row.files);
  if (content === 'delete') {
    const { rows } = await tx.query<{ files: string[] }>(
      `UPDATE posts p SET mode = 'deleted', ${CLEARED_CONTENT}
         FROM posts old
        WHERE old.id = p.id AND p.user_id = $1 AND p.mode = 'public'
        RETURNING old.files`,
      [userId],
    );
    cleared = cleared.concat(rows.flatMap((row) => row.files));
  }
  // The avatar as it was before erasing (the FROM row is read before the update).
  const { rows: avatar } = await tx.query<{ avatar: string | null }>(
    `UPDATE users u SET status = 'deleted', username = $2, email = $3, password_hash = '', avatar = NULL,
                        roles = '{}', deletion_due = NULL, deletion_content = NULL
       FROM users old
      WHERE old.id = u.id AND u.id = $1
      RETURNING old.avatar`,
    [userId, deletedName(userId), `${deletedName(userId)}@invalid`],
  );
  const avatarFile = avatar[0]?.avatar;
  return releaseFiles(tx, userId, [...new Set(avatarFile ? [...cleared, avatarFile] : cleared)]);
}

/** One pass: erases the accounts whose grace period has ended. Returns how many. */
export async function eraseDueAccounts(db: Db, files: FileStorage, log: FastifyBaseLogger): Promise<number> {
  let erased = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number; deletion_content: DeletionContent }>(
        `SELECT id, deletion_content FROM users
          WHERE deletion_due IS NOT NULL AND deletion_due <= now()
          ORDER BY deletion_due LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      const user = rows[0];
      if (!user) return null;
      return { id: user.id, released: await eraseAccount(tx, user.id, user.deletion_content) };
    });
    if (!done) return erased;
    await deleteStored(files, done.released, log);
    log.info({ user: done.id }, 'account erased after its grace period');
    erased++;
  }
}

export const DELETION_SWEEP_MS = 60_000;

export function startDeletionSweep(
  db: Db,
  files: FileStorage,
  log: FastifyBaseLogger,
  everyMs = DELETION_SWEEP_MS,
): PeriodicJob {
  return startPeriodic('account deletion sweep', everyMs, () => eraseDueAccounts(db, files, log), log);
}
