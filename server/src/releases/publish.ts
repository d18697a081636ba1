/**
 * Publishing a release: one way in for every release, whoever brings it (the upload route,
 * upload.ts; `npm start`'s local builds, localBuilds.ts). `publishRelease` checks the archive's
 * files against the shell (validate.ts), then `storeRelease` writes them to the store under their
 * digest and records the row (the first release of a remote becomes its stable one), and this
 * node's registry re-reads the channels when that happened.
 */
import { createHash } from 'node:crypto';
import type { RemoteDir } from 'shared-api/routes';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';
import { logRelease } from './channels.ts';
import { compressVariants, isCompressible } from './compress.ts';
import type { Releases } from './index.ts';
import { releasePrefix } from './prefixes.ts';
import type { BlobStore } from './store.ts';
import type { ReleaseFiles } from './tarball.ts';
import { type ReleaseInfo, ReleaseRefused, readShellShare, validateRelease } from './validate.ts';

/** Checks, stores and records a release (see the top of this file). */
export async function publishRelease(
  config: Config,
  db: Db,
  releases: Pick<Releases, 'store' | 'registry'>,
  input: { remote: RemoteDir; version: string; files: ReleaseFiles; actor: string },
): Promise<PublishResult> {
  let info: ReturnType<typeof validateRelease>;
  try {
    info = validateRelease(input.remote, input.files, readShellShare(config.appsDir));
  } catch (error) {
    if (error instanceof ReleaseRefused) throw new ApiError(400, 'RELEASE REFUSED', error.message);
    throw error;
  }
  const result = await storeRelease(db, releases.store, { ...input, info });
  if (result.stable) await releases.registry.refresh();
  return result;
}

/** sha256 over the sorted names and bytes: the same build always has the same digest. */
export function digestOf(files: ReleaseFiles): string {
  const hash = createHash('sha256');
  for (const name of [...files.keys()].sort()) {
    hash.update(name).update('\0').update(files.get(name)!).update('\0');
  }
  return hash.digest('hex');
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
 * Stores a validated release's files and records it; one upload of a version wins, intact.
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
export async function storeRelease(
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
