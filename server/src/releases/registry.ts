/**
 * Which release each visitor gets, on every API node. The channels (release_channels: stable,
 * and optionally a canary for `percent` % of cohorts) are held in memory and re-read when any
 * node announces a change on the `releases` channel (LISTEN/NOTIFY, channels.ts), so a change
 * reaches every node within milliseconds, without a restart. A slow poll re-reads them too, in
 * case a notification was missed while the listening connection was down. Each read also tells
 * the node where the live releases' files are in the store (prefixes.ts), so `/mf/` serves them
 * without asking the database.
 *
 * Cohorts: a visitor has one cohort (0-99) per remote, kept together in the `gwar_cohort` cookie
 * (HttpOnly, a year), so each choice is sticky; a remote's canary serves its cohorts below
 * `percent`. Each remote's cohorts are drawn apart, so a visitor in one canary is no more likely
 * to be in another: with two canaries at 50 %, a quarter of visitors get both, not half. New
 * visitors get them from low-discrepancy sequences (one Weyl sequence per remote, stepping by the
 * fractional part of the square root of a different prime from a random start) instead of random
 * draws: every run of consecutive visitors covers each remote's cohorts evenly, so a canary's
 * share matches `percent` within a point or two even over a few dozen visitors, and sequences
 * with rationally independent steps are jointly even, which makes remotes independent.
 */
import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Cohorts, RegistryAnswer, RegistryRemote } from 'shared-api/remote-registry';
import { REMOTES, type RemoteDir, remoteNameOf } from 'shared-api/routes';
import type { Db } from '../db/index.ts';
import type { Events } from '../events.ts';
import { type Channel, RELEASES_CHANNEL, readChannels } from './channels.ts';
import { type DevRemotes, fromDevServer, withDevRemotes } from './devRemotes.ts';
import type { PageRelease } from './healthToken.ts';
import type { ReleasePrefixes, ReleaseRef } from './prefixes.ts';
import type { PreviewTarget } from './previewTokens.ts';

export const COHORT_COOKIE = 'gwar_cohort';
export const REGISTRY_POLL_MS = 10_000;

/**
 * The address browsers load a release's container from. `remoteEntry.js` is not a file of the
 * release (its entry has a content hash in its name): the release routes answer it with the
 * entry its manifest names (serve.ts). A script address and not the manifest's, so the shell's
 * federation runtime loads the container in one request instead of manifest, then entry, and
 * carries no manifest reader (its snapshot plugin, rspack.base.ts).
 */
export const ENTRY_FILE = 'remoteEntry.js';
export const entryUrl = (remote: string, version: string) => `/mf/${remote}@${version}/${ENTRY_FILE}`;

/** The remotes in the cookie's order (apps.json's). */
const COHORT_REMOTES = Object.values(REMOTES) as RemoteDir[];

/**
 * The cookie's cohorts: one number per remote, dot-separated in COHORT_REMOTES' order. A single
 * number is every remote's cohort at once: kept as it is, so a tester can choose a cohort (0: every
 * canary). Null when absent or not of either form, or when remotes were added since it was set.
 */
export function parseCohorts(raw: string | undefined): Cohorts | null {
  if (!raw) return null;
  if (/^\d{1,2}$/.test(raw)) {
    const cohort = Number.parseInt(raw, 10);
    return Object.fromEntries(COHORT_REMOTES.map((remote) => [remote, cohort])) as Cohorts;
  }
  const parts = raw.split('.');
  if (parts.length !== COHORT_REMOTES.length || !parts.every((part) => /^\d{1,2}$/.test(part))) return null;
  return Object.fromEntries(
    COHORT_REMOTES.map((remote, i) => [remote, Number.parseInt(parts[i]!, 10)]),
  ) as Cohorts;
}

export const formatCohorts = (cohorts: Cohorts) => COHORT_REMOTES.map((remote) => cohorts[remote]).join('.');

const PRIMES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];

/** The next new visitor's cohorts: each remote's 0-99, evenly spread over any run of visitors. */
export function createCohortSequences(
  start: () => number = () => randomInt(1_000_000) / 1_000_000,
): () => Cohorts {
  const sequences = COHORT_REMOTES.map((remote, i) => {
    const step = Math.sqrt(PRIMES[i % PRIMES.length]!) % 1;
    let position = start();
    const next = () => {
      position = (position + step) % 1;
      return Math.floor(position * 100);
    };
    return [remote, next] as const;
  });
  return () => Object.fromEntries(sequences.map(([remote, next]) => [remote, next()])) as Cohorts;
}

export function resolveFor(channels: Iterable<Channel>, cohorts: Cohorts): RegistryRemote[] {
  const out: RegistryRemote[] = [];
  for (const channel of channels) {
    const name = remoteNameOf(channel.remote);
    if (!name) continue;
    const stable = { entry: entryUrl(channel.remote, channel.stable), version: channel.stable };
    if (channel.canary && (cohorts[channel.remote as RemoteDir] ?? 100) < channel.percent) {
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

/**
 * Canaries this browser left for their stable release after one failed in it (the shell writes
 * the session cookie, shell/src/remotes/registry.ts): space-separated `mf-feed@2.0.0` entries.
 * Honoured here too, so the page neither names nor preloads a canary the visitor already left.
 * Anyone may set it: it only ever asks for the stable release.
 */
export const LEFT_CANARY_COOKIE = 'gwar_left_canary';

export function parseLeftCanaries(raw: string | undefined): Set<string> {
  if (!raw || raw.length > 1000) return new Set();
  return new Set(raw.split(' ').filter((entry) => /^mf-[a-z]+@[A-Za-z0-9._-]+$/.test(entry)));
}

/** The registry with each canary in `left` replaced by its stable release. */
export function leaveCanaries(remotes: RegistryRemote[], left: Set<string>): RegistryRemote[] {
  if (left.size === 0) return remotes;
  return remotes.map((r) =>
    r.channel === 'canary' && r.fallback && left.has(`${r.remote}@${r.version}`)
      ? {
          name: r.name,
          remote: r.remote,
          entry: r.fallback.entry,
          version: r.fallback.version,
          channel: 'stable',
        }
      : r,
  );
}

/**
 * The registry with each remote this browser previews (previews.ts, already checked: signed,
 * this account's, allowed) replaced by the previewed version (the channel `preview`), or by the
 * local build, loaded as from a development server on the local site (the channel `dev`,
 * devRemotes.ts: the shell follows its rebuilds when it is `pnpm --filter <remote> dev`). No
 * fallback: a preview is what its developer asked to see, failures included.
 */
export function applyPreviews(
  remotes: RegistryRemote[],
  previews: readonly PreviewTarget[],
): RegistryRemote[] {
  if (previews.length === 0) return remotes;
  return remotes.map((r) => {
    const preview = previews.find((p) => p.remote === r.remote);
    if (!preview) return r;
    if (preview.entry) return fromDevServer(r, new URL(preview.entry).origin, preview.entry);
    return {
      name: r.name,
      remote: r.remote,
      entry: entryUrl(r.remote, preview.version!),
      version: preview.version!,
      channel: 'preview',
    };
  });
}

/**
 * The registry for the visitor of `request`: their cohorts from the cookie or, for a new visitor
 * (or one whose cookie lacks a remote), the next ones of `nextCohorts`, set as the cookie on
 * `reply` for a year. HttpOnly: no script needs it (the health reports carry the page's token).
 */
export function registryFor(
  releases: {
    registry: Pick<ReleaseRegistry, 'resolve'>;
    /** The page load's health token (health.ts). */
    health: { token(remotes: PageRelease[]): string };
    nextCohorts: () => Cohorts;
    devRemotes: DevRemotes;
  },
  request: FastifyRequest,
  reply: FastifyReply,
  secureCookies: boolean,
  previews: readonly PreviewTarget[] = [],
): RegistryAnswer {
  let cohorts = parseCohorts(request.cookies[COHORT_COOKIE]);
  if (cohorts === null) {
    cohorts = releases.nextCohorts();
    void reply.setCookie(COHORT_COOKIE, formatCohorts(cohorts), {
      path: '/',
      maxAge: 365 * 86_400,
      sameSite: 'lax',
      httpOnly: true,
      secure: secureCookies,
    });
  }
  const remotes = applyPreviews(
    withDevRemotes(
      leaveCanaries(
        releases.registry.resolve(cohorts),
        parseLeftCanaries(request.cookies[LEFT_CANARY_COOKIE]),
      ),
      releases.devRemotes.current(),
    ),
    previews,
  );
  // A development build or a previewed remote is nobody's release: reports on it count for
  // nothing, its page load's token does not name it (health.ts).
  const pageReleases: PageRelease[] = [];
  for (const r of remotes) {
    if (r.channel === 'preview' || r.channel === 'dev') continue;
    pageReleases.push({
      remote: r.remote,
      version: r.version,
      channel: r.channel,
      ...(r.fallback ? { fallback: r.fallback.version } : {}),
    });
  }
  const token = releases.health.token(pageReleases);
  if (previews.length === 0) return { cohorts, remotes, health: token };
  const notices = previews.map((p) => ({
    remote: p.remote,
    version: p.version ?? null,
    entry: p.entry ?? null,
    expires: new Date(p.expires * 1000).toISOString(),
  }));
  return { cohorts, remotes, health: token, previews: notices };
}

export interface ReleaseRegistry {
  /** The channels in force on this node. */
  channels(): Channel[];
  resolve(cohorts: Cohorts): RegistryRemote[];
  /** Versions browsers may report on: each remote's stable and canary. */
  isLive(remote: string, version: string): boolean;
  /** Re-reads the channels now (after this node changed them, or from a test). */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The registry of one node. `prefixes`, when given, learns where the live releases' files are
 * at each read, so they are served from memory even while the database is away (prefixes.ts).
 */
export async function startReleaseRegistry(
  db: Db,
  events: Events,
  log: FastifyBaseLogger,
  options: { pollMs?: number; prefixes?: Pick<ReleasePrefixes, 'learnLive'> } = {},
): Promise<ReleaseRegistry> {
  const { pollMs = REGISTRY_POLL_MS, prefixes } = options;
  let current = new Map<string, Channel>();
  let reading: Promise<void> | null = null;
  /** The read that starts when the one in flight ends, shared by everyone who asked meanwhile. */
  let next: Promise<void> | null = null;

  const read = async () => {
    const rows = await readChannels(db);
    if (prefixes) {
      const live = await db.query<ReleaseRef & Record<string, unknown>>(
        `SELECT r.remote, r.version, r.prefix FROM release_channels c
           JOIN releases r ON r.remote = c.remote AND r.version IN (c.stable, c.canary)`,
      );
      prefixes.learnLive(live.rows);
    }
    current = new Map(
      rows.filter((row) => Object.values(REMOTES).includes(row.remote)).map((r) => [r.remote, r]),
    );
  };
  // One read at a time. A read in flight may have started before the caller's change was
  // committed (a change announced a moment ago, the poll): the caller waits for the next read,
  // which starts after it, so this node answers its own change at once (releases.test.ts).
  const refresh = (): Promise<void> => {
    if (reading) {
      next ??= reading.then(() => {
        next = null;
        return refresh();
      });
      return next;
    }
    reading = read()
      .catch((error) => log.warn({ err: error }, 'release registry: read failed; keeping the last channels'))
      .finally(() => {
        reading = null;
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
    resolve: (cohorts) => resolveFor(current.values(), cohorts),
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
