/**
 * The home feed's hot rank. The database computes it (`gwar_hot` in 0003_feeds.sql) on insert,
 * on publish and on every vote; `refresher.ts` re-ages the last week in small batches. This
 * module mirrors the formula for tests and documents the choice.
 *
 *   hot = 10000 * log10(max(1, 3 + score)) / (hours + 2) ^ 1.8,   0 after 7 days
 *
 * Why this one (Lemmy's), of the three usual ones:
 * - Reddit: log10(|score|) * sign + seconds / 45000. Never needs refreshing (the age term only
 *   grows), but a post's rank never falls: an old post with many votes outranks a fresh one for
 *   hours, and a heavily downvoted post goes below everything at once.
 * - Hacker News: (score - 1) / (hours + 2) ^ 1.8. Linear in votes, so one viral post holds the
 *   top for a day; and a new post with no votes ranks 0, under everything.
 * - Lemmy: the log damps runaway scores (10 votes ≈ 2.7x, 1000 votes ≈ 6.3x a new post), the
 *   `3 +` gives a new post a fair start above old ones, and the gravity of 1.8 halves the rank
 *   in about the first 2.5 hours, then slower. Its cost, a rank that decays, is bounded: after a
 *   week it is frozen at 0 and ties fall back to the newest first (the keyset is hot, post).
 */
export const HOT_WINDOW_MS = 7 * 24 * 3600 * 1000;
export const GRAVITY = 1.8;

export function hotRank(score: number, created: Date, at: Date = new Date()): number {
  const ageMs = at.getTime() - created.getTime();
  if (ageMs > HOT_WINDOW_MS) return 0;
  const hours = Math.max(ageMs / 3_600_000, 0);
  return (10_000 * Math.log10(Math.max(1, 3 + score))) / (hours + 2) ** GRAVITY;
}
