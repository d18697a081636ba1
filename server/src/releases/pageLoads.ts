/**
 * A browser's report on the releases of one page load (shell/src/remotes/health.ts, sent to
 * `POST /api/release-health`, beacons.ts): counted only for the releases that page was given,
 * named by the token it was served with (healthToken.ts), once per page load and release
 * (release_page_loads, migration 0018), so made-up, replayed or misdirected reports move nothing.
 * The same holds for the page view's Web Vitals (vitals.ts) and its errors (errors.ts); the
 * shell's own errors count against the shell build this node serves.
 */
import { REMOTES, remoteNameOf } from 'shared-api/routes';
import type { ReleaseErrorReport, ReleaseHealthEvent, ReleaseVitalsReport } from 'shared-api/validation';
import type { Db } from '../db/index.ts';
import { recordErrors, SHELL } from './errors.ts';
import { type PageLoad, type PageRelease, readPageLoad, releaseOfReport } from './healthToken.ts';
import type { ReleaseRegistry } from './registry.ts';
import { recordVitals } from './vitals.ts';

const dirs = new Set<string>(Object.values(REMOTES));

/** The bit of each kind of failure in `release_page_loads.failed_kinds` (migration 0025). */
export const FAILURE_BITS = { 'load-failed': 1, render: 2, error: 4, hydration: 8 } as const;
export type FailureKind = keyof typeof FAILURE_BITS;

/** A browser's report: the releases' outcomes in one page load (shell/src/remotes/health.ts). */
export interface HealthReport {
  token: string;
  events: ReleaseHealthEvent[];
  vitals?: ReleaseVitalsReport | undefined;
  errors?: ReleaseErrorReport[] | undefined;
}

/** What a report moved: new outcomes, releases whose vitals were stored, errors counted. */
export interface Recorded {
  counted: number;
  vitals: number;
  errors: number;
}

/** A folder name (mf-chat) from a report's remote, which the shell names by its MF name (mf_chat). */
const dirOf = (remote: string): string | undefined =>
  dirs.has(remote) ? remote : REMOTES[remoteNameOf(remote) ?? ('' as never)];

/** The live release of this page a report names, or null. */
function pageRelease(
  page: PageLoad,
  registry: Pick<ReleaseRegistry, 'isLive'>,
  named: { remote: string; version?: string | undefined; channel?: 'stable' | 'canary' | undefined },
): PageRelease | null {
  const remote = dirOf(named.remote);
  if (!remote || !named.version || !named.channel) return null;
  const release = releaseOfReport(page, { remote, version: named.version, channel: named.channel });
  return release && registry.isLive(remote, release.version) ? release : null;
}

/** Records a report: its outcomes, its vitals and its errors, each against the releases it may name. */
export async function recordReport(
  db: Db,
  tokenKey: Buffer,
  registry: Pick<ReleaseRegistry, 'isLive'>,
  report: HealthReport,
  shellVersion: string,
): Promise<Recorded> {
  const page = readPageLoad(tokenKey, report.token);
  if (!page) return { counted: 0, vitals: 0, errors: 0 };
  const counted = await recordOutcomes(db, registry, page, report.events);
  let vitals = 0;
  if (report.vitals) {
    const drew = new Map<string, PageRelease>();
    for (const named of report.vitals.releases) {
      const release = pageRelease(page, registry, named);
      if (release) drew.set(`${release.remote}@${release.version}`, release);
    }
    vitals = await recordVitals(db, page.id, [...drew.values()], report.vitals);
  }
  const errors = (report.errors ?? []).flatMap((error) => {
    if (error.remote === SHELL) return [{ remote: SHELL, version: shellVersion, report: error }];
    const release = pageRelease(page, registry, error);
    return release ? [{ remote: release.remote, version: release.version, report: error }] : [];
  });
  return { counted, vitals, errors: errors.length ? await recordErrors(db, errors) : 0 };
}

/** Counts a report's outcomes: how many of its releases' outcomes were new (replays count nothing). */
async function recordOutcomes(
  db: Db,
  registry: Pick<ReleaseRegistry, 'isLive'>,
  page: PageLoad,
  events: ReleaseHealthEvent[],
): Promise<number> {
  // Per release of this page load: did it load (or fail to), did it fail, and how (a bit per kind).
  const outcomes = new Map<
    string,
    { remote: string; version: string; loaded: boolean; failed: boolean; kinds: number }
  >();
  for (const event of events) {
    const release = pageRelease(page, registry, event);
    if (!release) continue;
    const remote = release.remote;
    const key = `${remote}@${release.version}`;
    const outcome = outcomes.get(key) ?? {
      remote,
      version: release.version,
      loaded: false,
      failed: false,
      kinds: 0,
    };
    // A page load either loads the remote or fails to; render and uncaught errors come on
    // top of a load: they mark it failed, and count only once its load is counted.
    if (event.kind === 'load' || event.kind === 'load-failed') outcome.loaded = true;
    if (event.kind !== 'load') {
      outcome.failed = true;
      outcome.kinds |= FAILURE_BITS[event.kind];
    }
    outcomes.set(key, outcome);
  }
  if (outcomes.size === 0) return 0;
  const rows = [...outcomes.values()];
  // One row per page load and release: a replay, or a second report of the same outcome,
  // changes nothing; a failure reported before its load is kept and counts with it.
  const { rowCount } = await db.query(
    `INSERT INTO release_page_loads AS l (token, remote, version, loaded, failed, failed_kinds)
     SELECT $1, t.remote, t.version, t.loaded, t.failed, t.kinds
       FROM unnest($2::text[], $3::text[], $4::boolean[], $5::boolean[], $6::smallint[])
            AS t(remote, version, loaded, failed, kinds)
       JOIN releases r ON r.remote = t.remote AND r.version = t.version
     ON CONFLICT (token, remote, version) DO UPDATE
       SET loaded = l.loaded OR excluded.loaded, failed = l.failed OR excluded.failed,
           failed_kinds = l.failed_kinds | excluded.failed_kinds
     WHERE (excluded.loaded AND NOT l.loaded) OR (excluded.failed AND NOT l.failed)
        OR excluded.failed_kinds & ~l.failed_kinds <> 0`,
    [
      page.id,
      rows.map((row) => row.remote),
      rows.map((row) => row.version),
      rows.map((row) => row.loaded),
      rows.map((row) => row.failed),
      rows.map((row) => row.kinds),
    ],
  );
  return rowCount ?? 0;
}
