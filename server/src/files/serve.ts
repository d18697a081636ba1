/**
 * GET /files/:file — uploaded files from the storage. Served so that nothing in them can run:
 * the content type follows our own extension, nosniff stops guessing, and the CSP (with
 * sandbox) disables script even when an SVG is opened as a page. Names never change content,
 * so caching is immutable.
 */
import type { FastifyInstance } from 'fastify';
import { PATTERNS } from 'shared-api/validation';
import { ApiError } from '../http/errors.ts';
import { MIME_BY_EXT } from './formats.ts';

export const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function registerFileRoutes(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>('/files/:file', async (request, reply) => {
    const name = request.params.file;
    const mime = PATTERNS.fileName.test(name) ? MIME_BY_EXT[name.split('.').pop() ?? ''] : undefined;
    const data = mime ? await app.services.files.get(name) : null;
    if (!mime || !data) throw new ApiError(404, 'FILE NOT FOUND');
    return reply
      .header('Content-Type', mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', FILE_CSP)
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(data);
  });
}
