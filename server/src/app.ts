/**
 * The HTTP application: sessions, Origin checks, rate limits, PostgREST-style reads
 * (`GET /api/<resource>`), calls (`POST /api/rpc/<name>`), uploaded files, the remote
 * registry and the built front end. Every route comes from `routes.ts`.
 */
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { Redis } from 'ioredis';
import { VALIDATION_KEYS } from 'shared-api/validation';
import { ZodError } from 'zod';
import { findViewer, SESSION_COOKIE, touchPresence, type Viewer } from './auth/session.ts';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { type ReadRouting, startReadRouting } from './db/replica.ts';
import { isDatabaseBusy, isDatabaseUnavailable } from './db/unavailable.ts';
import { COMPRESS_THRESHOLD, registerCompression } from './http/compression.ts';
import { ApiError, type ErrorBody, tooManyRequests } from './http/errors.ts';
import { registerFrontend } from './http/frontend.ts';
import { acceptedEncodings } from './http/precompressed.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerSitemap } from './http/sitemap.ts';
import { type CountMode, contentRange, runRead } from './postgrest/build.ts';
import { parseReadQuery } from './postgrest/parse.ts';
import { FRESH_COOKIE } from './read/feedOverlay.ts';
import { FOLLOWED_IDS_TTL_MS } from './read/followedIds.ts';
import { GuestCache, sharedGzip, TtlCache } from './read/guestCache.ts';
import { createThreadCache } from './read/threadCache.ts';
import { releaseScope } from './releases/access.ts';
import { redactPreviewLink } from './releases/previews.ts';
import { findReleaseToken } from './releases/tokens.ts';
import { readRoutes, registerExtraRoutes, rpcRoutes } from './routes.ts';
import type { RpcContext } from './rpc/define.ts';
import { createServices, type Services } from './services.ts';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
  interface FastifyInstance {
    db: Db;
    config: Config;
    services: Services;
    /** Reads from a streaming replica (db/replica.ts), when DATABASE_REPLICA_URL is set. */
    readRouting: ReadRouting | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Per RPC, per account (or address): far above any person's pace, low enough to stop a script. */
export const DEFAULT_RPC_RATE_LIMIT = { max: 300, timeWindow: '1 minute' } as const;

/** Maps any thrown value to the PostgREST error shape and a status the client's §8 table expects. */
export function toErrorReply(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof ApiError) return { status: error.status, body: error.toBody() };
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    const text = issue?.message ?? 'BAD REQUEST';
    const key = VALIDATION_KEYS[text] ?? text;
    return {
      status: 400,
      body: {
        code: 'GW400',
        message: key,
        details: VALIDATION_KEYS[text] ? text : null,
        hint: issue?.path.join('.') || null,
      },
    };
  }
  const fastifyError = error as { statusCode?: number; code?: string; message?: string };
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fastifyError.statusCode === 413) {
    return { status: 413, body: new ApiError(413, 'data too big').toBody() };
  }
  if (fastifyError.statusCode === 429) return { status: 429, body: tooManyRequests().toBody() };
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return {
      status: fastifyError.statusCode,
      body: {
        code: fastifyError.code ?? 'GW400',
        message: 'BAD REQUEST',
        details: fastifyError.message ?? null,
        hint: null,
      },
    };
  }
  if (isDatabaseUnavailable(error)) return { status: 503, body: DATABASE_UNAVAILABLE };
  if (isDatabaseBusy(error)) return { status: 503, body: DATABASE_BUSY };
  // disk_full (53100) or the data folder's disk (ENOSPC): the write failed whole, nothing half-saved.
  if (fastifyError.code === '53100' || fastifyError.code === 'ENOSPC') {
    return { status: 503, body: { ...DATABASE_UNAVAILABLE, details: 'The database has no disk space left' } };
  }
  // PostgreSQL's data exceptions (class 22: a NUL byte in text, a number out of range, a bad
  // cast) come from a value the client sent that the schema let through: a 400, never SQL text.
  if (typeof fastifyError.code === 'string' && /^22[0-9A-Z]{3}$/.test(fastifyError.code)) {
    return {
      status: 400,
      body: {
        code: 'GW400',
        message: 'BAD REQUEST',
        details: 'A value in the request cannot be stored or compared',
        hint: null,
      },
    };
  }
  return { status: 500, body: { code: 'GW500', message: 'SYSTEM CRASHED', details: null, hint: null } };
}

/**
 * The database is away (restart, failover): the request failed fast and changed nothing. The
 * client's §8 table has no 503 entry, so the shell shows its fallback ('SYSTEM CRASHED…', home).
 */
const DATABASE_UNAVAILABLE: ErrorBody = {
  code: 'GW503',
  message: 'SERVICE UNAVAILABLE',
  details: 'The database cannot be reached at the moment',
  hint: 'Spróbuj ponownie za chwilę.',
};
/**
 * A bound of db/index.ts DB_BOUNDS was reached (a lock or a statement waited too long) or a
 * transaction stayed a deadlock victim after its retries: nothing was saved, try again.
 */
const DATABASE_BUSY: ErrorBody = {
  ...DATABASE_UNAVAILABLE,
  details: 'The database is too busy at the moment',
};
/** Seconds a client is told to wait before retrying after a 503. */
const RETRY_AFTER_S = 2;

function originAllowed(request: FastifyRequest, config: Config): boolean {
  const origin =
    request.headers.origin ?? (request.headers.referer ? safeOrigin(request.headers.referer) : undefined);
  if (!origin) return false;
  if (origin === config.publicOrigin || config.allowedOrigins.includes(origin)) return true;
  // The site as reached by this request (another port or host name in development).
  return origin === `${request.protocol}://${request.headers.host}`;
}

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function countMode(prefer: string | undefined): CountMode {
  const match = /count=(exact|planned|estimated)/.exec(prefer ?? '');
  return (match?.[1] as CountMode) ?? null;
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
    bodyLimit: DEFAULT_BODY_LIMIT,
    // On SIGTERM a request the server has already received is served (the database stays open
    // until app.close() is done; each such response says `Connection: close`), instead of
    // Fastify's own 503 in another shape. New connections are refused: the listener is closed.
    return503OnClosing: false,
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' }),
  });
  app.decorate('db', db);
  // Retried deadlocks and lost connections in the server's log, with the request logs.
  db.setWarn((context, message) => app.log.warn(context, message));
  app.decorate('config', config);
  app.decorate('services', await createServices(config, db, app.log));
  app.decorateRequest('viewer', null);
  app.decorateRequest('releaseToken', null);

  await app.register(cookie);
  // With REDIS_URL every node counts in Redis, so N nodes allow the limit once, not N times.
  // Fail open (skipOnError): a Redis outage must not take every write of the site down with it;
  // the sign-in throttle per account (auth/throttle.ts) lives in PostgreSQL and still holds.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        connectTimeout: 2000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: true,
      })
    : null;
  redis?.on('error', (error) =>
    app.log.warn(
      { err: error },
      'redis unavailable: per-IP and per-account rate limits are not counted until it is back',
    ),
  );
  // Counted from the first request when Redis is up; a node that starts while it is down serves
  // anyway, and ioredis keeps reconnecting.
  await redis
    ?.connect()
    .catch((error: unknown) => app.log.warn({ err: error }, 'redis is not reachable at start'));
  await registerCompression(app);
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, skipOnError: true, nameSpace: 'gwar-rl-' } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...tooManyRequests(`Limit ${context.max} na ${context.after}`).toBody(),
    }),
  });
  await registerSecurityHeaders(app, config);

  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorReply(error);
    if (status === 503) {
      // One line per failed request, no stack: an outage must not flood the log with traces.
      request.log.warn(
        { url: redactPreviewLink(request.url), reason: (error as Error).message },
        'database unavailable',
      );
      void reply.header('Retry-After', String(RETRY_AFTER_S));
    } else if (status >= 500) request.log.error({ err: error }, 'request failed');
    void reply.status(status).send(body);
  });

  app.addHook('onRequest', async (request, reply) => {
    // A team's CI releasing its remote: a Bearer release token instead of a session (no cookie,
    // so no Origin check applies). Unknown, revoked or expired tokens are refused here.
    const authorization = request.headers.authorization;
    if (authorization?.startsWith('Bearer ') && request.url.startsWith('/api/')) {
      request.releaseToken = await findReleaseToken(db, authorization.slice('Bearer '.length).trim());
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      request.viewer = await findViewer(db, token);
      if (request.viewer) void touchPresence(db, request.viewer).catch(() => undefined);
    }
    // A cookie-carrying write must come from our own pages (CSRF defence beside SameSite).
    if (!SAFE_METHODS.has(request.method) && token && !originAllowed(request, config)) {
      return reply
        .status(403)
        .send(new ApiError(403, 'ORIGIN NOT ALLOWED', 'Writes must come from the site itself').toBody());
    }
  });

  // Feed, thread, profile and tag reads from a streaming replica when there is one and it has
  // what the caller wrote (db/replica.ts); everything else, and every write, on the primary.
  const routing =
    config.databaseReplicaUrl && db.kind === 'postgres'
      ? startReadRouting(
          db,
          {
            url: config.databaseReplicaUrl,
            poolSize: config.databasePoolSize,
            preparedStatements: config.databasePreparedStatements,
            pollMs: 100,
            maxLagMs: config.replicaMaxLagMs,
          },
          (status) =>
            app.log.warn(
              { replica: { ...status, replayed: status.replayed?.toString() } },
              status.healthy ? 'replica in use' : 'replica not in use: reads go to the primary',
            ),
        )
      : null;

  app.decorate('readRouting', routing);

  // Reads: GET /api/<resource>?<PostgREST grammar>
  const threadCache =
    config.threadCacheMiB > 0
      ? createThreadCache({
          minRows: config.threadCacheMinRows,
          ttlMs: config.threadCacheTtlMs,
          maxBytes: config.threadCacheMiB * 1024 * 1024,
        })
      : undefined;
  const guestCache =
    config.guestCacheMs > 0
      ? new GuestCache({ ttlMs: config.guestCacheMs, maxEntries: 1000, maxAnswer: 256 * 1024 })
      : undefined;
  // Kept with the guests' cache: both trade a few seconds of staleness for much less SQL.
  const followedIdsCache = guestCache
    ? new TtlCache<number[]>({ ttlMs: FOLLOWED_IDS_TTL_MS, maxEntries: 10_000 })
    : undefined;
  for (const resource of readRoutes) {
    app.get(`/api/${resource.name}`, async (request, reply) => {
      const url = new URL(request.url, 'http://local');
      const query = parseReadQuery(url.searchParams, request.headers.range as string | undefined);
      const viewer = request.viewer;
      const result = await runRead(
        resource,
        {
          viewerId: viewer?.id ?? null,
          roles: viewer?.roles ?? [],
          db: routing && resource.replica ? routing.readerFor(request) : db,
          filesCdn: config.filesCdn,
          threadCache,
          guestCache,
          followedIdsCache,
          wroteRecently: request.cookies[FRESH_COOKIE] !== undefined,
          releaseScope: releaseScope(request),
        },
        query,
        countMode(request.headers.prefer as string | undefined),
      );
      void reply.header('Content-Range', contentRange(result)).header('Cache-Control', 'no-store');
      const accept = request.headers.accept ?? '';
      void reply.type('application/json; charset=utf-8');
      if (accept.includes('application/vnd.pgrst.object+json')) {
        if (result.count !== 1) {
          return reply
            .status(406)
            .send(
              new ApiError(
                406,
                'POST NOT FOUND',
                `JSON object requested, ${result.count} rows returned`,
                null,
                'PGRST116',
              ).toBody(),
            );
        }
        // The one element of the array PostgreSQL built.
        const json = result.json.toString();
        return reply.compress(json.slice(json.indexOf('{'), json.lastIndexOf('}') + 1));
      }
      // A page every guest shares goes out compressed once (guestCache.ts).
      const gzipBody =
        result.json.length >= COMPRESS_THRESHOLD &&
        acceptedEncodings(request.headers['accept-encoding']).includes('gzip')
          ? sharedGzip(result)
          : null;
      if (gzipBody) {
        return reply
          .header('Content-Encoding', 'gzip')
          .header('Vary', 'Accept-Encoding')
          .send(await gzipBody);
      }
      // reply.compress, not the global hook: that one skips any answer with a Content-Range,
      // which it takes for a byte range, while ours counts rows (PostgREST).
      return reply.compress(result.json);
    });
  }

  // Calls: POST /api/rpc/<name> with a JSON body validated by the shared zod schema.
  for (const rpc of rpcRoutes) {
    app.post(
      `/api/rpc/${rpc.name}`,
      {
        bodyLimit: rpc.bodyLimit ?? DEFAULT_BODY_LIMIT,
        config: rpc.rateLimit && config.rateLimits ? { rateLimit: rpc.rateLimit } : {},
        // Every call also has a generous default limit per account (per address for guests), so
        // one client cannot flood any write; its own stricter limit (above) applies on top.
        ...(config.rateLimits
          ? {
              preHandler: app.rateLimit({
                ...DEFAULT_RPC_RATE_LIMIT,
                keyGenerator: (request: FastifyRequest) =>
                  request.viewer
                    ? `user:${request.viewer.id}`
                    : request.releaseToken
                      ? `token:${request.releaseToken.id}`
                      : `ip:${request.ip}`,
              }),
            }
          : {}),
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const viewer = request.viewer;
        if (rpc.access === 'guest' && viewer) throw new ApiError(403, 'YOU MUST BE SIGNED OUT');
        if (rpc.access !== 'any' && rpc.access !== 'guest' && rpc.access !== 'release') {
          if (!viewer) throw new ApiError(401, 'YOU MUST BE SIGNED IN');
          if (viewer.status === 'inactive') throw new ApiError(403, 'USER INACTIVE');
          if (rpc.access === 'moderator' && !viewer.roles.includes('moderator'))
            throw new ApiError(401, 'ROLE REQUIRED', 'moderator');
          if (rpc.access === 'admin' && !viewer.roles.includes('admin'))
            throw new ApiError(401, 'ROLE REQUIRED', 'admin');
        }
        const input = rpc.input.parse(request.body ?? {});
        const ctx: RpcContext = { db, viewer, config, services: app.services, request, reply };
        const result = await rpc.handle(ctx, input);
        // The caller reads their own write next, from whichever node and database answers.
        if (routing) await routing.markWrite(reply, config.secureCookies);
        // …and not from the shared feed rows, which may be from just before it (read/feedOverlay.ts).
        if (guestCache && viewer) {
          void reply.setCookie(FRESH_COOKIE, '1', {
            path: '/api',
            maxAge: Math.ceil(config.guestCacheMs / 1000) + 2,
            httpOnly: true,
            sameSite: 'lax',
            secure: config.secureCookies,
          });
        }
        void reply.header('Cache-Control', 'no-store');
        return result ?? { ok: true };
      },
    );
  }

  // For load balancers and operators: is this node's database reachable, and is the replica in use?
  app.get('/healthz', async (_request, reply) => {
    const started = Date.now();
    const database = await db
      .query('SELECT 1')
      .then(() => 'up' as const)
      .catch(() => 'down' as const);
    const replica = routing?.status();
    return reply
      .status(database === 'up' ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send({
        ok: database === 'up',
        database,
        databaseMs: Date.now() - started,
        replica: replica
          ? { inUse: replica.healthy, lagMs: replica.lagMs, replayed: replica.replayed?.toString() ?? null }
          : null,
      });
  });

  // Unknown API paths answer in the API's own shape, never with the shell.
  app.all('/api/*', async () => {
    throw new ApiError(404, 'NOT FOUND', 'No such endpoint', null, 'PGRST125');
  });

  await registerExtraRoutes(app);
  registerSitemap(app, config);
  await registerFrontend(app, config);

  // While closing, every answer ends its connection: a kept-alive connection left idle after
  // its last in-flight request would otherwise hold the shutdown for the keep-alive timeout (5 s).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('Connection', 'close');
  });

  app.addHook('onClose', async () => {
    await routing?.close();
    await app.services.close();
    redis?.disconnect();
  });
  return app;
}
