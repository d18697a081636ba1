/**
 * What the health guard counts, per live release, for the metrics (metrics/registry.ts
 * `watchReleaseHealth`): page loads and failed page loads in the guard's window (health.ts
 * `HEALTH_WINDOW_START`, the same rows it judges), and those by kind (pageLoads.ts FAILURE_BITS:
 * one page load may fail in several ways), the verdict it last stored for each canary,
 * and the automatic rollbacks of the release log. Read once per scrape, never per request. A
 * figure the guard comes to count later (Web Vitals…) is one more column here and one more
 * metric there.
 */
import type { Db } from '../db/index.ts';
import type { ReleaseFigures, ReleaseHealthFigures } from '../metrics/registry.ts';
import { HEALTH_WINDOW_START } from './healthWindow.ts';

export async function releaseHealthFigures(db: Db): Promise<ReleaseHealthFigures> {
  const [live, rollbacks] = await Promise.all([
    db.query<ReleaseFigures & Record<string, unknown>>(
      `SELECT c.remote, v.version, v.channel,
              count(l.*) FILTER (WHERE l.loaded)::int AS loads,
              count(l.*) FILTER (WHERE l.loaded AND l.failed)::int AS failures,
              json_build_object(
                'load-failed', count(l.*) FILTER (WHERE l.loaded AND l.failed_kinds & 1 <> 0),
                'render', count(l.*) FILTER (WHERE l.loaded AND l.failed_kinds & 2 <> 0),
                'error', count(l.*) FILTER (WHERE l.loaded AND l.failed_kinds & 4 <> 0),
                'hydration', count(l.*) FILTER (WHERE l.loaded AND l.failed_kinds & 8 <> 0)
              ) AS "failuresByKind",
              CASE WHEN v.channel = 'canary' THEN c.verdict->>'state' END AS verdict
         FROM release_channels c
        CROSS JOIN LATERAL (VALUES (c.stable, 'stable'), (c.canary, 'canary')) AS v(version, channel)
         LEFT JOIN release_page_loads l
                ON l.remote = c.remote AND l.version = v.version AND l.seen >= ${HEALTH_WINDOW_START}
        WHERE v.version IS NOT NULL
        GROUP BY c.remote, v.version, v.channel, c.verdict
        ORDER BY c.remote, v.channel`,
    ),
    // Every remote with a channel, at 0 before its first: a counter that appears at 1 would not
    // show as an increase (deploy/prometheus/gwar-rules.yml GwarCanaryRolledBack).
    db.query<{ remote: string; count: number }>(
      `SELECT c.remote, count(l.id)::int AS count
         FROM release_channels c
         LEFT JOIN release_log l ON l.remote = c.remote AND l.action = 'auto-rollback'
        GROUP BY c.remote`,
    ),
  ]);
  return { releases: live.rows, autoRollbacks: rollbacks.rows };
}
