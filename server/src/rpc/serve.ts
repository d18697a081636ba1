/**
 * Calls: `POST /api/rpc/<name>` for each handler of the routes table. In order: the body limit
 * and the rate limits (http/rateLimits.ts), the caller against the call's access
 * (auth/access.ts), the body against the contract's zod schema, then the handler; after it, the
 * caller's next reads are pointed at what they just wrote. What any step throws is answered by
 * http/errors.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkAccess } from '../auth/access.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { ReadRouting } from '../db/replica.ts';
import { FRESH_COOKIE } from '../http/cookies.ts';
import { callRateLimits } from '../http/rateLimits.ts';
import { DEFAULT_BODY_LIMIT, type RpcContext, type RpcDefinition } from './define.ts';

export function registerCalls(
  app: FastifyInstance,
  calls: readonly RpcDefinition[],
  { db, config, routing }: { db: Db; config: Config; routing: ReadRouting | null },
): void {
  for (const rpc of calls) {
    app.post(
      `/api/rpc/${rpc.name}`,
      { bodyLimit: rpc.bodyLimit ?? DEFAULT_BODY_LIMIT, ...callRateLimits(app, config, rpc.rateLimit) },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const viewer = request.viewer;
        checkAccess(rpc.access, viewer);
        const input = rpc.input.parse(request.body ?? {});
        const ctx: RpcContext = { db, viewer, config, services: app.services, request, reply };
        const result = await rpc.handle(ctx, input);
        // The caller reads their own write next, from whichever node and database answers.
        if (routing) await routing.markWrite(reply, config.secureCookies);
        // …and not from the shared feed rows (when the guests' cache keeps them, read/caches.ts),
        // which may be from just before it (read/feedOverlay.ts).
        if (config.guestCacheMs > 0 && viewer) {
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
}
