/**
 * GET /files/:file — uploaded files from the storage. Served so that nothing in them can run:
 * the content type follows our own extension, nosniff stops guessing, and the CSP (with
 * sandbox) disables script even when an SVG is opened as a page. Names never change content,
 * so caching is immutable. Files are streamed from the store, whole or one byte range.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { PATTERNS } from 'shared-api/validation';
import { ApiError } from '../http/errors.ts';
import { MIME_BY_EXT } from './formats.ts';
import { parseRange } from './range.ts';

export const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function registerFileRoutes(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>('/files/:file', async (request, reply) => {
    const name = request.params.file;
    const mime = PATTERNS.fileName.test(name) ? MIME_BY_EXT[name.split('.').pop() ?? ''] : undefined;
    if (!mime) throw new ApiError(404, 'FILE NOT FOUND');
    let size: number | null;
    try {
      size = await app.services.files.size(name);
    } catch (error) {
      // The store is down: this picture is missing, the page around it is not.
      request.log.warn({ err: error, file: name }, 'file storage unavailable');
      throw new ApiError(503, 'FILE NOT AVAILABLE', 'the file store cannot be reached; try again shortly');
    }
    if (size === null) throw new ApiError(404, 'FILE NOT FOUND');
    void reply
      .header('Content-Type', mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', FILE_CSP)
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Accept-Ranges', 'bytes');
    // Video players and resumed downloads ask for parts (names never change content: no If-Range).
    const range = parseRange(request.headers.range, size);
    if (range.kind === 'unsatisfiable') {
      return reply.status(416).header('Content-Range', `bytes */${size}`).send();
    }
    const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, size - 1];
    if (size === 0) return reply.header('Content-Length', 0).send('');
    let body: Readable;
    try {
      body = await app.services.files.stream(name, start, end);
    } catch (error) {
      request.log.warn({ err: error, file: name }, 'file storage unavailable');
      throw new ApiError(503, 'FILE NOT AVAILABLE', 'the file store cannot be reached; try again shortly');
    }
    // Streamed from the store as it arrives, never held whole in memory.
    void reply.header('Content-Length', end - start + 1);
    if (range.kind === 'part')
      void reply.status(206).header('Content-Range', `bytes ${start}-${end}/${size}`);
    return reply.send(body);
  });
}
