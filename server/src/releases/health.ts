/**
 * Canary health, and rollback without a person. Browsers report each remote they load, fail to
 * load, fail to render, or that throws an uncaught error (shell/src/remotes/health.ts; no personal
 * data), with the token their page was served with (healthToken.ts): a report counts only for the
 * releases that page was given, once per page load and release (release_page_loads, migration
 * 0018), so made-up, replayed or misdirected reports move nothing. Every few seconds each node
 * judges every running canary on the page loads all nodes saw since the canary started (at most
 * HEALTH_WINDOW_MINUTES back), against the stable release over the same time (verdict.ts).
 * A remote given a margin in RELEASE_VITALS_GUARD is judged on its canary's Web Vitals too
 * (vitals.ts, vitalsVerdict.ts). A canary judged worse is rolled back (changes.ts `rollback` with
 * `onlyCanary`, so of several nodes judging at once exactly one acts), the release log says why,
 * with the figures, and the node that acted posts the alert (alerts.ts), as it does for a rollout
 * promoted or held for lack of traffic.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { VitalsGuardVerdict } from 'shared-api/validation';
import { DEFAULT_HEALTH, type HealthOptions, type VitalsGuardOptions } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { ReleaseAlerts } from './alerts.ts';
import type { ChannelChanges } from './changes.ts';
import { sweepErrors } from './errors.ts';
import { type PageRelease, signPageLoad, siteKey } from './healthToken.ts';
import { HEALTH_WINDOW_START } from './healthWindow.ts';
import { type HealthReport, type Recorded, recordReport } from './pageLoads.ts';
import type { ReleaseRegistry } from './registry.ts';
import { decideStep, type StepStatus } from './rollout.ts';
import { type Counts, judgeCanary, type VerdictState } from './verdict.ts';
import { readChannelVitals } from './vitals.ts';
import { judgeVitals, type VitalsVerdict } from './vitalsVerdict.ts';

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
  /** The Web Vitals guard's words (vitalsVerdict.ts), or null when it is off for the remote. */
  vitals?: string | null;
  /** Its figures, which the admin page puts in words (null when it is off). */
  vitalsGuard?: VitalsGuardVerdict | null;
}

/** What the guard needs besides its own settings: the vitals guard, alerts, the shell's build. */
export interface HealthExtras {
  vitals: VitalsGuardOptions;
  alerts: Pick<ReleaseAlerts, 'send'>;
  /** The shell build this node serves: its own errors count against it (errors.ts). */
  shellVersion: string;
}

/** Page loads kept: the window, with room for a slow check. */
const KEEP_HOURS = 24;

export interface ReleaseHealth {
  /** The token a page hands its reports back with (registry.ts registryFor). */
  token(remotes: PageRelease[]): string;
  /** Records a report: its new outcomes (replays count nothing), vitals and errors (pageLoads.ts). */
  record(report: HealthReport): Promise<Recorded>;
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
  extras: HealthExtras = {
    vitals: { margins: {}, minSamples: 50 },
    alerts: { send() {} },
    shellVersion: 'unbuilt',
  },
): Promise<ReleaseHealth> {
  const { alerts } = extras;
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
      // Page load failures first; then, for a remote given a margin, the canary's Web Vitals.
      const margin = extras.vitals.margins[channel.remote];
      let vitals: VitalsVerdict | null = null;
      if (margin !== undefined && !verdict.rollback) {
        const figures = await readChannelVitals(db, channel.remote);
        vitals = judgeVitals(figures.canary, figures.stable, {
          margin,
          minSamples: extras.vitals.minSamples,
        });
      }
      if (verdict.rollback || vitals?.rollback) {
        const reason = verdict.rollback ? verdict.reason : vitals!.reason;
        const done = await changes.rollback({
          remote: channel.remote,
          actor: 'health guard',
          reason: `automatic rollback of ${canary}: ${reason}`,
          onlyCanary: canary,
        });
        if (done) {
          log.warn({ remote: channel.remote, canary, reason }, 'canary rolled back');
          alerts.send({
            event: 'auto-rollback',
            remote: channel.remote,
            version: canary,
            reason,
            to: done.channel.stable,
          });
        }
        continue;
      }
      const stepLoads = rows.find((r) => r.version === canary)?.step_loads ?? 0;
      const step = decideStep(channel, verdict, stepLoads, options.minSamples, new Date());
      if (step?.move) {
        const reason = `${verdict.reason}; ${stepLoads} page loads in step ${step.status.step} of ${step.status.of}`;
        const moved = await changes.moveStep({
          remote: channel.remote,
          canary,
          from: channel.percent,
          to: step.to,
          reason,
        });
        if (moved) {
          log.info({ remote: channel.remote, canary, to: step.to }, 'rollout moved on');
          if (step.to >= 100)
            alerts.send({
              event: 'auto-promotion',
              remote: channel.remote,
              version: canary,
              reason,
              from: channel.stable,
            });
          continue;
        }
      }
      if (step?.status.holding && (verdict.state === 'waiting' || stepLoads < options.minSamples)) {
        await announceHold(channel.remote, canary, channel.percent, step.status.holding);
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
        vitals: vitals?.reason ?? null,
        vitalsGuard: vitals?.figures ?? null,
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

  /**
   * A step held for lack of traffic is announced once per step, by the node whose UPDATE marks it
   * (hold_alerted, migration 0023): of several nodes judging at once exactly one sends.
   */
  const announceHold = async (remote: string, canary: string, percent: number, holding: string) => {
    const { rowCount } = await db.query(
      `UPDATE release_channels SET hold_alerted = step_started
        WHERE remote = $1 AND canary = $2 AND step_started IS NOT NULL
          AND hold_alerted IS DISTINCT FROM step_started`,
      [remote, canary],
    );
    if (rowCount)
      alerts.send({ event: 'step-held', remote, version: canary, reason: holding, from: String(percent) });
  };

  const sweep = async () => {
    if (Date.now() - lastSweep < 60_000) return;
    lastSweep = Date.now();
    await db.query(`DELETE FROM release_page_loads WHERE seen < now() - interval '${KEEP_HOURS} hours'`);
    await db.query(`DELETE FROM release_vitals WHERE seen < now() - interval '${KEEP_HOURS} hours'`);
    await sweepErrors(db);
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
    record: (report) => recordReport(db, key, registry, report, extras.shellVersion),
    check,
    async close() {
      clearInterval(timer);
      await checking?.catch(() => undefined);
    },
  };
}
