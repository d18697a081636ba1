/**
 * Account deletion (docs/product.md R-10.6; GDPR art. 17). `account_delete` asks for it: the
 * sessions end at once and the account is erased after the grace period (LIMITS.deletionGraceDays),
 * unless its owner signs in before (rpc/user/login.ts cancels it). The sweep below erases the
 * accounts whose grace period has ended; every node runs it, each account is claimed with FOR
 * UPDATE SKIP LOCKED and erased in one transaction, so two nodes never erase one account twice and
 * a crash leaves it whole, to be erased by the next pass.
 *
 * What erasing does:
 * - ends every session, pending e-mail token and Web Push subscription; the profile (avatar), e-mail and password hash
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
import { lockPostChains, lockThreads, lockUsers } from '../db/locks.ts';
import type { FileStorage } from '../files/storage.ts';
import { deleteStored, dropUnusedFiles } from '../files/unused.ts';
import { type PeriodicJob, startPeriodic } from '../jobs/periodic.ts';
import { CLEARED_CONTENT } from '../posts/write.ts';

/**
 * The key space of the sweep's claim on an account (the two-integer advisory locks; user pairs
 * in rules/blocks.ts use positive ids, so a negative first key never meets one).
 */
const ERASE_LOCK_SPACE = -2;
const UNBOUNDED = { unbounded: true } as const;

/** The name a deleted account takes: a hyphen, which usernames cannot contain. */
export const deletedName = (id: number) => `deleted-${id}`;

/**
 * Takes every lock erasing `userId` needs, in the order of db/locks.ts, before it changes
 * anything: erasing touches many threads, posts and other users' counters at once, and each
 * of them is also taken, one at a time, by ordinary writes.
 */
async function lockForErasing(tx: Queryable, userId: number, content: DeletionContent): Promise<void> {
  // 2. the threads of the posts it removes (drafts are threads of their own)
  const { rows: own } = await tx.query<{ id: number; uber: number }>(
    `SELECT id, uber FROM posts WHERE user_id = $1 AND (mode = 'draft' OR (mode = 'public' AND $2))`,
    [userId, content === 'delete'],
  );
  await lockThreads(
    tx,
    own.map((post) => post.uber),
  );
  // 3. the rows removed by key: both sides of its chats, its votes, the notifications by or to it
  const { rows: members } = await tx.query<{ user_id: number }>(
    `SELECT user_id FROM chat_members
      WHERE chat_id IN (SELECT chat_id FROM chat_members WHERE user_id = $1)
      ORDER BY chat_id, user_id FOR UPDATE`,
    [userId],
  );
  // Its votes and favourites, with the authors whose ratings a withdrawn vote moves.
  const { rows: actions } = await tx.query<{ post_id: number; author: number }>(
    `SELECT a.post_id, p.user_id AS author FROM post_actions a JOIN posts p ON p.id = a.post_id
      WHERE a.user_id = $1 ORDER BY a.post_id FOR UPDATE OF a`,
    [userId],
  );
  const { rows: notified } = await tx.query<{ user_id: number }>(
    'SELECT user_id FROM notifications WHERE user_id = $1 OR actor_id = $1 ORDER BY id FOR UPDATE',
    [userId],
  );
  // 4. the posts whose counters move (voted on; its own with their ancestors), 5. the users
  await lockPostChains(
    tx,
    own.map((post) => post.id),
    actions.map((row) => row.post_id),
  );
  await lockUsers(tx, [
    userId,
    ...members.map((row) => row.user_id),
    ...notified.map((row) => row.user_id),
    ...actions.map((row) => row.author),
  ]);
}

/** Erases one account in the caller's transaction; returns the stored files no longer used. */
export async function eraseAccount(
  tx: Queryable,
  userId: number,
  content: DeletionContent,
): Promise<string[]> {
  await lockForErasing(tx, userId, content);
  await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM account_tokens WHERE user_id = $1', [userId]);
  // Its devices stop hearing from the site (pushes already stopped when deletion was asked for: notify/push.ts).
  await tx.query('DELETE FROM push_subscriptions WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM chats WHERE id IN (SELECT chat_id FROM chat_members WHERE user_id = $1)', [
    userId,
  ]);
  await tx.query('DELETE FROM notifications WHERE user_id = $1 OR actor_id = $1', [userId]);
  // Its ban appeals keep their decision (moderation history, as reports do) but lose their text.
  await tx.query("UPDATE ban_appeals SET source = '', body = '' WHERE user_id = $1", [userId]);
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
  return dropUnusedFiles(tx, userId, [...new Set(avatarFile ? [...cleared, avatarFile] : cleared)]);
}

/** One pass: erases the accounts whose grace period has ended. Returns how many. */
export async function eraseDueAccounts(db: Db, files: FileStorage, log: FastifyBaseLogger): Promise<number> {
  let erased = 0;
  for (;;) {
    // A background job, not a visitor's request: erasing a prolific account's posts may take
    // longer than a request's bounds (db/index.ts DB_BOUNDS), and must not fail for it.
    const done = await db.transaction(async (tx) => {
      // Claimed with a try-lock, which never waits: a row lock here would hold the user's row
      // before the threads and posts erasing locks (db/locks.ts). Two nodes never take one.
      const { rows } = await tx.query<{ id: number }>(
        `SELECT id FROM users
          WHERE deletion_due IS NOT NULL AND deletion_due <= now()
          ORDER BY deletion_due LIMIT 20`,
      );
      for (const { id } of rows) {
        const { rows: claim } = await tx.query<{ claimed: boolean }>(
          'SELECT pg_try_advisory_xact_lock($1::integer, $2::integer) AS claimed',
          [ERASE_LOCK_SPACE, id],
        );
        if (!claim[0]?.claimed) continue;
        // Read again after the claim: its owner may have signed in and cancelled it meanwhile.
        const { rows: due } = await tx.query<{ deletion_content: DeletionContent }>(
          'SELECT deletion_content FROM users WHERE id = $1 AND deletion_due IS NOT NULL AND deletion_due <= now()',
          [id],
        );
        if (!due[0]) continue;
        return { id, unused: await eraseAccount(tx, id, due[0].deletion_content) };
      }
      return null;
    }, UNBOUNDED);
    if (!done) return erased;
    await deleteStored(files, done.unused, log);
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
