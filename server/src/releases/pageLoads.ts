/**
 * A browser's report on the releases of one page load (shell/src/remotes/health.ts, sent to
 * `POST /api/release-health`, beacons.ts): counted only for the releases that page was given,
 * named by the token it was served with (healthToken.ts), once per page load and release
 * (release_page_loads, migration 0018), so made-up, replayed or misdirected reports move nothing.
 */
import { REMOTES, remoteNameOf } from 'shared-api/routes';
import type { ReleaseHealthEvent } from 'shared-api/validation';
import type { Db } from '../db/index.ts';
import { readPageLoad, releaseOfReport } from './healthToken.ts';
import type { ReleaseRegistry } from './registry.ts';

const dirs = new Set<string>(Object.values(REMOTES));

/** A browser's report: the releases' outcomes in one page load (shell/src/remotes/health.ts). */
export interface HealthReport {
  token: string;
  events: ReleaseHealthEvent[];
}

/** Counts a report: how many of its releases' outcomes were new (replays count nothing). */
export async function recordReport(
  db: Db,
  tokenKey: Buffer,
  registry: Pick<ReleaseRegistry, 'isLive'>,
  { token, events }: HealthReport,
): Promise<number> {
  const page = readPageLoad(tokenKey, token);
  if (!page) return 0;
  // Per release of this page load: did it load (or fail to), did it fail in any way.
  const outcomes = new Map<string, { remote: string; version: string; loaded: boolean; failed: boolean }>();
  for (const event of events) {
    const remote = dirs.has(event.remote)
      ? event.remote
      : REMOTES[remoteNameOf(event.remote) ?? ('' as never)];
    if (!remote) continue;
    const release = releaseOfReport(page, { remote, version: event.version, channel: event.channel });
    if (!release || !registry.isLive(remote, release.version)) continue;
    const key = `${remote}@${release.version}`;
    const outcome = outcomes.get(key) ?? {
      remote,
      version: release.version,
      loaded: false,
      failed: false,
    };
    // A page load either loads the remote or fails to; render and uncaught errors come on
    // top of a load: they mark it failed, and count only once its load is counted.
    if (event.kind === 'load' || event.kind === 'load-failed') outcome.loaded = true;
    if (event.kind !== 'load') outcome.failed = true;
    outcomes.set(key, outcome);
  }
  if (outcomes.size === 0) return 0;
  const rows = [...outcomes.values()];
  // One row per page load and release: a replay, or a second report of the same outcome,
  // changes nothing; a failure reported before its load is kept and counts with it.
  const { rowCount } = await db.query(
    `INSERT INTO release_page_loads AS l (token, remote, version, loaded, failed)
     SELECT $1, t.remote, t.version, t.loaded, t.failed
       FROM unnest($2::text[], $3::text[], $4::boolean[], $5::boolean[]) AS t(remote, version, loaded, failed)
       JOIN releases r ON r.remote = t.remote AND r.version = t.version
     ON CONFLICT (token, remote, version) DO UPDATE
       SET loaded = l.loaded OR excluded.loaded, failed = l.failed OR excluded.failed
     WHERE (excluded.loaded AND NOT l.loaded) OR (excluded.failed AND NOT l.failed)`,
    [
      page.id,
      rows.map((row) => row.remote),
      rows.map((row) => row.version),
      rows.map((row) => row.loaded),
      rows.map((row) => row.failed),
    ],
  );
  return rowCount ?? 0;
}
