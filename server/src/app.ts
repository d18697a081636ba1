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
import { VALIDATION_KEYS } from 'shared-api/validation';
import { ZodError } from 'zod';
import { findViewer, SESSION_COOKIE, touchPresence, type Viewer } from './auth/session.ts';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { registerCompression } from './http/compression.ts';
import { ApiError, type ErrorBody, tooManyRequests } from './http/errors.ts';
import { registerFrontend } from './http/frontend.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerSitemap } from './http/sitemap.ts';
import { type CountMode, contentRange, runRead } from './postgrest/build.ts';
import { parseReadQuery } from './postgrest/parse.ts';
import { GuestCache } from './read/guestCache.ts';
import { createThreadCache } from './read/posts.ts';
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
  return { status: 500, body: { code: 'GW500', message: 'SYSTEM CRASHED', details: null, hint: null } };
}

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

export async function buildApp(config: Config, db: Db): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Never log credentials or the session cookie.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' }),
  });
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('services', createServices(config, db, app.log));
  app.decorateRequest('viewer', null);

  await app.register(cookie);
  await registerCompression(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...tooManyRequests(`Limit ${context.max} na ${context.after}`).toBody(),
    }),
  });
  await registerSecurityHeaders(app, config);

  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorReply(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    void reply.status(status).send(body);
  });

  app.addHook('onRequest', async (request, reply) => {
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
          db,
          filesCdn: config.filesCdn,
          threadCache,
          guestCache,
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
                  request.viewer ? `user:${request.viewer.id}` : `ip:${request.ip}`,
              }),
            }
          : {}),
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const viewer = request.viewer;
        if (rpc.access === 'guest' && viewer) throw new ApiError(403, 'YOU MUST BE SIGNED OUT');
        if (rpc.access !== 'any' && rpc.access !== 'guest') {
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
        void reply.header('Cache-Control', 'no-store');
        return result ?? { ok: true };
      },
    );
  }

  // Unknown API paths answer in the API's own shape, never with the shell.
  app.all('/api/*', async () => {
    throw new ApiError(404, 'NOT FOUND', 'No such endpoint', null, 'PGRST125');
  });

  await registerExtraRoutes(app);
  registerSitemap(app, config);
  await registerFrontend(app, config);

  app.addHook('onClose', async () => {
    await app.services.close();
  });
  return app;
}
