/**
 * Rate limits (@fastify/rate-limit), off where `config.rateLimits` is (tests that flood on
 * purpose). A route names its own limit in its `config.rateLimit`; every call (rpc/serve.ts) also
 * has a generous default per account, per release token or per address, so one client cannot
 * flood any write. A refused request gets 429 'TOO MANY REQUESTS' in the API's shape.
 *
 * With REDIS_URL every node counts in Redis, so N nodes allow the limit once, not N times.
 * Fail open (skipOnError): a Redis outage must not take every write of the site down with it;
 * the sign-in throttle per account (auth/throttle.ts) lives in PostgreSQL and still holds.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { routeLabel } from '../metrics/routeLabels.ts';
import { tooManyRequests } from './errors.ts';

/** Per RPC, per account (or address): far above any person's pace, low enough to stop a script. */
export const DEFAULT_RPC_RATE_LIMIT = { max: 300, timeWindow: '1 minute' } as const;

export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
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
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, skipOnError: true, nameSpace: 'gwar-rl-' } : {}),
    errorResponseBuilder: (request, context) => {
      app.metrics?.refused(routeLabel(request.routeOptions.url, request.params));
      return {
        statusCode: 429,
        ...tooManyRequests(`Limit ${context.max} na ${context.after}`).toBody(),
      };
    },
  });
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });
}

/** A call's route options: its own limit, if it has one, and the default per caller on top. */
export function callRateLimits(
  app: FastifyInstance,
  config: Config,
  own: { max: number; timeWindow: string } | undefined,
): Pick<RouteShorthandOptions, 'config' | 'preHandler'> {
  if (!config.rateLimits) return { config: {} };
  return {
    config: own ? { rateLimit: own } : {},
    preHandler: app.rateLimit({
      ...DEFAULT_RPC_RATE_LIMIT,
      keyGenerator: (request: FastifyRequest) =>
        request.viewer
          ? `user:${request.viewer.id}`
          : request.releaseToken
            ? `token:${request.releaseToken.id}`
            : `ip:${request.ip}`,
    }),
  };
}
