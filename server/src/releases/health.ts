/**
 * Canary health, and rollback without a person. Browsers report each remote they load, fail to
 * load, fail to render, or that throws an uncaught error (shell/src/remotes/health.ts; one event
 * of each kind per remote and version per page load, no personal data). Each node counts them
 * in memory and adds its counts to release_health (per release and minute) every few seconds;
 * then it judges every running canary on what all nodes saw since the canary started (at most
 * `windowMinutes` back), against the stable release over the same time.
 *
 * The decision (`judgeCanary`):
 *  - samples: a canary is judged only after `minSamples` page loads of it (default 20);
 *  - threshold: its failure rate must exceed stable's by at least `margin` (default 5 points),
 *  - and the difference must be clear, not noise: a one-sided two-proportion z-test at z ≥ 3
 *    (about 1 in 740 by chance) when stable has `minSamples` loads too; otherwise against a 1 %
 *    baseline failure rate (or stable's, if higher).
 * A canary judged worse is rolled back (actions.ts `rollback` with `onlyCanary`, so of several
 * nodes judging at once exactly one acts), and the release log says why, with the figures.
 */
import type { FastifyBaseLogger } from 'fastify';
import { REMOTES, remoteNameOf } from 'shared-api/routes';
import type { ReleaseHealthEvent } from 'shared-api/validation';
import type { Db } from '../db/index.ts';
import { rollback } from './actions.ts';
import type { ReleaseRegistry } from './registry.ts';

export interface HealthOptions {
  minSamples: number;
  margin: number;
  z: number;
  windowMinutes: number;
  checkMs: number;
}

export const DEFAULT_HEALTH: HealthOptions = {
  minSamples: 20,
  margin: 0.05,
  z: 3,
  windowMinutes: 30,
  checkMs: 5000,
};

export interface Counts {
  loads: number;
  failures: number;
}

export interface Verdict {
  rollback: boolean;
  reason: string;
}

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

export function judgeCanary(
  canary: Counts,
  stable: Counts,
  options: Pick<HealthOptions, 'minSamples' | 'margin' | 'z'>,
): Verdict {
  const figures = `canary ${pct(canary.failures / Math.max(canary.loads, 1))} failed (${canary.failures} of ${canary.loads} page loads), stable ${pct(stable.failures / Math.max(stable.loads, 1))} (${stable.failures} of ${stable.loads})`;
  if (canary.loads < options.minSamples) {
    return { rollback: false, reason: `waiting for ${options.minSamples} page loads; ${figures}` };
  }
  const pc = Math.min(canary.failures / canary.loads, 1);
  const ps = stable.loads > 0 ? Math.min(stable.failures / stable.loads, 1) : 0;
  if (pc - ps < options.margin) return { rollback: false, reason: `healthy: ${figures}` };
  let z: number;
  if (stable.loads >= options.minSamples) {
    const pooled = (canary.failures + stable.failures) / (canary.loads + stable.loads);
    const se = Math.sqrt(pooled * (1 - pooled) * (1 / canary.loads + 1 / stable.loads));
    z = se > 0 ? (pc - ps) / se : Number.POSITIVE_INFINITY;
  } else {
    const baseline = Math.max(ps, 0.01);
    z = (pc - baseline) / Math.sqrt((baseline * (1 - baseline)) / canary.loads);
  }
  if (z < options.z)
    return { rollback: false, reason: `not clearly worse yet (z=${z.toFixed(1)}): ${figures}` };
  return { rollback: true, reason: `failure rate clearly worse than stable (z=${z.toFixed(1)}): ${figures}` };
}

export interface ReleaseHealth {
  record(events: ReleaseHealthEvent[]): number;
  /** Adds this node's counts to the database and judges the canaries (the timer does it too). */
  check(): Promise<void>;
  /** The last verdict per running canary, for the admin page. */
  verdicts(): Map<string, Verdict>;
  close(): Promise<void>;
}

export function startReleaseHealth(
  db: Db,
  registry: ReleaseRegistry,
  log: FastifyBaseLogger,
  options: HealthOptions = DEFAULT_HEALTH,
): ReleaseHealth {
  let pending = new Map<string, Counts>();
  const lastVerdicts = new Map<string, Verdict>();
  const dirs = new Set<string>(Object.values(REMOTES));

  const flush = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const remotes: string[] = [];
    const versions: string[] = [];
    const loads: number[] = [];
    const failures: number[] = [];
    for (const [key, counts] of batch) {
      const [remote, version] = key.split('@') as [string, string];
      remotes.push(remote);
      versions.push(version);
      loads.push(counts.loads);
      failures.push(counts.failures);
    }
    try {
      await db.query(
        `INSERT INTO release_health (remote, version, minute, loads, failures)
         SELECT r, v, date_trunc('minute', now()), l, f
           FROM unnest($1::text[], $2::text[], $3::int[], $4::int[]) AS t(r, v, l, f)
           JOIN releases ON releases.remote = t.r AND releases.version = t.v
         ON CONFLICT (remote, version, minute) DO UPDATE
           SET loads = release_health.loads + excluded.loads,
               failures = release_health.failures + excluded.failures`,
        [remotes, versions, loads, failures],
      );
    } catch (error) {
      // Put them back: counts are not lost to a database hiccup.
      for (const [key, counts] of batch) {
        const into = pending.get(key) ?? { loads: 0, failures: 0 };
        into.loads += counts.loads;
        into.failures += counts.failures;
        pending.set(key, into);
      }
      throw error;
    }
  };

  const judge = async () => {
    const running = registry.channels().filter((c) => c.canary && c.canary_started);
    lastVerdicts.clear();
    for (const channel of running) {
      const { rows } = await db.query<{ version: string; loads: number; failures: number }>(
        `SELECT version, sum(loads)::int AS loads, sum(failures)::int AS failures
           FROM release_health
          WHERE remote = $1 AND version = ANY($2::text[])
            AND minute >= greatest(date_trunc('minute', $3::timestamptz), now() - make_interval(mins => $4))
          GROUP BY version`,
        [channel.remote, [channel.stable, channel.canary], channel.canary_started, options.windowMinutes],
      );
      const of = (version: string | null): Counts => {
        const row = rows.find((r) => r.version === version);
        return { loads: row?.loads ?? 0, failures: row?.failures ?? 0 };
      };
      const verdict = judgeCanary(of(channel.canary), of(channel.stable), options);
      lastVerdicts.set(channel.remote, verdict);
      if (!verdict.rollback) continue;
      const done = await rollback(db, {
        remote: channel.remote,
        actor: 'health guard',
        reason: `automatic rollback of ${channel.canary}: ${verdict.reason}`,
        onlyCanary: channel.canary!,
      });
      if (done) {
        log.warn(
          { remote: channel.remote, canary: channel.canary, reason: verdict.reason },
          'canary rolled back',
        );
        await registry.refresh();
      }
    }
  };

  let checking: Promise<void> | null = null;
  const check = () => {
    checking ??= (async () => {
      try {
        await flush();
        await judge();
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
    record(events) {
      let counted = 0;
      for (const event of events) {
        const remote = dirs.has(event.remote)
          ? event.remote
          : REMOTES[remoteNameOf(event.remote) ?? ('' as never)];
        if (!remote || !registry.isLive(remote, event.version)) continue;
        const key = `${remote}@${event.version}`;
        const counts = pending.get(key) ?? { loads: 0, failures: 0 };
        // A page load either loads the remote or fails to; render and uncaught errors come on top
        // of a load, so they count as failures without adding a page load.
        if (event.kind === 'load' || event.kind === 'load-failed') counts.loads += 1;
        if (event.kind !== 'load') counts.failures += 1;
        pending.set(key, counts);
        counted++;
      }
      return counted;
    },
    check,
    verdicts: () => new Map(lastVerdicts),
    async close() {
      clearInterval(timer);
      await checking?.catch(() => undefined);
      await flush().catch(() => undefined);
    },
  };
}
