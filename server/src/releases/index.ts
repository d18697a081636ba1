/**
 * Releases of the remotes, one service per API node: the artifact store, the registry of what
 * each visitor gets (kept in step with the database through LISTEN/NOTIFY), and the canary
 * health guard. See the README's "Releasing a remote" and each module's header.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RemoteDir } from 'shared-api/routes';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Events } from '../events.ts';
import type { FitsShell } from './actions.ts';
import { type ReleaseHealth, startReleaseHealth } from './health.ts';
import {
  type Cohorts,
  createCohortSequences,
  type ReleaseRegistry,
  startReleaseRegistry,
} from './registry.ts';
import { type BlobStore, cachedBlobStore } from './store.ts';
import { readShellShare, storedReleaseProblems } from './validate.ts';

const RELEASE_CACHE_BYTES = 64 * 1024 * 1024;

export interface Releases {
  store: BlobStore;
  registry: ReleaseRegistry;
  health: ReleaseHealth;
  /** The next new visitor's cohort (one sequence per node for the page and /remotes.json). */
  nextCohorts: () => Cohorts;
  /** Whether a stored release of `remote` fits the shell served now (checked at every switch). */
  fitsShell(remote: RemoteDir): FitsShell;
  close(): Promise<void>;
}

export async function startReleases(
  config: Config,
  db: Db,
  events: Events,
  log: FastifyBaseLogger,
  backing: BlobStore,
): Promise<Releases> {
  // Releases never change: files read once are kept in memory (bounded), so pages keep loading
  // through a short outage of the object store and a busy node does not ask it for every chunk.
  const store = cachedBlobStore(backing, RELEASE_CACHE_BYTES);
  const registry = await startReleaseRegistry(db, events, log);
  const health = await startReleaseHealth(db, registry, log, config.releaseHealth);
  return {
    store,
    registry,
    health,
    nextCohorts: createCohortSequences(),
    fitsShell: (remote) => (version) =>
      storedReleaseProblems(store, readShellShare(config.appsDir), remote, version),
    async close() {
      await health.close();
      await registry.close();
    },
  };
}
