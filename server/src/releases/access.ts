/**
 * Who may change a remote's releases: a release token that names the remote (a team's CI), or
 * a signed-in admin (the admin page). Never an ordinary session, never a token of another team.
 */
import type { FastifyRequest } from 'fastify';
import type { RemoteDir } from 'shared-api/routes';
import { ApiError, unauthorized } from '../http/errors.ts';
import type { ReleaseToken } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the onRequest hook from `Authorization: Bearer gwr_…`. */
    releaseToken: ReleaseToken | null;
  }
}

/** The actor recorded in the release log, after checking `request` may release `remote`. */
export function releaseActor(request: FastifyRequest, remote: RemoteDir): string {
  const token = request.releaseToken;
  if (token) {
    if (!token.remotes.includes(remote)) {
      throw new ApiError(
        403,
        'TOKEN NOT ALLOWED',
        `the token "${token.name}" may release ${token.remotes.join(', ')}, not ${remote}`,
      );
    }
    return `token:${token.name}`;
  }
  const viewer = request.viewer;
  if (!viewer) throw unauthorized('YOU MUST BE SIGNED IN', 'a release token or an admin session is needed');
  if (!viewer.roles.includes('admin')) throw new ApiError(401, 'ROLE REQUIRED', 'admin');
  return `user:${viewer.username}`;
}

/** The remotes whose releases the caller may read: a token's, all for an admin, else none. */
export function releaseScope(request: FastifyRequest): readonly string[] | 'all' | null {
  if (request.releaseToken) return request.releaseToken.remotes;
  if (request.viewer?.roles.includes('admin')) return 'all';
  return null;
}
