/**
 * Releases of the remotes, one service per API node: the artifact store, the registry of what
 * each visitor gets (kept in step with the database through LISTEN/NOTIFY), and the canary
 * health guard. See the README's "Releasing a remote" and each module's header.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Events } from '../events.ts';
import { type ReleaseHealth, startReleaseHealth } from './health.ts';
import { type ReleaseRegistry, startReleaseRegistry } from './registry.ts';
import { type BlobStore, createLocalBlobStore } from './store.ts';

export interface Releases {
  store: BlobStore;
  registry: ReleaseRegistry;
  health: ReleaseHealth;
  close(): Promise<void>;
}

export async function startReleases(
  config: Config,
  db: Db,
  events: Events,
  log: FastifyBaseLogger,
): Promise<Releases> {
  const store = createLocalBlobStore(path.join(config.dataDir, 'releases'));
  const registry = await startReleaseRegistry(db, events, log);
  const health = startReleaseHealth(db, registry, log, config.releaseHealth);
  return {
    store,
    registry,
    health,
    async close() {
      await health.close();
      await registry.close();
    },
  };
}
