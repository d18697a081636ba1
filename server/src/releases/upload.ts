/**
 * `PUT /api/releases/<remote>/<version>`: a built remote, uploaded as a gzipped tarball of its
 * dist folder by a team's CI (`pnpm gwar release publish`, a release token) or an admin: read
 * within the upload's limits (tarball.ts), then published (publish.ts). 201 when it was stored,
 * 200 when this very build already was (a retried upload). A refused upload is announced to the
 * release webhooks (alerts.ts) by the node that refused it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RemoteDir } from 'shared-api/routes';
import { releaseRemote, releaseVersion } from 'shared-api/validation';
import { ApiError, badRequest } from '../http/errors.ts';
import { releaseActor } from './access.ts';
import { publishRelease } from './publish.ts';
import { RELEASE_LIMITS, ReleaseArchiveError, readReleaseArchive } from './tarball.ts';

export function registerReleaseUpload(app: FastifyInstance): void {
  const releases = app.services.releases;
  const config = app.config;
  app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/gzip', 'application/x-gzip', 'application/x-tar', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: RELEASE_LIMITS.archiveBytes },
      (_request, body, done) => done(null, body),
    );
    scope.put<{ Params: { remote: string; version: string } }>(
      '/api/releases/:remote/:version',
      {
        bodyLimit: RELEASE_LIMITS.archiveBytes,
        config: config.rateLimits ? { rateLimit: { max: 30, timeWindow: '1 minute' } } : {},
      },
      async (request: FastifyRequest<{ Params: { remote: string; version: string } }>, reply) => {
        const remote = releaseRemote.safeParse(request.params.remote);
        if (!remote.success) throw badRequest('RELEASE REFUSED', `unknown remote "${request.params.remote}"`);
        const version = releaseVersion.safeParse(request.params.version);
        if (!version.success)
          throw badRequest('RELEASE REFUSED', version.error.issues[0]?.message ?? 'bad version');
        const actor = releaseActor(request, remote.data);
        try {
          const result = await publishUpload(request.body, remote.data, version.data, actor);
          request.log.info(
            { remote: result.remote, version: result.version, actor, created: result.created },
            'release published',
          );
          return reply
            .status(result.created ? 201 : 200)
            .header('Cache-Control', 'no-store')
            .send({ ok: true, ...result });
        } catch (error) {
          // A build refused from a caller allowed to upload it (the refusals above come before
          // anyone is known, so anonymous requests cannot flood the hooks); not a retry (409).
          if (error instanceof ApiError && error.message === 'RELEASE REFUSED') {
            releases.alerts.send({
              event: 'upload-refused',
              remote: request.params.remote,
              version: request.params.version,
              reason: `${(error.details ?? 'refused').slice(0, 500)} (uploaded by ${actor})`,
            });
          }
          throw error;
        }
      },
    );
  });

  /** Reads the tarball within its limits and publishes it (publish.ts). */
  async function publishUpload(body: unknown, remote: RemoteDir, version: string, actor: string) {
    if (!Buffer.isBuffer(body)) {
      throw badRequest(
        'RELEASE REFUSED',
        'send the gzipped tarball as the body (Content-Type: application/gzip)',
      );
    }
    let files: Awaited<ReturnType<typeof readReleaseArchive>>;
    try {
      files = await readReleaseArchive(body);
    } catch (error) {
      if (error instanceof ReleaseArchiveError) throw badRequest('RELEASE REFUSED', error.message);
      throw error;
    }
    return publishRelease(config, app.db, releases, { remote, version, files, actor });
  }
}
