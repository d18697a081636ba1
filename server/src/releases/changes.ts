/**
 * Every change to who gets which release, each one transaction on the remote's channel row
 * (channels.ts: locked, changed, logged and announced to every node at commit), then this node's
 * registry re-reads the channels at once (the others on the announcement). People change
 * channels through the calls (calls/canary.ts, rollout.ts, promote.ts, rollback.ts: a team's
 * token or an admin); the health guard through the same functions (health.ts: a rollback of a
 * failing canary, a rollout's next step). A switch that puts a release live is first checked
 * against the shell served now (`FitsShell`).
 */
import type { RemoteDir } from 'shared-api/routes';
import type { Db, Queryable } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';
import {
  CHANNEL_COLUMNS,
  type Channel,
  lockChannel,
  logRelease,
  NO_CANARY,
  requireRelease,
} from './channels.ts';
import type { ReleaseRegistry } from './registry.ts';
import { describePlan, type RolloutPlan } from './rollout.ts';

export interface CanaryInput {
  remote: RemoteDir;
  version: string;
  percent: number;
  actor: string;
  force?: boolean;
  reason?: string | null;
  plan?: RolloutPlan;
}

export interface PromoteInput {
  remote: RemoteDir;
  /** By default the running canary. */
  version?: string | undefined;
  actor: string;
}

export interface RollbackInput {
  remote: RemoteDir;
  /** An earlier release to make stable; by default the canary ends, or stable goes back one. */
  version?: string | undefined;
  actor: string;
  reason?: string;
  /** The health guard: only while this canary still runs (of several nodes, exactly one acts). */
  onlyCanary?: string;
}

/** What a rollback did: the channel after it, and the change in words. */
export interface Rollback {
  channel: Channel;
  action: string;
}

/** A rollout's canary `canary`, as the guard saw it at `from` %, moving to `to` % (100: promoted). */
export interface StepInput {
  remote: RemoteDir;
  canary: string;
  from: number;
  to: number;
  reason: string;
}

/**
 * The shell check of a release about to go live (validate.ts storedReleaseProblems): the same
 * rules as at upload, against the shell served now. Only a release that was not live is
 * checked: a canary promoted by the guard's last step, or ended by its rollback, already was.
 * `tx` is the switch's transaction, through which the release's prefix is read when this node
 * does not know it yet (on PGlite a query outside the transaction would wait for it).
 */
export type FitsShell = (version: string, tx: Queryable) => Promise<string[]>;

async function requireFit(fits: FitsShell, version: string, tx: Queryable): Promise<void> {
  const problems = await fits(version, tx);
  if (problems.length) throw new ApiError(400, 'RELEASE REFUSED', problems.join('; '));
}

function needChannel(channel: Channel | null, remote: string): Channel {
  if (!channel)
    throw new ApiError(404, 'RELEASE NOT FOUND', `${remote} has no release yet: publish one first`);
  return channel;
}

/** The health guard's last rollback of `version`, if it rolled it back: the release is quarantined. */
async function quarantineOf(
  tx: Queryable,
  remote: string,
  version: string,
): Promise<{ reason: string | null; created: Date } | null> {
  const { rows } = await tx.query<{ reason: string | null; created: Date }>(
    `SELECT reason, created FROM release_log
      WHERE remote = $1 AND action = 'auto-rollback' AND from_version = $2
      ORDER BY id DESC LIMIT 1`,
    [remote, version],
  );
  return rows[0] ?? null;
}

/**
 * Starts a canary of `version` for `percent` % of visitors, or changes its share; with a `plan`,
 * a progressive rollout from its first share, which the health guard moves on (rollout.ts). A
 * share set by hand ends a running plan. A release the health guard rolled back is refused
 * (409 RELEASE QUARANTINED) unless `force` comes with a reason, which the log keeps. Its health
 * window starts empty: it counts page loads from the new canary's start (health.ts), never the
 * ones that had it rolled back.
 */
async function setCanary(db: Db, fits: FitsShell, input: CanaryInput): Promise<Channel> {
  const { remote, version, actor, plan } = input;
  const percent = plan ? plan.steps[0]! : input.percent;
  return db.transaction(async (tx) => {
    const channel = needChannel(await lockChannel(tx, remote), remote);
    await requireRelease(tx, remote, version);
    if (channel.stable === version) {
      throw new ApiError(409, 'RELEASE IS STABLE', `${remote}@${version} is already the stable release`);
    }
    const same = channel.canary === version;
    const quarantine = same ? null : await quarantineOf(tx, remote, version);
    if (quarantine && !(input.force && input.reason)) {
      throw new ApiError(
        409,
        'RELEASE QUARANTINED',
        `${remote}@${version} was rolled back by the health guard (${quarantine.created.toISOString()}): ${quarantine.reason ?? 'no reason recorded'}. To canary it again, force it and say why.`,
      );
    }
    if (!same) await requireFit(fits, version, tx);
    const { rows } = await tx.query<Channel & Record<string, unknown>>(
      `UPDATE release_channels
          SET canary = $2, percent = $3, updated = now(), steps = $4, pause_seconds = $5,
              canary_started = CASE WHEN canary = $2 THEN canary_started ELSE now() END,
              step_started = CASE WHEN canary = $2 AND percent = $3 THEN step_started ELSE now() END,
              verdict = CASE WHEN canary = $2 THEN verdict END,
              verdict_at = CASE WHEN canary = $2 THEN verdict_at END
        WHERE remote = $1 RETURNING ${CHANNEL_COLUMNS}`,
      [remote, version, percent, plan?.steps ?? null, plan?.pauseSeconds ?? null],
    );
    const why = [
      same ? `share ${channel.percent}% → ${percent}%` : null,
      plan ? describePlan(plan) : same && channel.steps ? 'rollout stopped: share set by hand' : null,
      quarantine ? `quarantine lifted: ${input.reason}` : same ? null : (input.reason ?? null),
    ].filter(Boolean);
    await logRelease(tx, {
      remote,
      action: same ? 'percent' : 'canary',
      from: same ? version : channel.canary,
      to: version,
      percent,
      actor,
      reason: why.length ? why.join('; ') : null,
    });
    return rows[0]!;
  });
}

/** Makes `version` (by default the running canary) stable for everybody and ends the canary. */
async function promote(db: Db, fits: FitsShell, input: PromoteInput): Promise<Channel> {
  const { remote, actor } = input;
  return db.transaction(async (tx) => {
    const channel = needChannel(await lockChannel(tx, remote), remote);
    const version = input.version ?? channel.canary;
    if (!version) throw new ApiError(409, 'NO CANARY', `${remote} has no canary to promote: name a version`);
    await requireRelease(tx, remote, version);
    if (channel.stable === version && !channel.canary) return channel;
    if (channel.stable !== version) await requireFit(fits, version, tx);
    const { rows } = await tx.query<Channel & Record<string, unknown>>(
      `UPDATE release_channels SET stable = $2, ${NO_CANARY}, updated = now()
        WHERE remote = $1 RETURNING ${CHANNEL_COLUMNS}`,
      [remote, version],
    );
    await logRelease(tx, { remote, action: 'promote', from: channel.stable, to: version, actor });
    return rows[0]!;
  });
}

/**
 * Rolls back: with a version, makes that published version stable (and ends any canary);
 * without one, ends the running canary, or, when there is none, returns stable to the release
 * that was stable before it (the last promotion to the current stable says which).
 * `onlyCanary` (the health guard) acts only while that canary is still running.
 */
async function rollback(db: Db, fits: FitsShell, input: RollbackInput): Promise<Rollback | null> {
  const { remote, actor } = input;
  return db.transaction(async (tx) => {
    const channel = needChannel(await lockChannel(tx, remote), remote);
    if (input.onlyCanary !== undefined && channel.canary !== input.onlyCanary) return null;
    const action = input.onlyCanary !== undefined ? 'auto-rollback' : 'rollback';
    let stable = channel.stable;
    let description: string;
    if (input.version) {
      await requireRelease(tx, remote, input.version);
      stable = input.version;
      description = `stable ${channel.stable} → ${stable}${channel.canary ? `, canary ${channel.canary} ended` : ''}`;
    } else if (channel.canary) {
      description = `canary ${channel.canary} ended; everybody gets ${stable}`;
    } else {
      const { rows } = await tx.query<{ from_version: string | null }>(
        `SELECT from_version FROM release_log
          WHERE remote = $1 AND action = 'promote' AND to_version = $2
          ORDER BY id DESC LIMIT 1`,
        [remote, channel.stable],
      );
      const previous = rows[0]?.from_version;
      if (!previous) {
        throw new ApiError(
          409,
          'NO EARLIER RELEASE',
          `${remote}@${channel.stable} is its first stable release`,
        );
      }
      stable = previous;
      description = `stable ${channel.stable} → ${stable} (the one before it)`;
    }
    if (stable !== channel.stable) await requireFit(fits, stable, tx);
    const { rows } = await tx.query<Channel & Record<string, unknown>>(
      `UPDATE release_channels SET stable = $2, ${NO_CANARY}, updated = now()
        WHERE remote = $1 RETURNING ${CHANNEL_COLUMNS}`,
      [remote, stable],
    );
    await logRelease(tx, {
      remote,
      action,
      from: channel.canary ?? channel.stable,
      to: stable,
      actor,
      reason: input.reason ?? description,
    });
    return { channel: rows[0]!, action: description };
  });
}

/**
 * Moves a rollout's canary `canary` from `from` % to `to` % (100: promotes it), if the channel
 * is still where the guard saw it. Returns false when another node, or a person, changed it first.
 */
async function moveStep(db: Db, input: StepInput): Promise<boolean> {
  const { remote, canary, from, to, reason } = input;
  return db.transaction(async (tx) => {
    const channel = await lockChannel(tx, remote);
    if (!channel || channel.canary !== canary || channel.percent !== from || !channel.steps) return false;
    if (to >= 100) {
      await tx.query(
        `UPDATE release_channels
            SET stable = canary, ${NO_CANARY}, updated = now() WHERE remote = $1`,
        [remote],
      );
      await logRelease(tx, {
        remote,
        action: 'promote',
        from: channel.stable,
        to: canary,
        actor: 'health guard',
        reason: `rollout of ${canary} complete: ${reason}`,
      });
    } else {
      await tx.query(
        'UPDATE release_channels SET percent = $2, step_started = now(), updated = now() WHERE remote = $1',
        [remote, to],
      );
      await logRelease(tx, {
        remote,
        action: 'step',
        from: canary,
        to: canary,
        percent: to,
        actor: 'health guard',
        reason: `${from}% → ${to}%: ${reason}`,
      });
    }
    return true;
  });
}

/** The changes above, each followed by this node's registry refresh. */
export interface ChannelChanges {
  /** A canary, its new share, or a progressive rollout (`plan`). */
  setCanary(input: CanaryInput): Promise<Channel>;
  /** A release (by default the canary) stable for everybody. */
  promote(input: PromoteInput): Promise<Channel>;
  /** The canary ended, or stable back to an earlier release; null when `onlyCanary` no longer runs. */
  rollback(input: RollbackInput): Promise<Rollback | null>;
  /** The guard moves a rollout on; false when someone changed the channel first. */
  moveStep(input: StepInput): Promise<boolean>;
}

/**
 * The changes of one node: each checks what it puts live with `fitsShell(remote)` and, once it
 * committed a change, refreshes `registry`.
 */
export function createChannelChanges(
  db: Db,
  registry: Pick<ReleaseRegistry, 'refresh'>,
  fitsShell: (remote: RemoteDir) => FitsShell,
): ChannelChanges {
  return {
    async setCanary(input) {
      const channel = await setCanary(db, fitsShell(input.remote), input);
      await registry.refresh();
      return channel;
    },
    async promote(input) {
      const channel = await promote(db, fitsShell(input.remote), input);
      await registry.refresh();
      return channel;
    },
    async rollback(input) {
      const done = await rollback(db, fitsShell(input.remote), input);
      if (done) await registry.refresh();
      return done;
    },
    async moveStep(input) {
      const moved = await moveStep(db, input);
      if (moved) await registry.refresh();
      return moved;
    },
  };
}
