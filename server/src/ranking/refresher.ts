/**
 * Re-ages the hot rank of the last week's public top-level posts, once a minute, 1000 rows per
 * statement (each its own short transaction), walking the (created, id) index. Never one
 * table-wide UPDATE: only posts younger than 7 days (plus a margin, so the ones that just left
 * the window are set to 0 once) are touched, and votes keep their own post's rank current.
 * Rows a write holds at that moment are skipped, not waited for.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { type PeriodicJob, startPeriodic } from '../jobs/periodic.ts';

export const REFRESH_EVERY_MS = 60_000;
export const BATCH_SIZE = 1000;

/** One pass over the window; returns how many posts were updated. */
export async function refreshHotRanks(db: Queryable, batchSize = BATCH_SIZE): Promise<number> {
  // The cursor travels as text so microseconds survive the round trip (a Date would lose them).
  let cursor: { created: string | null; id: number | null } = { created: null, id: null };
  let updated = 0;
  for (;;) {
    const { rows } = await db.query<{ n: number; created: string | null; id: number | null }>(
      `WITH batch AS (
         SELECT id FROM posts
          WHERE parent IS NULL AND mode = 'public'
            AND created > now() - interval '7 days 1 hour'
            AND ($1::timestamptz IS NULL OR (created, id) > ($1::timestamptz, $2::integer))
          ORDER BY created, id
          LIMIT $3
          -- Never waits: a post a write holds is left for the next pass (a vote re-ranks its own
          -- post anyway), so the refresher is in no lock cycle (db/locks.ts).
          FOR NO KEY UPDATE SKIP LOCKED
       ), done AS (
         UPDATE posts p SET hot = gwar_hot(p.upvotes - p.downvotes, p.created, now())
           FROM batch WHERE p.id = batch.id
         RETURNING p.created, p.id
       )
       SELECT count(*)::integer AS n,
              (array_agg(created::text ORDER BY created DESC, id DESC))[1] AS created,
              (array_agg(id ORDER BY created DESC, id DESC))[1] AS id
         FROM done`,
      [cursor.created, cursor.id, batchSize],
    );
    const row = rows[0]!;
    updated += row.n;
    if (row.n < batchSize) return updated;
    cursor = { created: row.created, id: row.id };
  }
}

export type RankRefresher = PeriodicJob;

export function startRankRefresher(
  db: Queryable,
  log: FastifyBaseLogger,
  everyMs = REFRESH_EVERY_MS,
): RankRefresher {
  return startPeriodic('hot rank refresh', everyMs, () => refreshHotRanks(db), log);
}
