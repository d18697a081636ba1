/**
 * Canary health, and rollback without a person. Browsers report each remote they load, fail to
 * load, fail to render, or that throws an uncaught error (shell/src/remotes/health.ts; no personal
 * data), with the token their page was served with (healthToken.ts): a report counts only for the
 * releases that page was given, once per page load and release (release_page_loads, migration
 * 0018), so made-up, replayed or misdirected reports move nothing. Every few seconds each node
 * judges every running canary on the page loads all nodes saw since the canary started (at most
 * HEALTH_WINDOW_MINUTES back), against the stable release over the same time (verdict.ts).
 * A canary judged worse is rolled back (changes.ts `rollback` with `onlyCanary`, so of several
 * nodes judging at once exactly one acts), and the release log says why, with the figures.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_HEALTH, type HealthOptions } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { ChannelChanges } from './changes.ts';
import { type PageRelease, signPageLoad, siteKey } from './healthToken.ts';
import { type HealthReport, recordReport } from './pageLoads.ts';
import type { ReleaseRegistry } from './registry.ts';
import { decideStep, type StepStatus } from './rollout.ts';
import { type Counts, judgeCanary, type VerdictState } from './verdict.ts';

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
 * guard and the admin page (reads.ts), so both look at the same page loads.
 */
export const HEALTH_WINDOW_START = `greatest(coalesce(c.canary_started, '-infinity'), now() - interval '${HEALTH_WINDOW_MINUTES} minutes')`;

/** Page loads kept: the window, with room for a slow check. */
const KEEP_HOURS = 24;

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
  changes: Pick<ChannelChanges, 'rollback' | 'moveStep'>,
  log: FastifyBaseLogger,
  options: HealthOptions = DEFAULT_HEALTH,
): Promise<ReleaseHealth> {
  const key = await siteKey(db, 'release-health');
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
        const done = await changes.rollback({
          remote: channel.remote,
          actor: 'health guard',
          reason: `automatic rollback of ${canary}: ${verdict.reason}`,
          onlyCanary: canary,
        });
        if (done) log.warn({ remote: channel.remote, canary, reason: verdict.reason }, 'canary rolled back');
        continue;
      }
      const stepLoads = rows.find((r) => r.version === canary)?.step_loads ?? 0;
      const step = decideStep(channel, verdict, stepLoads, options.minSamples, new Date());
      if (step?.move) {
        const moved = await changes.moveStep({
          remote: channel.remote,
          canary,
          from: channel.percent,
          to: step.to,
          reason: `${verdict.reason}; ${stepLoads} page loads in step ${step.status.step} of ${step.status.of}`,
        });
        if (moved) {
          log.info({ remote: channel.remote, canary, to: step.to }, 'rollout moved on');
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
    record: (report) => recordReport(db, key, registry, report),
    check,
    async close() {
      clearInterval(timer);
      await checking?.catch(() => undefined);
    },
  };
}
