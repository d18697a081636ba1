/**
 * Who is calling and what they may do, decided here for every request:
 *
 * - who: the user behind the session cookie (`request.viewer`), or a team's CI behind a release
 *   token (`Authorization: Bearer gwr_…`, `request.releaseToken`; an unknown, revoked or expired
 *   token is refused at once);
 * - from where: a write that carries the session cookie must come from the site's own pages
 *   (its Origin, or its Referer), the CSRF defence beside SameSite;
 * - what: each call's `access` (rpc/define.ts), checked before its input is read. Handlers of
 *   'user' calls and stronger narrow their context with `signedIn(ctx)`; a 'release' call asks
 *   releases/access.ts which remotes the token or the admin may release.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { SESSION_COOKIE } from '../http/cookies.ts';
import { ApiError, withRequestId } from '../http/errors.ts';
import { findViewer, touchPresence, type Viewer } from './session.ts';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

export type Access =
  /** anyone, signed in or not */
  | 'any'
  /** an active, signed-in user (banned users have no session; inactive ones are refused) */
  | 'user'
  /** only without a session (sign-up, sign-in, reset) */
  | 'guest'
  | 'moderator'
  | 'admin'
  /** a release token for the remote in the input, or an admin (the handler checks: releases/access.ts) */
  | 'release';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The token behind a Bearer value, or a refusal (releases/tokens.ts `findReleaseToken`). */
type FindReleaseToken = (db: Db, raw: string) => Promise<NonNullable<FastifyRequest['releaseToken']>>;

/**
 * Names the caller of every request (`request.viewer`, `request.releaseToken`) and refuses a
 * cookie-carrying write from another site. The release tokens' lookup is handed in (app.ts), so
 * that sessions and access need nothing of the release subsystem, which needs them.
 */
export function identifyCallers(
  app: FastifyInstance,
  db: Db,
  config: Config,
  findReleaseToken: FindReleaseToken,
): void {
  app.decorateRequest('viewer', null);
  app.decorateRequest('releaseToken', null);
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
        .send(
          withRequestId(
            new ApiError(403, 'ORIGIN NOT ALLOWED', 'Writes must come from the site itself').toBody(),
            request.id,
          ),
        );
    }
  });
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

/** Refuses a caller whom a call's `access` does not admit; 'release' is left to the handler. */
export function checkAccess(access: Access, viewer: Viewer | null): void {
  if (access === 'guest' && viewer) throw new ApiError(403, 'YOU MUST BE SIGNED OUT');
  if (access === 'any' || access === 'guest' || access === 'release') return;
  if (!viewer) throw new ApiError(401, 'YOU MUST BE SIGNED IN');
  if (viewer.status === 'inactive') throw new ApiError(403, 'USER INACTIVE');
  if (access === 'moderator' && !viewer.roles.includes('moderator'))
    throw new ApiError(401, 'ROLE REQUIRED', 'moderator');
  if (access === 'admin' && !viewer.roles.includes('admin'))
    throw new ApiError(401, 'ROLE REQUIRED', 'admin');
}

/** Narrows a context for handlers with access 'user' or stronger. */
export function signedIn<Context extends { viewer: Viewer | null }>(
  ctx: Context,
): Context & { viewer: Viewer } {
  if (!ctx.viewer) throw new Error('signedIn() used in a handler that allows guests');
  return ctx as Context & { viewer: Viewer };
}
