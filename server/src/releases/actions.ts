/**
 * Every change to the releases, each one transaction: the remote's channel row is locked
 * (`FOR UPDATE`), changed, the change is written to the release log (who, what, from which
 * version to which) and announced on the `releases` channel, which every API node's registry
 * listens to (registry.ts). NOTIFY is delivered at commit, so no node sees a half-made change.
 */
import { createHash } from 'node:crypto';
import type { ReleaseChannel } from 'shared-api/contract';
import type { RemoteDir } from 'shared-api/routes';
import type { Db, Queryable } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';
import { compressVariants, isCompressible } from './compress.ts';
import { releasePrefix } from './prefixes.ts';
import type { BlobStore } from './store.ts';
import type { ReleaseFiles } from './tarball.ts';
import type { ReleaseInfo } from './validate.ts';

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

const CHANNEL_COLUMNS = 'remote, stable, canary, percent, canary_started, steps, pause_seconds, step_started';

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

/** sha256 over the sorted names and bytes: the same build always has the same digest. */
export function digestOf(files: ReleaseFiles): string {
  const hash = createHash('sha256');
  for (const name of [...files.keys()].sort()) {
    hash.update(name).update('\0').update(files.get(name)!).update('\0');
  }
  return hash.digest('hex');
}

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

export interface PublishResult {
  remote: RemoteDir;
  version: string;
  digest: string;
  /** false when this very build was already published under this version (a retried upload). */
  created: boolean;
  /** true when it became stable because the remote had no release yet. */
  stable: boolean;
}

const releaseExists = (remote: string, version: string) =>
  new ApiError(
    409,
    'RELEASE EXISTS',
    `${remote}@${version} is already published with other files; versions are immutable, publish a new one`,
  );

/**
 * Stores a validated release and records it; one upload of a version wins, intact.
 *
 * The files go under a prefix named by their digest, `<remote>/<version>/<digest>/` (prefixes.ts
 * releasePrefix), never deleted before writing: uploads of other bytes write elsewhere, uploads
 * of the same bytes write the same bytes to the same keys (each put is atomic per file, store.ts),
 * so whatever runs at the same time, a prefix only ever holds its digest's files. Then one
 * transaction inserts the row naming the prefix; the primary key (remote, version) lets exactly
 * one upload in. Only what a row names is served (`/mf/` resolves a version to its recorded
 * prefix), so files of an upload still running or refused are never seen.
 *
 * The loser with the same digest is a retry (200, created: false). A loser with other bytes is
 * refused (409 RELEASE EXISTS) and removes its own prefix, but only once the version is recorded
 * under another prefix: then no row can ever name it (rows are never changed), whereas while no
 * row exists an upload of the same bytes may still be writing there to win. An upload that fails
 * otherwise (the store or the database away) leaves its files, never served, rewritten as they
 * are by its retry.
 */
export async function publishRelease(
  db: Db,
  store: BlobStore,
  input: { remote: RemoteDir; version: string; files: ReleaseFiles; info: ReleaseInfo; actor: string },
): Promise<PublishResult> {
  const { remote, version, files, info, actor } = input;
  const digest = digestOf(files);
  const prefix = releasePrefix(remote, version, digest);
  const recordedPrefix = async (via: Queryable) =>
    (
      await via.query<{ digest: string; prefix: string }>(
        'SELECT digest, prefix FROM releases WHERE remote = $1 AND version = $2',
        [remote, version],
      )
    ).rows[0] ?? null;
  const existing = await recordedPrefix(db);
  if (existing) {
    if (existing.digest === digest) return { remote, version, digest, created: false, stable: false };
    throw releaseExists(remote, version);
  }
  let bytes = 0;
  const entries = [...files];
  // A few at a time: compression runs on libuv's thread pool.
  for (let i = 0; i < entries.length; i += 4) {
    await Promise.all(
      entries.slice(i, i + 4).map(async ([name, data]) => {
        bytes += data.length;
        await store.put(`${prefix}/${name}`, data);
        if (isCompressible(name, data.length)) {
          const variants = await compressVariants(data);
          await store.put(`${prefix}/${name}.br`, variants.br);
          await store.put(`${prefix}/${name}.gz`, variants.gz);
        }
      }),
    );
  }
  const result = await db.transaction(async (tx): Promise<PublishResult | null> => {
    const inserted = await tx.query(
      `INSERT INTO releases (remote, version, digest, files, bytes, shared, exposes, actor, prefix)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (remote, version) DO NOTHING RETURNING version`,
      [remote, version, digest, files.size, bytes, JSON.stringify(info.shared), info.exposes, actor, prefix],
    );
    if (!inserted.rows[0]) {
      // Another upload of the same version won the race.
      const winner = await recordedPrefix(tx);
      if (winner?.digest === digest) return { remote, version, digest, created: false, stable: false };
      return null;
    }
    await logRelease(tx, { remote, action: 'publish', to: version, actor });
    const first = await tx.query(
      `INSERT INTO release_channels (remote, stable) VALUES ($1, $2) ON CONFLICT (remote) DO NOTHING RETURNING remote`,
      [remote, version],
    );
    if (first.rows[0])
      await logRelease(tx, { remote, action: 'promote', to: version, actor, reason: 'first release' });
    return { remote, version, digest, created: true, stable: Boolean(first.rows[0]) };
  });
  if (result) return result;
  const winner = await recordedPrefix(db);
  if (winner && winner.prefix !== prefix) {
    // Leftovers are harmless (never served), so a failed clean-up does not change the answer.
    await store.deletePrefix(prefix).catch(() => undefined);
  }
  throw releaseExists(remote, version);
}

/**
 * The shell check of a release about to go live (validate.ts storedReleaseProblems): the same
 * rules as at upload, against the shell served now. The health guard's rollback passes none: it
 * only ends a canary, and stable is already live. `tx` is the switch's transaction, through which
 * the release's prefix is read when this node does not know it yet (on PGlite a query outside
 * the transaction would wait for it).
 */
export type FitsShell = (version: string, tx: Queryable) => Promise<string[]>;

async function requireFit(fits: FitsShell | undefined, version: string, tx: Queryable): Promise<void> {
  const problems = fits ? await fits(version, tx) : [];
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

/** A progressive rollout's plan (rollout.ts): ascending shares ending at 100, and the pause of each. */
export interface RolloutPlan {
  steps: number[];
  pauseSeconds: number;
}

const describePlan = (plan: RolloutPlan) =>
  `rollout ${plan.steps.join('% → ')}%, at least ${formatSeconds(plan.pauseSeconds)} a step`;

export function formatSeconds(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h ? `${h}h` : '', m ? `${m}m` : '', s || (!h && !m) ? `${s}s` : ''].join('');
}

/**
 * Starts a canary of `version` for `percent` % of visitors, or changes its share; with a `plan`,
 * a progressive rollout from its first share, which the health guard moves on (rollout.ts). A
 * share set by hand ends a running plan. A release the health guard rolled back is refused
 * (409 RELEASE QUARANTINED) unless `force` comes with a reason, which the log keeps. Its health
 * window starts empty: it counts page loads from the new canary's start (health.ts), never the
 * ones that had it rolled back.
 */
export async function setCanary(
  db: Db,
  input: {
    remote: RemoteDir;
    version: string;
    percent: number;
    actor: string;
    force?: boolean;
    reason?: string | null;
    fits?: FitsShell;
    plan?: RolloutPlan;
  },
): Promise<Channel> {
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
    if (!same) await requireFit(input.fits, version, tx);
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
export async function promote(
  db: Db,
  input: { remote: RemoteDir; version?: string | undefined; actor: string; fits?: FitsShell },
): Promise<Channel> {
  const { remote, actor } = input;
  return db.transaction(async (tx) => {
    const channel = needChannel(await lockChannel(tx, remote), remote);
    const version = input.version ?? channel.canary;
    if (!version) throw new ApiError(409, 'NO CANARY', `${remote} has no canary to promote: name a version`);
    await requireRelease(tx, remote, version);
    if (channel.stable === version && !channel.canary) return channel;
    if (channel.stable !== version) await requireFit(input.fits, version, tx);
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
export async function rollback(
  db: Db,
  input: {
    remote: RemoteDir;
    version?: string | undefined;
    actor: string;
    reason?: string;
    onlyCanary?: string;
    fits?: FitsShell;
  },
): Promise<{ channel: Channel; action: string } | null> {
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
    if (stable !== channel.stable) await requireFit(input.fits, stable, tx);
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

export async function readChannels(db: Queryable): Promise<Channel[]> {
  const { rows } = await db.query<Channel & Record<string, unknown>>(
    `SELECT ${CHANNEL_COLUMNS} FROM release_channels ORDER BY remote`,
  );
  return rows;
}
