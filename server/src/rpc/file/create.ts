/**
 * file_create {data}: one image, base64 (optionally as a data: URL). Up to 10 MiB decoded
 * (MAX_FILE_BYTES; 413 'data too big' above). Only with rating 25+, GIF only with 1000+.
 * The format comes from the bytes; the stored file is re-encoded or sanitized (files/process.ts).
 */
import { LIMITS } from 'shared-api/validation';
import { signedIn } from '../../auth/access.ts';
import { detectFormat } from '../../files/formats.ts';
import { newFileName } from '../../files/names.ts';
import { MAX_FILE_BYTES, processUpload, UploadRefused } from '../../files/process.ts';
import { ApiError, badRequest, forbidden, tooLarge } from '../../http/errors.ts';
import { defineRpc } from '../define.ts';

function decode(data: string): Buffer {
  const payload = data.startsWith('data:') ? data.slice(data.indexOf(',') + 1) : data;
  const clean = payload.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(clean)) throw badRequest('INPROPER FILE', 'not base64');
  // Checked before decoding so an oversized upload costs no memory for the buffer.
  if (Math.floor((clean.length * 3) / 4) - (clean.match(/=+$/)?.[0].length ?? 0) > MAX_FILE_BYTES) {
    throw tooLarge(`max ${MAX_FILE_BYTES} bytes`);
  }
  return Buffer.from(clean, 'base64');
}

export const fileCreate = defineRpc('file_create', {
  access: 'user',
  // base64 is 4/3 of the bytes; a little room for a data: prefix and the JSON around it.
  bodyLimit: Math.ceil((MAX_FILE_BYTES * 4) / 3) + 64 * 1024,
  rateLimit: { max: 60, timeWindow: '1 minute' },
  async handle(rawCtx, input) {
    const ctx = signedIn(rawCtx);
    const { viewer } = ctx;
    if (viewer.status === 'banned') throw forbidden('USER BANNED');
    if (viewer.rating < LIMITS.uploadRating) throw forbidden('USER RATING TOO LOW');
    const bytes = decode(input.data);
    const format = detectFormat(bytes);
    if (!format) throw badRequest('INPROPER FILE', 'jpeg, png, tiff, webp, svg or gif');
    if (format === 'gif' && viewer.rating < LIMITS.gifRating) throw forbidden('USER RATING TOO LOW', 'gif');
    let processed: Awaited<ReturnType<typeof processUpload>>;
    try {
      processed = await processUpload(bytes, format);
    } catch (error) {
      if (error instanceof UploadRefused) {
        throw badRequest(
          'INPROPER FILE',
          error.reason === 'dimensions' ? 'image dimensions out of range' : null,
        );
      }
      throw error;
    }
    const file = newFileName(processed.ext);
    try {
      await ctx.services.files.put(file, processed.data);
    } catch (error) {
      // The store is down or full: the upload is refused, nothing else is affected.
      ctx.request.log.error({ err: error }, 'file storage failed');
      throw new ApiError(503, 'FILE UPLOAD FAILED', 'the file store cannot be reached; try again shortly');
    }
    try {
      await ctx.db.query(
        `INSERT INTO files (file, user_id, mime, bytes, width, height) VALUES ($1, $2, $3, $4, $5, $6)`,
        [file, viewer.id, processed.mime, processed.data.length, processed.width, processed.height],
      );
    } catch (error) {
      await ctx.services.files.delete(file).catch(() => undefined);
      throw error;
    }
    return { file, cdn: ctx.config.filesCdn };
  },
});
