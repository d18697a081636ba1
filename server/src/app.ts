/**
 * The HTTP application, composed: each part lives in its own module and is wired here in the
 * order Fastify needs. Cookies, compression, rate limits (http/rateLimits.ts), security headers,
 * error replies (http/errors.ts), who calls and what they may do (auth/access.ts), the replica
 * (db/replica.ts), PostgREST-style reads (`GET /api/<resource>`, read/serve.ts), calls
 * (`POST /api/rpc/<name>`, rpc/serve.ts), health (http/health.ts), uploaded files, live events,
 * releases of the remotes and the pages (pages/). Every read and call comes from `routes.ts`.
 */
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import { identifyCallers } from './auth/access.ts';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { type ReadRouting, readRoutingFor } from './db/replica.ts';
import { registerCompression } from './http/compression.ts';
import { ApiError, registerErrorReplies } from './http/errors.ts';
import { endConnectionsWhileClosing, registerHealth } from './http/health.ts';
import { registerRateLimits } from './http/rateLimits.ts';
import { registerRequestIds, requestIdFor } from './http/requestIds.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { listenForScrapes, type MetricsListener } from './metrics/listener.ts';
import { createMetrics, type Metrics } from './metrics/registry.ts';
import { observeRequests } from './metrics/requests.ts';
import { registerFrontend } from './pages/frontend.ts';
import { registerSitemap } from './pages/sitemap.ts';
import { linkPreviewQueueLength } from './previews/worker.ts';
import { type AppReadCaches, createReadCaches } from './read/caches.ts';
import { registerReads } from './read/serve.ts';
import { releaseHealthFigures } from './releases/healthFigures.ts';
import { redactPreviewLink } from './releases/previews.ts';
import { findReleaseToken } from './releases/tokens.ts';
import { readRoutes, registerExtraRoutes, rpcRoutes } from './routes.ts';
import { DEFAULT_BODY_LIMIT } from './rpc/define.ts';
import { registerCalls } from './rpc/serve.ts';
import { createServices, type Services } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    services: Services;
    /** Reads from a streaming replica (db/replica.ts), when DATABASE_REPLICA_URL is set. */
    readRouting: ReadRouting | null;
    /** Prometheus metrics (metrics/), when METRICS_PORT is set; null counts nothing. */
    metrics: Metrics | null;
    /** Where the metrics are scraped (metrics/listener.ts), when they are on. */
    metricsListener: MetricsListener | null;
  }
}

export interface AppOptions {
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
}

export async function buildApp(config: Config, db: Db, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Never log credentials or the session cookie.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      // …nor a preview link whole (releases/previews.ts): its address is one.
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactPreviewLink(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
    },
    // X-Request-Id: the proxy's when sane, or a new one (http/requestIds.ts); `reqId` in each log line.
    genReqId: requestIdFor,
    requestIdHeader: false,
    bodyLimit: DEFAULT_BODY_LIMIT,
    // On SIGTERM a request the server has already received is served (the database stays open
    // until app.close() is done; each such response says `Connection: close`), instead of
    // Fastify's own 503 in another shape. New connections are refused: the listener is closed.
    return503OnClosing: false,
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' }),
  });
  const metrics = config.metricsPort === null ? null : createMetrics();
  app.decorate('metrics', metrics);
  // First, so every route registered after is timed (metrics/requests.ts).
  if (metrics) observeRequests(app, metrics);
  registerRequestIds(app);
  app.decorate('db', db);
  // Retried deadlocks and lost connections in the server's log, with the request logs.
  db.setWarn((context, message) => app.log.warn(context, message));
  app.decorate('config', config);
  app.decorate('services', await createServices(config, db, app.log));

  await app.register(cookie);
  await registerCompression(app);
  await registerRateLimits(app, config);
  await registerSecurityHeaders(app, config);
  registerErrorReplies(app, redactPreviewLink);
  identifyCallers(app, db, config, findReleaseToken);

  // Feed, thread, profile and tag reads from a streaming replica when there is one and it has
  // what the caller wrote (db/replica.ts); everything else, and every write, on the primary.
  const routing = readRoutingFor(config, db, app.log);
  app.decorate('readRouting', routing);

  const caches = createReadCaches(config);
  registerReads(app, readRoutes, { db, config, routing, caches });
  registerCalls(app, rpcRoutes, { db, config, routing });
  registerHealth(app, db, routing);

  // Unknown API paths answer in the API's own shape, never with the shell.
  app.all('/api/*', async () => {
    throw new ApiError(404, 'NOT FOUND', 'No such endpoint', null, 'PGRST125');
  });

  await registerExtraRoutes(app);
  registerSitemap(app, config);
  await registerFrontend(app, config);
  endConnectionsWhileClosing(app);

  app.decorate('metricsListener', metrics ? await watchApp(app, metrics, caches) : null);
  app.addHook('onClose', async () => {
    await app.metricsListener?.close();
    await routing?.close();
    await app.services.close();
  });
  return app;
}

/** Points the metrics at what the parts keep, and opens the scrape listener (metrics/README.md). */
async function watchApp(
  app: FastifyInstance,
  metrics: Metrics,
  caches: AppReadCaches,
): Promise<MetricsListener> {
  const { db, readRouting, config } = app;
  db.observeQueries(metrics.queryObserver('primary'));
  metrics.watchPool('primary', () => db.poolStats());
  if (readRouting) {
    readRouting.observeQueries(metrics.queryObserver('replica'));
    metrics.watchPool('replica', () => readRouting.poolStats());
  }
  if (caches.threadCache) metrics.watchCache('thread', caches.threadCache);
  if (caches.guestCache) metrics.watchCache('guest_feed', caches.guestCache);
  if (caches.followedIdsCache) metrics.watchCache('followed_ids', caches.followedIdsCache);
  metrics.watchLinkPreviewQueue(() => linkPreviewQueueLength(db));
  metrics.watchPushSends(app.services.push.counts);
  metrics.watchReleaseHealth(() => releaseHealthFigures(db));
  return listenForScrapes(
    metrics,
    { host: config.metricsHost, port: config.metricsPort ?? 0, token: config.metricsToken },
    (err) => app.log.warn({ err }, 'metrics scrape failed'),
  );
}
