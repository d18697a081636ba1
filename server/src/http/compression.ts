/**
 * On-the-fly compression of dynamic answers (API JSON, the shell's HTML, sitemaps) with
 * @fastify/compress. Built assets are not compressed here: they carry brotli and gzip copies
 * made at build time (http/precompressed.ts), and their routes opt out with `compress: false`.
 *
 * Levels, from `node bench/compression.mjs` on this machine (real answers of the demo site; a
 * 20-post home feed page is 14.8 KB of JSON): gzip 6 makes 3,587 bytes in 71 µs; brotli 4 is no
 * smaller (3,620) and slower (114 µs); brotli 5-6 save 4 % more for twice the CPU (134 µs);
 * gzip 1 and brotli 1 are the cheapest (49 and 38 µs) but 7-11 % bigger; brotli 11 (the
 * build's level) takes 15 ms. At 1,500 answers a second gzip 6 costs about a tenth of a core:
 * gzip 6 is preferred whenever the client accepts it (every browser does); brotli 5 serves
 * the rare client that accepts brotli only, and the shell's page (PAGE_COMPRESSION). A page every
 * guest shares is compressed once, brotli first (read/sharedAnswers.ts SHARED_BROTLI_QUALITY). Answers
 * under 1 KiB are sent as they are (the
 * framing would eat most of the gain). Server-Sent Events are never compressed (`text/event-stream` is not a
 * compressible type here, and /api/live hijacks the reply anyway).
 */
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const BROTLI_QUALITY = 5;
export const GZIP_LEVEL = 6;
export const COMPRESS_THRESHOLD = 1024;

type Encoding = 'gzip' | 'br';

const COMPRESSION = {
  threshold: COMPRESS_THRESHOLD,
  // Preference order when the client accepts both with the same weight.
  encodings: ['gzip', 'br'] as Encoding[],
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  zlibOptions: { level: GZIP_LEVEL },
  // Requests are never compressed by our clients; a compressed body is refused as usual.
  customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/,
};

/**
 * The shell's page (one per visit, not per API call; about 4 KB) prefers brotli 5: 10 % fewer
 * bytes on every first load for some 60 µs more. A route option replaces the global options
 * whole, so it repeats them.
 */
export const PAGE_COMPRESSION = { ...COMPRESSION, encodings: ['br', 'gzip'] as Encoding[] };

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, ...COMPRESSION });
}
