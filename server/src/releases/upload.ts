/**
 * `PUT /api/releases/<remote>/<version>`: a built remote, uploaded as a gzipped tarball of its
 * dist folder by a team's CI (`pnpm gwar release publish`, a release token) or an admin: read
 * within the upload's limits (tarball.ts), then published (publish.ts). 201 when it was stored,
 * 200 when this very build already was (a retried upload). A refused upload is announced to the
 * release webhooks (alerts.ts) by the node that refused it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { releaseRemote, releaseVersion } from 'shared-api/validation';
import { ApiError, badRequest } from '../http/errors.ts';
import { releaseActor } from './access.ts';
import { publishRelease } from './publish.ts';
import { RELEASE_LIMITS, ReleaseArchiveError, readReleaseArchive } from './tarball.ts';

/** Who is uploading, once the token or session was checked (a refusal before is nobody's). */
interface Upload {
  actor: string | null;
}

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
        const upload: Upload = { actor: null };
        try {
          return await receive(request, reply, upload);
        } catch (error) {
          // A build refused from a caller allowed to upload it: never an anonymous request (which
          // anyone could repeat to flood the hooks), a missing token (401/403) or a retry (409).
          if (upload.actor && error instanceof ApiError && error.message === 'RELEASE REFUSED') {
            releases.alerts.send({
              event: 'upload-refused',
              remote: request.params.remote,
              version: request.params.version,
              reason: `${(error.details ?? 'refused').slice(0, 500)} (uploaded by ${upload.actor})`,
            });
          }
          throw error;
        }
      },
    );
  });

  async function receive(
    request: FastifyRequest<{ Params: { remote: string; version: string } }>,
    reply: FastifyReply,
    upload: Upload,
  ) {
    const remote = releaseRemote.safeParse(request.params.remote);
    if (!remote.success) throw badRequest('RELEASE REFUSED', `unknown remote "${request.params.remote}"`);
    const version = releaseVersion.safeParse(request.params.version);
    if (!version.success)
      throw badRequest('RELEASE REFUSED', version.error.issues[0]?.message ?? 'bad version');
    const actor = releaseActor(request, remote.data);
    upload.actor = actor;
    if (!Buffer.isBuffer(request.body)) {
      throw badRequest(
        'RELEASE REFUSED',
        'send the gzipped tarball as the body (Content-Type: application/gzip)',
      );
    }
    let files: Awaited<ReturnType<typeof readReleaseArchive>>;
    try {
      files = await readReleaseArchive(request.body);
    } catch (error) {
      if (error instanceof ReleaseArchiveError) throw badRequest('RELEASE REFUSED', error.message);
      throw error;
    }
    const result = await publishRelease(config, app.db, releases, {
      remote: remote.data,
      version: version.data,
      files,
      actor,
    });
    request.log.info(
      { remote: result.remote, version: result.version, actor, created: result.created },
      'release published',
    );
    return reply
      .status(result.created ? 201 : 200)
      .header('Cache-Control', 'no-store')
      .send({ ok: true, ...result });
  }
}
