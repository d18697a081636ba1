/**
 * The lock order of every write, so that no two writes deadlock. PostgreSQL aborts one of two
 * transactions that wait for each other (40P01 "deadlock detected") after its deadlock timeout, a
 * second of every request in the cycle. A cycle needs two transactions that take the same locks in
 * opposite orders, so every transaction that writes takes its locks in this order, and never waits
 * for a lock of an earlier level while it holds one of a later level:
 *
 *  1. the advisory lock of a user pair (rules/blocks.ts lockUserPair): blocks, votes, messages;
 *  2. threads: the thread_versions row of each thread the write changes, ascending uber
 *     (lockThreads). Every write that changes what a thread shows takes it first: a reply, an
 *     edit, a delete, a moderation, publishing a draft. So two such writes in one thread never
 *     interleave at all, and the rows below are contended only by single-row writes (votes,
 *     opens, link previews) and by the rank refresher, which skips locked rows;
 *  3. rows a write changes by key: post_actions (a vote, a favourite, a report, withdrawn votes),
 *     chat_members, notifications (marking them seen);
 *  4. posts, ascending id (lockPosts, lockPostChains): a write of more than one row takes them
 *     all before any row of a later level; a vote's trigger takes its one post here;
 *  5. users, ascending id (lockUsers): their counters (posts, comments, rating, notifs, chats)
 *     and status. A write that changes more than one user's row takes them all at once, first;
 *  6. everything else: tags (ascending, by the counter trigger), report_queue, moderation, bans,
 *     sessions, files, link_preview_jobs, new rows.
 *
 * Why the counter triggers need the pre-locks: a reply's INSERT runs the users counter trigger
 * (the writer's comments) before the thread counter trigger (the ancestors' replies), and the
 * notification trigger locks the parent's author after both; a vote on an ancestor locks that
 * post and then its author. Without taking the chain and then every user first, a reply by the
 * ancestor's author and a vote on that ancestor wait for each other. Locks taken here are held to
 * the end of the transaction, so the triggers find their rows already held and never wait.
 *
 * A safety net stays (db/index.ts retries a transaction aborted as a deadlock victim, and logs
 * it); server/test/concurrency.test.ts asserts that on PostgreSQL the log never shows one.
 */
import type { Queryable } from './index.ts';

const unique = (ids: Iterable<number | null | undefined>) =>
  [...new Set([...ids].filter((id): id is number => typeof id === 'number'))].sort((a, b) => a - b);

/**
 * Level 2: the threads `ubers`, in ascending order. The thread_versions row is the thread's lock
 * (a row lock, not an advisory one, so a moderation that removes thousands of an author's posts
 * does not fill the shared lock table); a thread older than its table gets its row here.
 */
export async function lockThreads(tx: Queryable, ubers: Iterable<number>): Promise<void> {
  const ids = unique(ubers);
  if (ids.length === 0) return;
  await tx.query(
    `INSERT INTO thread_versions (uber) SELECT u FROM unnest($1::int[]) u ORDER BY u
     ON CONFLICT (uber) DO NOTHING`,
    [ids],
  );
  await tx.query('SELECT uber FROM thread_versions WHERE uber = ANY($1::int[]) ORDER BY uber FOR UPDATE', [
    ids,
  ]);
}

/** Level 2 for one post: locks the thread of `postId`; returns its uber (null: no such post). */
export async function lockThreadOf(tx: Queryable, postId: number): Promise<number | null> {
  // One round trip when the thread has its row, as every thread since 0008 has. A post's thread
  // never changes, so finding it and locking its row in one statement is safe.
  const { rows: locked } = await tx.query<{ uber: number }>(
    `SELECT v.uber FROM posts p JOIN thread_versions v ON v.uber = p.uber
      WHERE p.id = $1 FOR UPDATE OF v`,
    [postId],
  );
  if (locked[0]) return locked[0].uber;
  const { rows } = await tx.query<{ uber: number }>('SELECT uber FROM posts WHERE id = $1', [postId]);
  const uber = rows[0]?.uber ?? null;
  if (uber !== null) await lockThreads(tx, [uber]);
  return uber;
}

/** Level 4: the posts `ids`, ascending. */
export async function lockPosts(tx: Queryable, ids: Iterable<number>): Promise<void> {
  const sorted = unique(ids);
  if (sorted.length === 0) return;
  await tx.query('SELECT id FROM posts WHERE id = ANY($1::int[]) ORDER BY id FOR NO KEY UPDATE', [sorted]);
}

/** lockPostChains' statement: $1 the posts whose ancestors are locked too, $2 the posts alone. */
export const POST_CHAINS_LOCK = `WITH RECURSIVE chain(id, parent) AS (
     SELECT p.id, p.parent FROM posts p WHERE p.id = ANY($1::int[])
     UNION
     SELECT p.id, p.parent FROM posts p JOIN chain c ON p.id = c.parent
   )
   SELECT p.id FROM posts p
    WHERE p.id = ANY(ARRAY(SELECT id FROM chain) || $2::int[])
    ORDER BY p.id FOR NO KEY UPDATE`;

/**
 * Level 4: the posts `ids` and every ancestor of each, with the posts `alone` (without their
 * ancestors), all ascending: the rows whose reply counters a reply under them, or a change of
 * their mode, updates (the thread counter trigger, 0011). One array for the primary key's index:
 * `id IN (chain) OR id = ANY(alone)` read every row of `posts` instead (44 ms a comment at 106,000
 * posts, in proportion beyond; bench/README.md, "Where the time goes").
 */
export async function lockPostChains(
  tx: Queryable,
  ids: Iterable<number>,
  alone: Iterable<number> = [],
): Promise<void> {
  const sorted = unique(ids);
  const single = unique(alone);
  if (sorted.length + single.length === 0) return;
  await tx.query(POST_CHAINS_LOCK, [sorted, single]);
}

/**
 * Level 5: the users `ids` and those named `names` (mentions, matched as notify/notify.ts
 * matches them), ascending id, in one statement.
 */
export async function lockUsers(
  tx: Queryable,
  ids: Iterable<number | null | undefined>,
  names: readonly string[] = [],
): Promise<void> {
  const sorted = unique(ids);
  const lower = [...new Set(names.map((name) => name.toLowerCase()))];
  if (sorted.length + lower.length === 0) return;
  await tx.query(
    `SELECT id FROM users WHERE id = ANY($1::int[]) OR lower(username) = ANY($2::text[])
      ORDER BY id FOR NO KEY UPDATE`,
    [sorted, lower],
  );
}
