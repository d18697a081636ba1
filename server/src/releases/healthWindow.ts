/**
 * The guard's window (health.ts): the page loads, vitals and figures it judges and the admin page
 * shows are those since the canary started, at most HEALTH_WINDOW_MINUTES back. Apart from
 * health.ts so that what it reads (vitals.ts) can name it without an import cycle.
 */

/** Minutes of page loads the guard judges, and the admin page shows: since the canary started, at most this. */
export const HEALTH_WINDOW_MINUTES = 30;

/**
 * The start of the window of a channel `c` (SQL, with `c.canary_started`): one expression for the
 * guard and the admin page (reads.ts), so both look at the same page loads.
 */
export const HEALTH_WINDOW_START = `greatest(coalesce(c.canary_started, '-infinity'), now() - interval '${HEALTH_WINDOW_MINUTES} minutes')`;
