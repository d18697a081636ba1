/**
 * Releases of the remotes, one service per API node: the artifact store, where each published
 * release's files are in it (prefixes.ts), the registry of what each visitor gets (kept in step
 * with the database through LISTEN/NOTIFY), the changes to the channels (changes.ts), the canary
 * health guard, the previews and local builds of staff browsers (previews.ts) and what the
 * shell's page needs (page.ts). README.md in this folder walks one canary through the files.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Cohorts } from 'shared-api/remote-registry';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Events } from '../events.ts';
import { createReleaseAlerts, type ReleaseAlerts } from './alerts.ts';
import { type ChannelChanges, createChannelChanges } from './changes.ts';
import { createDevRemotes, type DevRemotes } from './devRemotes.ts';
import { shellBuildVersion } from './errors.ts';
import { type ReleaseHealth, startReleaseHealth } from './health.ts';
import { createReleasePage, type ReleasePage } from './page.ts';
import { createReleasePrefixes, type ReleasePrefixes } from './prefixes.ts';
import { type Previews, startPreviews } from './previews.ts';
import { createCohortSequences, type ReleaseRegistry, startReleaseRegistry } from './registry.ts';
import { type BlobStore, cachedBlobStore } from './store.ts';
import { readShellShare, storedReleaseProblems } from './validate.ts';

const RELEASE_CACHE_BYTES = 64 * 1024 * 1024;

export interface Releases {
  store: BlobStore;
  /** Where each published release's files are in the store (the only way `/mf/` finds them). */
  prefixes: ReleasePrefixes;
  registry: ReleaseRegistry;
  /** Every change to who gets which release (changes.ts): the calls' and the health guard's. */
  changes: ChannelChanges;
  health: ReleaseHealth;
  /** Posts to RELEASE_WEBHOOKS on the guard's rollbacks and promotions, held steps, refused uploads. */
  alerts: ReleaseAlerts;
  /** Previews and local builds of one staff browser (previews.ts). */
  previews: Previews;
  /** The next new visitor's cohort (one sequence per node for the page and /remotes.json). */
  nextCohorts: () => Cohorts;
  /** Development servers of remotes on the local site (DEV_REMOTES_DIR; devRemotes.ts). */
  devRemotes: DevRemotes;
  /** What the shell's page needs of the releases: the registry, preload links (page.ts). */
  page: ReleasePage;
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
  const prefixes = createReleasePrefixes(db);
  const registry = await startReleaseRegistry(db, events, log, { prefixes });
  // Whether a stored release fits the shell served now: checked at every switch that puts it live.
  const changes = createChannelChanges(db, registry, (remote) => async (version, tx) => {
    const prefix = await prefixes.prefixOf(remote, version, tx);
    if (prefix === null) return [`${remote}@${version} is not published`];
    return storedReleaseProblems(store, readShellShare(config.appsDir), { remote, version, prefix });
  });
  const alerts = createReleaseAlerts(config.releaseWebhooks, log);
  const health = await startReleaseHealth(db, registry, changes, log, config.releaseHealth, {
    vitals: config.releaseVitals,
    alerts,
    shellVersion: shellBuildVersion(config.appsDir),
  });
  const previews = await startPreviews(config, db, log);
  const parts = {
    store,
    prefixes,
    registry,
    changes,
    health,
    alerts,
    previews,
    nextCohorts: createCohortSequences(),
    devRemotes: createDevRemotes(config.devRemotesDir),
  };
  return {
    ...parts,
    page: createReleasePage(parts, config.secureCookies),
    async close() {
      await health.close();
      await alerts.close();
      await registry.close();
    },
  };
}
