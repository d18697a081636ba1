/**
 * Which release each visitor gets, on every API node. The channels (release_channels: stable,
 * and optionally a canary for `percent` % of cohorts) are held in memory and re-read when any
 * node announces a change on the `releases` channel (LISTEN/NOTIFY, actions.ts), so a change
 * reaches every node within milliseconds, without a restart. A slow poll re-reads them too, in
 * case a notification was missed while the listening connection was down.
 *
 * Cohorts: a visitor's cohort (0-99) lives in the `gwar_cohort` cookie, set once for a year, so
 * the choice is sticky; the canary serves cohorts below `percent`. New visitors get cohorts from
 * a low-discrepancy sequence (golden-ratio steps from a random start) instead of random draws:
 * every run of consecutive visitors covers the cohorts evenly, so the canary's share matches
 * `percent` within a point or two even over a few dozen visitors, where random draws wander.
 */
import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { REMOTES, type RemoteDir, remoteNameOf } from 'shared-api/routes';
import type { Db } from '../db/index.ts';
import type { Events } from '../events.ts';
import { type Channel, RELEASES_CHANNEL, readChannels } from './actions.ts';
import type { ReleaseHealth } from './health.ts';

export const COHORT_COOKIE = 'gwar_cohort';
export const REGISTRY_POLL_MS = 10_000;

export interface ResolvedRemote {
  /** Module Federation name (mf_feed). */
  name: string;
  /** Folder name (mf-feed). */
  remote: RemoteDir;
  entry: string;
  version: string;
  channel: 'stable' | 'canary';
  /** For canary visitors: the stable release, loaded instead when the canary fails to load. */
  fallback?: { entry: string; version: string };
}

/**
 * The address browsers load a release's container from. `remoteEntry.js` is not a file of the
 * release (its entry has a content hash in its name): the release routes answer it with the
 * entry its manifest names (serve.ts). A script address and not the manifest's, so the shell's
 * federation runtime loads the container in one request instead of manifest, then entry, and
 * carries no manifest reader (its snapshot plugin, rspack.base.ts).
 */
export const ENTRY_FILE = 'remoteEntry.js';
export const entryUrl = (remote: string, version: string) => `/mf/${remote}@${version}/${ENTRY_FILE}`;

export function parseCohort(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,2}$/.test(raw)) return null;
  return Number.parseInt(raw, 10);
}

const GOLDEN = (Math.sqrt(5) - 1) / 2;

/** The next new visitor's cohort: 0-99, evenly spread over any run of consecutive visitors. */
export function createCohortSequence(start = randomInt(1_000_000) / 1_000_000): () => number {
  let position = start;
  return () => {
    position = (position + GOLDEN) % 1;
    return Math.floor(position * 100);
  };
}

export function resolveFor(channels: Iterable<Channel>, cohort: number): ResolvedRemote[] {
  const out: ResolvedRemote[] = [];
  for (const channel of channels) {
    const name = remoteNameOf(channel.remote);
    if (!name) continue;
    const stable = { entry: entryUrl(channel.remote, channel.stable), version: channel.stable };
    if (channel.canary && cohort < channel.percent) {
      out.push({
        name,
        remote: channel.remote,
        entry: entryUrl(channel.remote, channel.canary),
        version: channel.canary,
        channel: 'canary',
        fallback: stable,
      });
    } else {
      out.push({ name, remote: channel.remote, ...stable, channel: 'stable' });
    }
  }
  return out;
}

/** What `/remotes.json` answers, and what the shell's page carries inline (http/frontend.ts). */
export interface RegistryAnswer {
  cohort: number;
  remotes: ResolvedRemote[];
  /** This page load's health token: its reports count only with it (healthToken.ts). */
  health: string;
}

/**
 * The registry for the visitor of `request`: their cohort from the cookie or, for a new visitor,
 * the next one of `nextCohort`, set as the cookie on `reply` (for a year, readable by scripts: it
 * holds no secret, and the shell's health reports name it).
 */
export function registryFor(
  registry: Pick<ReleaseRegistry, 'resolve'>,
  health: Pick<ReleaseHealth, 'token'>,
  nextCohort: () => number,
  request: FastifyRequest,
  reply: FastifyReply,
  secureCookies: boolean,
): RegistryAnswer {
  let cohort = parseCohort(request.cookies[COHORT_COOKIE]);
  if (cohort === null) {
    cohort = nextCohort();
    void reply.setCookie(COHORT_COOKIE, String(cohort), {
      path: '/',
      maxAge: 365 * 86_400,
      sameSite: 'lax',
      httpOnly: false,
      secure: secureCookies,
    });
  }
  const remotes = registry.resolve(cohort);
  const token = health.token(
    remotes.map((r) => ({
      remote: r.remote,
      version: r.version,
      channel: r.channel,
      ...(r.fallback ? { fallback: r.fallback.version } : {}),
    })),
  );
  return { cohort, remotes, health: token };
}

export interface ReleaseRegistry {
  /** The channels in force on this node. */
  channels(): Channel[];
  resolve(cohort: number): ResolvedRemote[];
  /** Versions browsers may report on: each remote's stable and canary. */
  isLive(remote: string, version: string): boolean;
  /** Re-reads the channels now (after this node changed them, or from a test). */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

export async function startReleaseRegistry(
  db: Db,
  events: Events,
  log: FastifyBaseLogger,
  pollMs = REGISTRY_POLL_MS,
): Promise<ReleaseRegistry> {
  let current = new Map<string, Channel>();
  let reading: Promise<void> | null = null;
  let again = false;

  const read = async () => {
    const rows = await readChannels(db);
    current = new Map(
      rows.filter((row) => Object.values(REMOTES).includes(row.remote)).map((r) => [r.remote, r]),
    );
  };
  // One read at a time; a change announced during a read triggers one more.
  const refresh = (): Promise<void> => {
    if (reading) {
      again = true;
      return reading;
    }
    reading = read()
      .catch((error) => log.warn({ err: error }, 'release registry: read failed; keeping the last channels'))
      .finally(() => {
        reading = null;
        if (again) {
          again = false;
          void refresh();
        }
      });
    return reading;
  };

  await read();
  const unsubscribe = await events.subscribe(RELEASES_CHANNEL, () => void refresh());
  // Changes announced while the LISTEN connection was down are read at once when it is back.
  events.onMissed(() => void refresh());
  const poll = setInterval(() => void refresh(), pollMs);
  poll.unref();

  return {
    channels: () => [...current.values()],
    resolve: (cohort) => resolveFor(current.values(), cohort),
    isLive(remote, version) {
      const channel = current.get(remote);
      return Boolean(channel && (channel.stable === version || channel.canary === version));
    },
    refresh,
    async close() {
      clearInterval(poll);
      await unsubscribe().catch(() => undefined);
    },
  };
}
