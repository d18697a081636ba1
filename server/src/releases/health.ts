/**
 * Canary health, and rollback without a person. Browsers report each remote they load, fail to
 * load, fail to render, or that throws an uncaught error (shell/src/remotes/health.ts; no personal
 * data), with the token their page was served with (healthToken.ts): a report counts only for the
 * releases that page was given, once per page load and release (release_page_loads, migration
 * 0018), so made-up, replayed or misdirected reports move nothing. Every few seconds each node
 * judges every running canary on the page loads all nodes saw since the canary started (at most
 * HEALTH_WINDOW_MINUTES back), against the stable release over the same time.
 *
 * The decision (`judgeCanary`), on distinct page loads (failures never exceed loads):
 *  - samples: a canary is judged only after `minSamples` page loads of it (default 20) and
 *    `minFailures` failed ones (default 5): a few unlucky loads never roll anything back;
 *  - threshold: its failure rate must exceed stable's by at least `margin` (default 5 points).
 *    Stable counts as failing at most `stableCap` (5 %): more is an outage of its own or someone
 *    reporting failures of stable to shield a canary, and rolling a canary back to stable is the
 *    safe way to be wrong;
 *  - and the difference must be clear, not noise, by a test exact at small counts: Fisher's exact
 *    test (one-sided) against stable when stable has `minSamples` loads and fails at most
 *    `stableCap`, otherwise an exact binomial test against a reference rate (stable's, at least
 *    `baseline` 1 %, at most `stableCap`); rolled back
 *    when the chance of a canary at least this bad being as good as stable is under `alpha`
 *    (default 0.001).
 * A canary judged worse is rolled back (actions.ts `rollback` with `onlyCanary`, so of several
 * nodes judging at once exactly one acts), and the release log says why, with the figures.
 */
import binomialCdf from '@stdlib/stats-base-dists-binomial-cdf';
import hypergeometricCdf from '@stdlib/stats-base-dists-hypergeometric-cdf';
import type { FastifyBaseLogger } from 'fastify';
import { REMOTES, remoteNameOf } from 'shared-api/routes';
import type { ReleaseHealthEvent } from 'shared-api/validation';
import type { Db } from '../db/index.ts';
import { rollback } from './actions.ts';
import { type PageRelease, readPageLoad, releaseOfReport, signPageLoad, siteKey } from './healthToken.ts';
import type { ReleaseRegistry } from './registry.ts';
import { decideStep, moveStep, type StepStatus } from './rollout.ts';

export interface HealthOptions {
  minSamples: number;
  minFailures: number;
  margin: number;
  alpha: number;
  baseline: number;
  stableCap: number;
  checkMs: number;
}

export const DEFAULT_HEALTH: HealthOptions = {
  minSamples: 20,
  minFailures: 5,
  margin: 0.05,
  alpha: 0.001,
  baseline: 0.01,
  stableCap: 0.05,
  checkMs: 5000,
};

export interface Counts {
  loads: number;
  failures: number;
}

/**
 * What the guard makes of a canary: `waiting` for enough page loads; `healthy`; `suspect` (worse
 * than stable by the margin, but not clearly, yet); `failing` (rolled back).
 */
export type VerdictState = 'waiting' | 'healthy' | 'suspect' | 'failing';

export interface Verdict {
  rollback: boolean;
  state: VerdictState;
  /** In words, with the figures: the release log and the CLI show it. */
  reason: string;
  /** The counts judged (failures never above loads). */
  canary: Counts;
  stable: Counts;
  /** The exact test's p-value, when it came to that. */
  p?: number;
}

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

/** Failures are failed page loads: never more than the loads (a report can only add one of each). */
const clamp = (counts: Counts): Counts => ({
  loads: Math.max(counts.loads, 0),
  failures: Math.min(Math.max(counts.failures, 0), Math.max(counts.loads, 0)),
});

/**
 * The chance that a canary at least this bad comes from a release as good as stable: Fisher's
 * exact test (the canary's failures among all failures, drawn as its share of all loads), or,
 * while stable has too few loads of its own, an exact binomial test against `baseline`.
 */
export function chanceOfNoWorse(
  canary: Counts,
  stable: Counts,
  options: Pick<HealthOptions, 'minSamples' | 'baseline' | 'stableCap'>,
): number {
  if (canary.failures === 0) return 1;
  const stableRate = stable.loads > 0 ? stable.failures / stable.loads : 0;
  if (stable.loads >= options.minSamples && stableRate <= options.stableCap) {
    const loads = canary.loads + stable.loads;
    const failures = canary.failures + stable.failures;
    return Math.max(0, 1 - hypergeometricCdf(canary.failures - 1, loads, failures, canary.loads));
  }
  const rate = Math.min(Math.max(stableRate, options.baseline), options.stableCap);
  return Math.max(0, 1 - binomialCdf(canary.failures - 1, canary.loads, rate));
}

export function judgeCanary(
  canaryCounts: Counts,
  stableCounts: Counts,
  options: Pick<HealthOptions, 'minSamples' | 'minFailures' | 'margin' | 'alpha' | 'baseline' | 'stableCap'>,
): Verdict {
  const canary = clamp(canaryCounts);
  const stable = clamp(stableCounts);
  const figures = `canary ${pct(canary.failures / Math.max(canary.loads, 1))} failed (${canary.failures} of ${canary.loads} page loads), stable ${pct(stable.failures / Math.max(stable.loads, 1))} (${stable.failures} of ${stable.loads})`;
  const counts = { canary, stable };
  if (canary.loads < options.minSamples) {
    return {
      rollback: false,
      state: 'waiting',
      reason: `waiting for ${options.minSamples} page loads; ${figures}`,
      ...counts,
    };
  }
  if (canary.failures < options.minFailures) {
    return {
      rollback: false,
      state: 'healthy',
      reason: `healthy (fewer than ${options.minFailures} failed page loads): ${figures}`,
      ...counts,
    };
  }
  const pc = canary.failures / canary.loads;
  const ps = Math.min(stable.loads > 0 ? stable.failures / stable.loads : 0, options.stableCap);
  if (pc - ps < options.margin)
    return { rollback: false, state: 'healthy', reason: `healthy: ${figures}`, ...counts };
  const chance = chanceOfNoWorse(canary, stable, options);
  const p = chance < 0.0001 ? chance.toExponential(1) : chance.toFixed(4);
  if (chance >= options.alpha)
    return {
      rollback: false,
      state: 'suspect',
      reason: `not clearly worse yet (p=${p}): ${figures}`,
      p: chance,
      ...counts,
    };
  return {
    rollback: true,
    state: 'failing',
    reason: `failure rate clearly worse than stable (p=${p}): ${figures}`,
    p: chance,
    ...counts,
  };
}

/**
 * The guard's verdict as it keeps it with the channel (release_channels.verdict): the admin page
 * and the CLI show the guard's own reasoning, the same whichever node they ask.
 */
export interface StoredVerdict {
  state: VerdictState;
  reason: string;
  canary: Counts;
  stable: Counts;
  p?: number;
  minSamples: number;
  minFailures: number;
  /** Where a progressive rollout stands (rollout.ts), or null for a canary moved by hand. */
  step: StepStatus | null;
}

/** Minutes of page loads the guard judges, and the admin page shows: since the canary started, at most this. */
export const HEALTH_WINDOW_MINUTES = 30;

/**
 * The start of the window of a channel `c` (SQL, with `c.canary_started`): one expression for the
 * guard and the admin page (read/releases.ts), so both look at the same page loads.
 */
export const HEALTH_WINDOW_START = `greatest(coalesce(c.canary_started, '-infinity'), now() - interval '${HEALTH_WINDOW_MINUTES} minutes')`;

/** Page loads kept: the window, with room for a slow check. */
const KEEP_HOURS = 24;

/** A browser's report: the releases' outcomes in one page load (shell/src/remotes/health.ts). */
export interface HealthReport {
  token: string;
  events: ReleaseHealthEvent[];
}

export interface ReleaseHealth {
  /** The token a page hands its reports back with (registry.ts registryFor). */
  token(remotes: PageRelease[]): string;
  /** Counts a report: how many of its releases' outcomes were new (replays count nothing). */
  record(report: HealthReport): Promise<number>;
  /** Judges the canaries now (the timer does it too). */
  check(): Promise<void>;
  close(): Promise<void>;
}

export async function startReleaseHealth(
  db: Db,
  registry: ReleaseRegistry,
  log: FastifyBaseLogger,
  options: HealthOptions = DEFAULT_HEALTH,
): Promise<ReleaseHealth> {
  const key = await siteKey(db, 'release-health');
  const dirs = new Set<string>(Object.values(REMOTES));
  let lastSweep = 0;

  /** What this node last wrote as each canary's verdict: written again only when it changes. */
  const written = new Map<string, string>();

  const judge = async () => {
    const running = registry.channels().filter((c) => c.canary && c.canary_started);
    for (const remote of written.keys()) {
      if (!running.some((c) => c.remote === remote)) written.delete(remote);
    }
    for (const channel of running) {
      const { rows } = await db.query<{
        version: string;
        loads: number;
        failures: number;
        step_loads: number;
      }>(
        `SELECT l.version, count(*) FILTER (WHERE l.loaded)::int AS loads,
                count(*) FILTER (WHERE l.loaded AND l.failed)::int AS failures,
                count(*) FILTER (WHERE l.loaded AND l.seen >= coalesce(c.step_started, c.canary_started))::int AS step_loads
           FROM release_channels c
           JOIN release_page_loads l ON l.remote = c.remote AND l.version IN (c.stable, c.canary)
          WHERE c.remote = $1 AND l.seen >= ${HEALTH_WINDOW_START}
          GROUP BY l.version`,
        [channel.remote],
      );
      const of = (version: string | null): Counts => {
        const row = rows.find((r) => r.version === version);
        return { loads: row?.loads ?? 0, failures: row?.failures ?? 0 };
      };
      const canary = channel.canary!;
      const verdict = judgeCanary(of(canary), of(channel.stable), options);
      if (verdict.rollback) {
        const done = await rollback(db, {
          remote: channel.remote,
          actor: 'health guard',
          reason: `automatic rollback of ${canary}: ${verdict.reason}`,
          onlyCanary: canary,
        });
        if (done) {
          log.warn({ remote: channel.remote, canary, reason: verdict.reason }, 'canary rolled back');
          await registry.refresh();
        }
        continue;
      }
      const stepLoads = rows.find((r) => r.version === canary)?.step_loads ?? 0;
      const step = decideStep(channel, verdict, stepLoads, options.minSamples, new Date());
      if (step?.move) {
        const moved = await moveStep(db, {
          remote: channel.remote,
          canary,
          from: channel.percent,
          to: step.to,
          reason: `${verdict.reason}; ${stepLoads} page loads in step ${step.status.step} of ${step.status.of}`,
        });
        if (moved) {
          log.info({ remote: channel.remote, canary, to: step.to }, 'rollout moved on');
          await registry.refresh();
          continue;
        }
      }
      const stored: StoredVerdict = {
        state: verdict.state,
        reason: step?.status.holding ? `${verdict.reason}; holding: ${step.status.holding}` : verdict.reason,
        canary: verdict.canary,
        stable: verdict.stable,
        ...(verdict.p !== undefined ? { p: verdict.p } : {}),
        minSamples: options.minSamples,
        minFailures: options.minFailures,
        step: step?.status ?? null,
      };
      const text = JSON.stringify(stored);
      if (written.get(channel.remote) === text) continue;
      await db.query(
        'UPDATE release_channels SET verdict = $3::jsonb, verdict_at = now() WHERE remote = $1 AND canary = $2',
        [channel.remote, canary, text],
      );
      written.set(channel.remote, text);
    }
  };

  const sweep = async () => {
    if (Date.now() - lastSweep < 60_000) return;
    lastSweep = Date.now();
    await db.query(`DELETE FROM release_page_loads WHERE seen < now() - interval '${KEEP_HOURS} hours'`);
  };

  let checking: Promise<void> | null = null;
  const check = () => {
    checking ??= (async () => {
      try {
        await judge();
        await sweep();
      } finally {
        checking = null;
      }
    })();
    return checking;
  };
  const timer = setInterval(() => {
    check().catch((error) => log.warn({ err: error }, 'release health check failed; will try again'));
  }, options.checkMs);
  timer.unref();

  return {
    token: (remotes) => signPageLoad(key, remotes),
    async record({ token, events }) {
      const page = readPageLoad(key, token);
      if (!page) return 0;
      // Per release of this page load: did it load (or fail to), did it fail in any way.
      const outcomes = new Map<
        string,
        { remote: string; version: string; loaded: boolean; failed: boolean }
      >();
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
    },
    check,
    async close() {
      clearInterval(timer);
      await checking?.catch(() => undefined);
    },
  };
}
