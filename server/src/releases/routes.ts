/**
 * The release routes outside PostgREST's grammar, each in its own module:
 *   GET  /remotes.json                     which release of each remote this visitor gets (cohort
 *                                          cookie; the shell's page carries the same answer, page.ts)
 *   GET  /mf/<remote>@<version>/<file>     a published release's files (serve.ts)
 *   PUT  /api/releases/<remote>/<version>  upload a built remote (upload.ts)
 *   POST /api/release-health               browsers' load and failure reports (beacons.ts)
 *   GET  /api/release-shell                what the served shell provides and loads (validate.ts
 *                                          shellShareJson): `pnpm gwar release check --url` checks
 *                                          a build against it before the upload does
 *   GET|POST /release-preview/<link>       a preview link's page, and turning the preview on (previewPage.ts)
 * The calls that change channels are RPCs (calls/), the lists are read resources (reads.ts).
 */
import type { FastifyInstance } from 'fastify';
import { registerHealthBeacons } from './beacons.ts';
import { registerPreviewPage } from './previewPage.ts';
import { registerReleaseFiles } from './serve.ts';
import { registerReleaseUpload } from './upload.ts';
import { readShellShare, shellShareJson } from './validate.ts';

export function registerReleaseRoutes(app: FastifyInstance): void {
  const releases = app.services.releases;
  const config = app.config;

  // The shell's page carries the same answer inline (page.ts); this is for later reads.
  app.get('/remotes.json', async (request, reply) => {
    const answer = await releases.page.registry(request, reply);
    void reply.header('Cache-Control', 'no-store');
    return answer;
  });

  // Public like the shell's own files it is read from (/app/mf-manifest.json, /app/mf-stats.json).
  app.get('/api/release-shell', async (_request, reply) => {
    void reply.header('Cache-Control', 'no-cache');
    return shellShareJson(readShellShare(config.appsDir));
  });

  registerReleaseFiles(app);
  registerReleaseUpload(app);
  registerHealthBeacons(app);
  registerPreviewPage(app);
}
