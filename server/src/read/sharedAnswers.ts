/**
 * Answers sent, byte for byte, to many readers: compressed once per encoding instead of once per
 * reader. Compressing was the largest single cost of serving a busy guests' page
 * (bench/README.md §10) and, with browsers asking for compressed answers, a large share of a
 * signed-in read (bench/README.md §15).
 * A cache hands out the same ReadResult object to every reader it serves the same bytes to and
 * marks it here; the compressed bodies live as long as that object (weak maps), so they need no
 * bound of their own.
 *
 * - `page`: a guests' feed page (guestCache.ts), asked for thousands of times a second: brotli at
 *   its slowest level pays once per page and node a second.
 * - `repeated`: an answer a few readers share (a signed-in page whose reader has no votes,
 *   favourites or blocks on it, read/feedOverlay.ts; a thread nobody reading it touched,
 *   read/threadCache.ts): the per-answer levels of http/compression.ts, once instead of per reader.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { BROTLI_QUALITY, GZIP_LEVEL } from '../http/compression.ts';
import type { ReadResult } from '../postgrest/resource.ts';

/**
 * Brotli's quality for a page every guest shares: compressed once per page and node a second at
 * most, in libuv's thread pool, so the slowest level (about 15 ms for such a page, compression.ts)
 * pays here. On the demo's home page (17.4 KB of JSON) gzip 6 made 4,513 bytes, brotli 5 4,384,
 * brotli 10 3,931 and brotli 11 3,868: the first page every visitor waits for.
 */
export const SHARED_BROTLI_QUALITY = 11;

export type Sharing = 'page' | 'repeated';

const shared = new WeakMap<ReadResult, Sharing>();
const compressed = {
  gzip: new WeakMap<ReadResult, Promise<Buffer>>(),
  br: new WeakMap<ReadResult, Promise<Buffer>>(),
};

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

function compress(body: Buffer | string, encoding: 'gzip' | 'br', sharing: Sharing): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(body, { level: GZIP_LEVEL });
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: sharing === 'page' ? SHARED_BROTLI_QUALITY : BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
    },
  });
}

/** Marks `answer` as one object handed to every reader it is the answer of. */
export function shareAnswer(answer: ReadResult, sharing: Sharing): void {
  shared.set(answer, sharing);
}

/**
 * The body of a shared answer in `encoding`, compressed once for all its readers (concurrent
 * readers wait for the same compression). Null for an answer of one reader, which the usual
 * per-answer compression serves.
 */
export function sharedCompressed(answer: ReadResult, encoding: 'gzip' | 'br'): Promise<Buffer> | null {
  const sharing = shared.get(answer);
  if (sharing === undefined) return null;
  let body = compressed[encoding].get(answer);
  if (!body) {
    body = compress(answer.json, encoding, sharing);
    compressed[encoding].set(answer, body);
  }
  return body;
}
