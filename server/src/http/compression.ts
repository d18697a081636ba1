/**
 * On-the-fly compression of dynamic answers (API JSON, the shell's HTML, sitemaps) with
 * @fastify/compress. Built assets are not compressed here: they carry brotli and gzip copies
 * made at build time (http/precompressed.ts), and their routes opt out with `compress: false`.
 *
 * Levels, from `node bench/compression.mjs` on this machine (a 20-post feed page, ~24 KiB JSON):
 * brotli 4 costs about as much CPU as gzip 6 and is ~10 % smaller; brotli 5 and up cost 2-4×
 * more for 2-3 % less; gzip 1 is the cheapest but ~20 % bigger. Brotli 4 for clients that
 * accept it, gzip 6 for the rest. Answers under 1 KiB are sent as they are (the framing would
 * eat most of the gain). Server-Sent Events are never compressed (`text/event-stream` is not a
 * compressible type here, and /api/live hijacks the reply anyway).
 */
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;
export const COMPRESS_THRESHOLD = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
    // Requests are never compressed by our clients; a compressed body is refused as usual.
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/,
  });
}
