/**
 * Web Vitals per release: a page view's LCP, INP, CLS and TTFB (shell/src/remotes/signals.ts, sent
 * with the health report, beacons.ts) stored once per page view and release that drew it
 * (release_vitals, migration 0023), only for releases the page's health token names, as page
 * loads are (pageLoads.ts). A later report of the same page view replaces its figures. The guard
 * (health.ts, vitalsVerdict.ts) and the admin page (reads.ts) take the 75th percentile over the
 * guard's window.
 */

import type { ReleaseVitals } from 'shared-api/reads';
import type { RemoteDir } from 'shared-api/routes';
import type { ReleaseVitalsReport } from 'shared-api/validation';
import type { Db } from '../db/index.ts';
import type { PageRelease } from './healthToken.ts';
import { HEALTH_WINDOW_START } from './healthWindow.ts';
import { NO_VITALS, type VitalsSummary } from './vitalsVerdict.ts';

/** Stores a page view's vitals for `releases` (already checked against its token): rows written. */
export async function recordVitals(
  db: Db,
  pageId: string,
  releases: Pick<PageRelease, 'remote' | 'version'>[],
  vitals: ReleaseVitalsReport,
): Promise<number> {
  if (releases.length === 0) return 0;
  const value = (v: number | undefined) => (v === undefined ? null : v);
  const { rowCount } = await db.query(
    `INSERT INTO release_vitals AS v (token, remote, version, lcp, inp, cls, ttfb)
     SELECT $1, t.remote, t.version, $4, $5, $6, $7
       FROM unnest($2::text[], $3::text[]) AS t(remote, version)
       JOIN releases r ON r.remote = t.remote AND r.version = t.version
     ON CONFLICT (token, remote, version) DO UPDATE
       SET lcp = coalesce(excluded.lcp, v.lcp), inp = coalesce(excluded.inp, v.inp),
           cls = coalesce(excluded.cls, v.cls), ttfb = coalesce(excluded.ttfb, v.ttfb)`,
    [
      pageId,
      releases.map((r) => r.remote),
      releases.map((r) => r.version),
      value(vitals.lcp),
      value(vitals.inp),
      value(vitals.cls),
      value(vitals.ttfb),
    ],
  );
  return rowCount ?? 0;
}

/**
 * The p75 of each metric and how many page views had it, as a JSON object (`{lcp, lcp_n, …}`), of
 * `version` (SQL, a column of the channel `c`) over the guard's window: the admin page's figures
 * (reads.ts release_channels), served by release_vitals_window_idx.
 */
export const vitalsP75Json = (version: string) => `(
  SELECT json_build_object(
           'lcp', percentile_cont(0.75) WITHIN GROUP (ORDER BY v.lcp), 'lcp_n', count(v.lcp),
           'inp', percentile_cont(0.75) WITHIN GROUP (ORDER BY v.inp), 'inp_n', count(v.inp),
           'cls', percentile_cont(0.75) WITHIN GROUP (ORDER BY v.cls), 'cls_n', count(v.cls),
           'ttfb', percentile_cont(0.75) WITHIN GROUP (ORDER BY v.ttfb), 'ttfb_n', count(v.ttfb))
    FROM release_vitals v
   WHERE v.remote = c.remote AND v.version = ${version} AND v.seen >= ${HEALTH_WINDOW_START})`;

/** The row vitalsP75Json builds (ReleaseChannelRow's stable_vitals and canary_vitals). */
type VitalsP75Row = ReleaseVitals;

export const summaryOf = (row: VitalsP75Row | null | undefined): VitalsSummary =>
  row
    ? {
        lcp: { p75: row.lcp, samples: Number(row.lcp_n) },
        inp: { p75: row.inp, samples: Number(row.inp_n) },
        cls: { p75: row.cls, samples: Number(row.cls_n) },
        ttfb: { p75: row.ttfb, samples: Number(row.ttfb_n) },
      }
    : NO_VITALS;

/** Canary's and stable's vitals over the guard's window, for the guard (health.ts). */
export async function readChannelVitals(
  db: Db,
  remote: RemoteDir | string,
): Promise<{ canary: VitalsSummary; stable: VitalsSummary }> {
  const { rows } = await db.query<{ canary: VitalsP75Row | null; stable: VitalsP75Row | null }>(
    `SELECT ${vitalsP75Json('c.canary')} AS canary, ${vitalsP75Json('c.stable')} AS stable
       FROM release_channels c WHERE c.remote = $1`,
    [remote],
  );
  return { canary: summaryOf(rows[0]?.canary), stable: summaryOf(rows[0]?.stable) };
}
