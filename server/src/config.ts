/**
 * Configuration from environment variables, with defaults that let `npm start`
 * run on a fresh machine with nothing else installed. Documented in docs/configuration.md.
 */

import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/**
 * VAPID's contact when PUSH_SUBJECT is unset: the site's address when it is https, else the
 * mail sender's address (the push services accept only https: and mailto:).
 */
function pushSubject(origin: string, mailFrom: string): string {
  if (origin.startsWith('https://')) return origin;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? /^\S+@\S+$/.exec(mailFrom.trim())?.[0];
  return `mailto:${address ?? 'no-reply@gwar.local'}`;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number.parseInt(raw, 10);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

/** An S3-compatible object store (`FILES_S3_*`); null keeps files and releases in the data folder. */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** The canary health guard's settings (its judgement: releases/verdict.ts; its loop: releases/health.ts). */
export interface HealthOptions {
  minSamples: number;
  minFailures: number;
  margin: number;
  alpha: number;
  baseline: number;
  stableCap: number;
  checkMs: number;
}

export const DEFAULT_HEALTH: HealthOptions = {
  minSamples: 20,
  minFailures: 5,
  margin: 0.05,
  alpha: 0.001,
  baseline: 0.01,
  stableCap: 0.05,
  checkMs: 5000,
};

/**
 * The Web Vitals guard (releases/vitalsVerdict.ts): off for a remote until RELEASE_VITALS_GUARD
 * gives it a margin, e.g. `mf-chat=20,mf-feed=25` (percent by which the canary's p75 LCP or INP may
 * be worse than stable's).
 */
export interface VitalsGuardOptions {
  /** Remote folder → margin (0.2 is 20 %); a remote not named is never judged on its vitals. */
  margins: Record<string, number>;
  /** Page views with the metric, each of canary and stable, before it is judged. */
  minSamples: number;
}

export interface Config {
  port: number;
  host: string;
  /** Public origin of the site; writes with a cookie must come from it. */
  publicOrigin: string;
  /** Extra origins allowed to write (comma-separated), e.g. a dev server. */
  allowedOrigins: string[];
  /** Real PostgreSQL when set; embedded PGlite in `dataDir` otherwise. */
  databaseUrl: string | null;
  databasePoolSize: number;
  /** Named prepared statements; off (DATABASE_PREPARED_STATEMENTS=0) behind a transaction-mode pooler. */
  databasePreparedStatements: boolean;
  /** A streaming replica for feed, thread, profile and tag reads (db/replica.ts). */
  databaseReplicaUrl: string | null;
  /** Reads leave a replica that is further behind the primary than this. */
  replicaMaxLagMs: number;
  dataDir: string;
  /** Where the built shell and remotes live (each app's `dist`). */
  appsDir: string;
  /** Publish each remote's local build (`<app>/dist`) as a release at start (`npm start`, e2e). */
  publishLocalBuilds: boolean;
  /**
   * Where remotes' development servers register on the local site (`npm start` sets it;
   * releases/devRemotes.ts); null on a deployed site.
   */
  devRemotesDir: string | null;
  /** The canary health guard (releases/health.ts, its judgement releases/verdict.ts). */
  releaseHealth: HealthOptions;
  /** The guard on canaries' Web Vitals, per remote (RELEASE_VITALS_GUARD, RELEASE_VITALS_MIN_SAMPLES). */
  releaseVitals: VitalsGuardOptions;
  /**
   * Where release alerts are posted (RELEASE_WEBHOOKS, comma-separated; releases/alerts.ts): a
   * `slack:` prefix or a hooks.slack.com address gets Slack's `{text}`, any other generic JSON.
   */
  releaseWebhooks: string[];
  /**
   * A signed-in admin or team member may load a remote from their own machine
   * (http://localhost:<port>) on this site, in their browser only (releases/previews.ts). Off
   * unless RELEASE_DEV_OVERRIDES=1.
   */
  releaseDevOverrides: boolean;
  /** Base URL under which uploaded files are served; empty means this server (`/files/...`). */
  filesCdn: string;
  /** Uploads and release artifacts in object storage instead of the data folder. */
  filesS3: S3Settings | null;
  /** Redis for rate limits shared by every API node; null counts in this node's memory. */
  redisUrl: string | null;
  logLevel: string;
  /** Set in tests: deterministic captcha text so a browser test can sign up without a bypass. */
  captchaFixedText: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  secureCookies: boolean;
  rateLimits: boolean;
  /**
   * Trust X-Forwarded-* from a reverse proxy: `true`, or the proxies' addresses/CIDRs (comma-
   * separated). Off by default: otherwise any client could pick its own IP and escape per-IP limits.
   */
  trustProxy: boolean | string;
  /** Load the demo content at start when the database has no posts (set by `npm start` and e2e). */
  demoContent: boolean;
  /** The public moderation log (/modlog) names the moderator of each entry (docs/product.md ). */
  modlogShowModerators: boolean;
  /** Link previews (previews/): fetched in the background after a post with a link is published. */
  linkPreviews: {
    enabled: boolean;
    /** How often each node looks for a due fetch. */
    pollMs: number;
    /**
     * Test-only: allow the loopback address (127.0.0.1, ::1) so tests can serve pages from a local
     * server. Every other private, link-local and metadata address stays refused.
     */
    allowLoopback: boolean;
  };
  /** Web Push (notify/push.ts, docs/product.md ). */
  push: {
    /** Who runs the site, for the push services (VAPID's `sub`): an https: URL or a mailto: address. */
    subject: string;
    /**
     * Test and development only (PUSH_ALLOW_LOOPBACK=1): a subscription's endpoint may be plain
     * http on the loopback address, where a test's own receiver listens. Off, only https
     * endpoints on public addresses are accepted and sent to.
     */
    allowLoopback: boolean;
  };
  /** The thread cache (read/threadCache.ts): threads of at least this many rows are cached. */
  threadCacheMinRows: number;
  /** How old authors' avatars and presence may be in a cached thread. */
  threadCacheTtlMs: number;
  /** Memory for cached threads, in MiB; 0 turns the cache off. */
  threadCacheMiB: number;
  /** How old a guest's feed page may be (read/guestCache.ts); 0 turns the cache off. */
  guestCacheMs: number;
  /**
   * Guests' first screens drawn on the server (render/README.md), on unless SSR=0; off, every
   * page is drawn in the browser as before.
   */
  ssr: {
    enabled: boolean;
    /** How long a page waits for its render before it is sent to be drawn in the browser. */
    timeoutMs: number;
    /** Renderer processes at most (one per combination of releases in use). */
    maxProcesses: number;
  };
  /**
   * Prometheus metrics (metrics/): served on a listener of their own at this port; null (unset)
   * turns them off, and nothing is counted.
   */
  metricsPort: number | null;
  /** Where the metrics listener binds: loopback unless METRICS_TOKEN guards it. */
  metricsHost: string;
  /** A bearer token the scrape must send; required for a host other than loopback. */
  metricsToken: string | null;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

function metricsSettings(env: NodeJS.ProcessEnv) {
  const metricsPort = env.METRICS_PORT ? int(env, 'METRICS_PORT', 0) : null;
  const metricsHost = env.METRICS_HOST || '127.0.0.1';
  const metricsToken = env.METRICS_TOKEN || null;
  // The metrics name routes, pools and releases: never open to whoever reaches a public address.
  if (metricsPort !== null && !LOOPBACK.has(metricsHost) && metricsToken === null)
    throw new Error(`METRICS_HOST=${metricsHost} is not loopback: set METRICS_TOKEN too`);
  return { metricsPort, metricsHost, metricsToken };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env, 'PORT', 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicOrigin: env.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    databaseUrl: env.DATABASE_URL || null,
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10),
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS !== '0',
    databaseReplicaUrl: env.DATABASE_REPLICA_URL || null,
    replicaMaxLagMs: int(env, 'REPLICA_MAX_LAG_MS', 5000),
    dataDir,
    appsDir: path.resolve(env.APPS_DIR ?? repoRoot),
    publishLocalBuilds: env.PUBLISH_LOCAL_BUILDS === '1',
    devRemotesDir: env.DEV_REMOTES_DIR ? path.resolve(env.DEV_REMOTES_DIR) : null,
    releaseDevOverrides: env.RELEASE_DEV_OVERRIDES === '1',
    releaseHealth: {
      minSamples: int(env, 'RELEASE_HEALTH_MIN_SAMPLES', 20),
      minFailures: int(env, 'RELEASE_HEALTH_MIN_FAILURES', 5),
      margin: int(env, 'RELEASE_HEALTH_MARGIN_PCT', 5) / 100,
      alpha: DEFAULT_HEALTH.alpha,
      baseline: DEFAULT_HEALTH.baseline,
      stableCap: DEFAULT_HEALTH.stableCap,
      checkMs: int(env, 'RELEASE_HEALTH_CHECK_MS', 5000),
    },
    releaseVitals: {
      margins: parseMargins(env.RELEASE_VITALS_GUARD),
      minSamples: int(env, 'RELEASE_VITALS_MIN_SAMPLES', 50),
    },
    releaseWebhooks: (env.RELEASE_WEBHOOKS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    filesCdn: env.FILES_CDN ?? '',
    filesS3: env.FILES_S3_BUCKET
      ? {
          endpoint: env.FILES_S3_ENDPOINT ?? '',
          bucket: env.FILES_S3_BUCKET,
          region: env.FILES_S3_REGION || 'us-east-1',
          accessKeyId: env.FILES_S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.FILES_S3_SECRET_ACCESS_KEY ?? '',
          // Self-hosted stores (MinIO, Ceph) want path-style URLs; AWS prefers virtual hosts.
          forcePathStyle: (env.FILES_S3_FORCE_PATH_STYLE ?? (env.FILES_S3_ENDPOINT ? '1' : '0')) === '1',
        }
      : null,
    redisUrl: env.REDIS_URL || null,
    logLevel: env.LOG_LEVEL ?? 'info',
    captchaFixedText: env.CAPTCHA_FIXED_TEXT || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Gwar <no-reply@gwar.local>',
    secureCookies: env.SECURE_COOKIES === '1' || (env.PUBLIC_ORIGIN ?? '').startsWith('https://'),
    rateLimits: env.RATE_LIMITS !== '0',
    linkPreviews: {
      enabled: env.LINK_PREVIEWS !== '0',
      pollMs: int(env, 'LINK_PREVIEW_POLL_MS', 2000),
      allowLoopback: env.LINK_PREVIEW_ALLOW_LOOPBACK === '1',
    },
    push: {
      subject: env.PUSH_SUBJECT || pushSubject(env.PUBLIC_ORIGIN ?? '', env.MAIL_FROM ?? ''),
      allowLoopback: env.PUSH_ALLOW_LOOPBACK === '1',
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    demoContent: env.DEMO_CONTENT === '1',
    modlogShowModerators: env.MODLOG_SHOW_MODERATORS === '1',
    threadCacheMinRows: int(env, 'THREAD_CACHE_MIN_ROWS', 300),
    threadCacheTtlMs: int(env, 'THREAD_CACHE_TTL_MS', 15_000),
    threadCacheMiB: int(env, 'THREAD_CACHE_MIB', 256),
    guestCacheMs: int(env, 'GUEST_CACHE_MS', 1000),
    ssr: {
      enabled: env.SSR !== '0',
      timeoutMs: int(env, 'SSR_TIMEOUT_MS', 50),
      maxProcesses: int(env, 'SSR_PROCESSES', 4),
    },
    ...metricsSettings(env),
  };
}

/** `mf-chat=20,mf-feed=25` → { 'mf-chat': 0.2, 'mf-feed': 0.25 }; refuses anything else at start. */
function parseMargins(raw: string | undefined): Record<string, number> {
  const margins: Record<string, number> = {};
  for (const part of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^(mf-[a-z]+)=([0-9]{1,3})$/.exec(part);
    if (!match) throw new Error(`RELEASE_VITALS_GUARD: "${part}" is not <remote>=<percent> (mf-chat=20)`);
    margins[match[1]!] = Number(match[2]) / 100;
  }
  return margins;
}

function parseTrustProxy(raw: string | undefined): boolean | string {
  if (!raw || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  return raw;
}
