/**
 * A remote's channel (release_channels: its stable release, and optionally a canary for `percent`
 * % of cohorts, with a rollout's plan and the guard's verdict) and the release log (release_log:
 * who changed what, when, from which version to which, and why). Every change locks the channel
 * row (`lockChannel`), changes it, writes the log and announces it on the `releases` channel in
 * the same transaction (`logRelease`); every API node's registry listens (registry.ts) and
 * re-reads the channels (`readChannels`). NOTIFY is delivered at commit, so no node sees a
 * half-made change. The changes themselves are in changes.ts.
 */
import type { ReleaseChannel } from 'shared-api/contract';
import type { RemoteDir } from 'shared-api/routes';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';

export const RELEASES_CHANNEL = 'releases';

export interface Channel {
  remote: RemoteDir;
  stable: string;
  canary: string | null;
  percent: number;
  canary_started: Date | null;
  /** A progressive rollout's shares (rollout.ts), or null for a canary moved by hand. */
  steps: number[] | null;
  pause_seconds: number | null;
  /** When the canary reached its current share. */
  step_started: Date | null;
}

export const CHANNEL_COLUMNS =
  'remote, stable, canary, percent, canary_started, steps, pause_seconds, step_started';

/** What ends a canary: its plan and the guard's verdict on it go with it. */
export const NO_CANARY =
  'canary = NULL, percent = 0, canary_started = NULL, steps = NULL, pause_seconds = NULL, step_started = NULL, verdict = NULL, verdict_at = NULL';

/** A channel as the calls answer it (shared-api's ReleaseChannel). */
export function channelAnswer(channel: Channel): ReleaseChannel {
  return {
    remote: channel.remote,
    stable: channel.stable,
    canary: channel.canary,
    percent: channel.percent,
    canary_started: channel.canary_started?.toISOString() ?? null,
    steps: channel.steps,
    pause_seconds: channel.pause_seconds,
  };
}

export const releaseNotFound = (remote: string, version: string) =>
  new ApiError(404, 'RELEASE NOT FOUND', `${remote}@${version} is not published`);

export async function logRelease(
  tx: Queryable,
  entry: {
    remote: string;
    action: string;
    from?: string | null;
    to?: string | null;
    percent?: number | null;
    actor: string;
    reason?: string | null;
  },
  /** `notify: false` for entries that change no channel (previews, teams): no node re-reads them. */
  options: { notify?: boolean } = {},
): Promise<void> {
  await tx.query(
    `INSERT INTO release_log (remote, action, from_version, to_version, percent, actor, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      entry.remote,
      entry.action,
      entry.from ?? null,
      entry.to ?? null,
      entry.percent ?? null,
      entry.actor,
      entry.reason ?? null,
    ],
  );
  if (options.notify === false) return;
  await tx.query('SELECT pg_notify($1, $2)', [RELEASES_CHANNEL, JSON.stringify({ remote: entry.remote })]);
}

export async function lockChannel(tx: Queryable, remote: string): Promise<Channel | null> {
  const { rows } = await tx.query<Channel & Record<string, unknown>>(
    `SELECT ${CHANNEL_COLUMNS} FROM release_channels WHERE remote = $1 FOR UPDATE`,
    [remote],
  );
  return rows[0] ?? null;
}

export async function requireRelease(tx: Queryable, remote: string, version: string): Promise<void> {
  const { rows } = await tx.query('SELECT 1 FROM releases WHERE remote = $1 AND version = $2', [
    remote,
    version,
  ]);
  if (!rows[0]) throw releaseNotFound(remote, version);
}

export async function readChannels(db: Queryable): Promise<Channel[]> {
  const { rows } = await db.query<Channel & Record<string, unknown>>(
    `SELECT ${CHANNEL_COLUMNS} FROM release_channels ORDER BY remote`,
  );
  return rows;
}
