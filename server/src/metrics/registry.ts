/**
 * The metrics of one node, in Prometheus's exposition (prom-client), on one registry per app (a
 * test process builds several apps). Request durations are observed as requests end
 * (requests.ts); everything else is read when Prometheus scrapes, from what the parts already
 * keep (the pools' counts, the caches' hits and misses, the open live streams, the release
 * guard's page loads), so serving a request costs nothing more for them. The names and what
 * each means: README.md beside this file.
 */
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { LeanHistogram } from './histogram.ts';

/** A pool's connections now (pg.Pool's own counts). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** A cache's hits and misses since it was made, kept by the cache itself. */
export interface CacheCounts {
  readonly hits: number;
  readonly misses: number;
}

/** One release's figures in the guard's window (releases/healthFigures.ts). */
export interface ReleaseFigures {
  remote: string;
  version: string;
  channel: 'stable' | 'canary';
  loads: number;
  failures: number;
  /**
   * Failed page loads by how they failed ('load-failed', 'render', 'error', 'hydration'); one may
   * fail in several ways.
   */
  failuresByKind: Record<string, number>;
  /** The guard's verdict of a canary (releases/verdict.ts `VerdictState`); null for stable. */
  verdict: string | null;
}

export interface ReleaseHealthFigures {
  releases: ReleaseFigures[];
  /** Automatic rollbacks per remote, ever (the release log's `auto-rollback` rows). */
  autoRollbacks: { remote: string; count: number }[];
}

export type Pool = 'primary' | 'replica';

/** The guard's verdicts, each its own series (1 for the current one) so a rule can match one. */
export const VERDICT_STATES = ['waiting', 'healthy', 'suspect', 'failing'] as const;

/** Seconds: from a cached read (under a millisecond) to the bounds of db/index.ts (a few seconds). */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 3];

export interface Metrics {
  readonly registry: Registry;
  /** `series({ route, method, status_class })`: the observer of one label set (requests.ts). */
  readonly requestDuration: LeanHistogram;
  /** What times each statement of `pool` (db/index.ts `observeQueries`). */
  queryObserver(pool: Pool): (seconds: number) => void;
  /** A request refused by a rate limit (http/rateLimits.ts). */
  refused(route: string): void;
  watchPool(pool: Pool, stats: () => PoolStats): void;
  watchCache(name: string, counts: CacheCounts): void;
  watchLiveConnections(count: () => number): void;
  watchLinkPreviewQueue(length: () => Promise<number>): void;
  /** Web Push sends by outcome since the node started, kept by the pusher (notify/push.ts). */
  watchPushSends(counts: Readonly<Record<string, number>>): void;
  watchReleaseHealth(figures: () => Promise<ReleaseHealthFigures>): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters, which `promtool check metrics` refuses; the same counts stay in
  // `nodejs_active_handles` and the others, by type.
  for (const name of [
    'nodejs_active_handles_total',
    'nodejs_active_requests_total',
    'nodejs_active_resources_total',
  ])
    registry.removeSingleMetric(name);

  const pools = new Map<Pool, () => PoolStats>();
  const caches = new Map<string, CacheCounts>();
  let liveConnections: () => number = () => 0;
  let previewQueue: (() => Promise<number>) | null = null;
  let pushSends: Readonly<Record<string, number>> = {};
  let releaseHealth: (() => Promise<ReleaseHealthFigures>) | null = null;

  const requestDuration = new LeanHistogram(
    'gwar_http_request_duration_seconds',
    'Time from receiving a request to its answer, by route template, method and status class.',
    REQUEST_BUCKETS,
    registry,
  );
  const queryDuration = new LeanHistogram(
    'gwar_db_query_duration_seconds',
    'Time of one database statement, queueing for a connection included, by pool.',
    QUERY_BUCKETS,
    registry,
  );
  const refusals = new Counter({
    name: 'gwar_rate_limit_refusals_total',
    help: 'Requests answered 429 by a rate limit, by route template.',
    labelNames: ['route'] as const,
    registers: [registry],
  });

  const poolGauge = (name: string, help: string, of: (s: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [pool, stats] of pools) this.set({ pool }, of(stats()));
      },
    });
  poolGauge('gwar_db_pool_connections', 'Open connections of the pool.', (s) => s.total);
  poolGauge('gwar_db_pool_in_use', 'Connections of the pool running a statement or transaction.', (s) =>
    Math.max(s.total - s.idle, 0),
  );
  poolGauge('gwar_db_pool_waiting', 'Requests queued for a free connection of the pool.', (s) => s.waiting);

  // Counters whose totals the caches keep: each scrape adds what they counted since the last.
  const cacheCounter = (name: string, help: string, of: (c: CacheCounts) => number) => {
    const seen = new Map<string, number>();
    return new Counter({
      name,
      help,
      labelNames: ['cache'] as const,
      registers: [registry],
      collect() {
        for (const [cache, counts] of caches) {
          const now = of(counts);
          const grown = now - (seen.get(cache) ?? 0);
          seen.set(cache, now);
          this.inc({ cache }, Math.max(grown, 0));
        }
      },
    });
  };
  cacheCounter('gwar_read_cache_hits_total', 'Reads a read cache answered.', (c) => c.hits);
  cacheCounter('gwar_read_cache_misses_total', 'Reads a read cache had to build.', (c) => c.misses);

  new Gauge({
    name: 'gwar_live_connections',
    help: 'Open live event streams (GET /api/live) on this node.',
    registers: [registry],
    collect() {
      this.set(liveConnections());
    },
  });
  new Gauge({
    name: 'gwar_link_preview_queue_length',
    help: 'Link previews waiting to be fetched (the whole site, the same on every node).',
    registers: [registry],
    async collect() {
      this.reset();
      const length = await previewQueue?.().catch(() => null);
      if (typeof length === 'number') this.set(length);
    },
  });
  // A counter whose totals the pusher keeps: each scrape adds what it counted since the last.
  const pushSeen = new Map<string, number>();
  new Counter({
    name: 'gwar_push_sends_total',
    help: 'Web Push sends by outcome: sent, gone (404/410, subscription dropped), failed, dropped (queue full).',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      for (const [outcome, now] of Object.entries(pushSends)) {
        this.inc({ outcome }, Math.max(now - (pushSeen.get(outcome) ?? 0), 0));
        pushSeen.set(outcome, now);
      }
    },
  });
  registerReleaseHealth(registry, () => releaseHealth);

  return {
    registry,
    requestDuration,
    queryObserver: (pool) => queryDuration.series({ pool }),
    refused(route) {
      refusals.inc({ route });
    },
    watchPool: (pool, stats) => void pools.set(pool, stats),
    watchCache: (name, counts) => void caches.set(name, counts),
    watchLiveConnections(count) {
      liveConnections = count;
    },
    watchLinkPreviewQueue(length) {
      previewQueue = length;
    },
    watchPushSends(counts) {
      pushSends = counts;
    },
    watchReleaseHealth(figures) {
      releaseHealth = figures;
    },
  };
}

/**
 * Release health per remote, version and channel, read from the database once per scrape (all
 * nodes see the same page loads, so every node reports the same figures: sum nothing across
 * nodes, take `max`). A scrape while the database is away leaves these series out.
 */
function registerReleaseHealth(
  registry: Registry,
  source: () => (() => Promise<ReleaseHealthFigures>) | null,
): void {
  let pending: Promise<ReleaseHealthFigures | null> | null = null;
  /** One read for the five metrics of one scrape. */
  const read = () => {
    pending ??= (source()?.() ?? Promise.resolve(null))
      .catch(() => null)
      .finally(() => setImmediate(() => (pending = null)));
    return pending;
  };
  /** A gauge of one figure per live release (remote, version, channel). */
  const perRelease = (name: string, help: string, figure: (release: ReleaseFigures) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['remote', 'version', 'channel'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const r of (await read())?.releases ?? [])
          this.set({ remote: r.remote, version: r.version, channel: r.channel }, figure(r));
      },
    });
  perRelease(
    'gwar_release_page_loads',
    "Page loads of a live release in the health guard's window (since the canary started, at most 30 minutes).",
    (r) => r.loads,
  );
  perRelease(
    'gwar_release_failed_page_loads',
    "Page loads in the guard's window where the release failed to load, to render, or threw.",
    (r) => r.failures,
  );
  new Gauge({
    name: 'gwar_release_failed_page_loads_by_kind',
    help: "Failed page loads in the guard's window by how the release failed: load-failed, render, error or hydration (a server-drawn page that did not match; one page load may count under several).",
    labelNames: ['remote', 'version', 'channel', 'kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of (await read())?.releases ?? [])
        for (const [kind, count] of Object.entries(r.failuresByKind))
          this.set({ remote: r.remote, version: r.version, channel: r.channel, kind }, count);
    },
  });
  new Gauge({
    name: 'gwar_release_canary_verdict',
    help: "The health guard's current verdict of a canary: 1 on the series of its state.",
    labelNames: ['remote', 'version', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of (await read())?.releases ?? []) {
        if (r.channel !== 'canary' || r.verdict === null) continue;
        for (const state of VERDICT_STATES)
          this.set({ remote: r.remote, version: r.version, state }, r.verdict === state ? 1 : 0);
      }
    },
  });
  // A counter whose total the release log keeps: set to it at each scrape.
  new Counter({
    name: 'gwar_release_auto_rollbacks_total',
    help: 'Canaries the health guard rolled back, per remote (the release log, all nodes).',
    labelNames: ['remote'] as const,
    registers: [registry],
    async collect() {
      const figures = await read();
      if (!figures) return;
      this.reset();
      for (const r of figures.autoRollbacks) this.inc({ remote: r.remote }, r.count);
    },
  });
}
