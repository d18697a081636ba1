/**
 * The guests' feed cache: the same feed page asked for by many guests within a second (the home
 * page above all) is built once per API node per second instead of once per request. Guests
 * have no viewer state, so every guest gets the same answer; a guest sees a feed at most `ttlMs`
 * old, which on a feed ranked by a job that runs once a minute nobody can tell. Signed-in
 * readers always get a fresh page. Concurrent misses share one build. Bounded by entry count
 * (least recently stored out first) and by answer size.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { GZIP_LEVEL } from '../http/compression.ts';
import type { KeyedCache, ReadResult } from '../postgrest/resource.ts';

/**
 * Answers kept per key for `ttlMs` on this node, concurrent misses sharing one build; bounded by
 * entry count (least recently stored out first); a failed build is never kept, and `keep` can
 * refuse to keep an answer (too large).
 */
export interface TtlCacheOptions<V> {
  ttlMs: number;
  maxEntries: number;
  keep?(value: V): boolean;
  now?: () => number;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: Promise<V> }>();
  private readonly now: () => number;
  /** Reads answered from the cache, and reads that built (metrics/). */
  hits = 0;
  misses = 0;

  constructor(private readonly options: TtlCacheOptions<V>) {
    this.now = options.now ?? Date.now;
  }

  /** The cached value for `key`, or `build()`'s (kept when it succeeds and `keep` allows). */
  async read(key: string, build: () => Promise<V>): Promise<V> {
    const found = this.entries.get(key);
    if (found && this.now() - found.at <= this.options.ttlMs) {
      this.hits++;
      return found.value;
    }
    this.misses++;
    const entry = { at: this.now(), value: build() };
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    try {
      const value = await entry.value;
      if (this.options.keep && !this.options.keep(value) && this.entries.get(key) === entry)
        this.entries.delete(key);
      return value;
    } catch (error) {
      // An error (a bad filter's 400, a lost connection) is never served to the next reader.
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw error;
    }
  }
}

export interface GuestCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Answers larger than this (in characters or bytes) are not kept. */
  maxAnswer: number;
  now?: () => number;
}

/** Answers the guests' cache handed out: the same object for every guest within its second. */
const shared = new WeakSet<ReadResult>();
const compressed = {
  gzip: new WeakMap<ReadResult, Promise<Buffer>>(),
  br: new WeakMap<ReadResult, Promise<Buffer>>(),
};
const compressors = {
  gzip: (body: Buffer | string) => gzip(body, { level: GZIP_LEVEL }),
  br: (body: Buffer | string) =>
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: SHARED_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
      },
    }),
};
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Brotli's quality for a page every guest shares: compressed once per page and node a second at
 * most, in libuv's thread pool, so the slowest level (about 15 ms for such a page, compression.ts)
 * pays here. On the demo's home page (17.4 KB of JSON) gzip 6 made 4,513 bytes, brotli 5 4,384,
 * brotli 10 3,931 and brotli 11 3,868: the first page every visitor waits for.
 */
export const SHARED_BROTLI_QUALITY = 11;

/** The guests' feed pages: answers over `maxAnswer` are not kept. */
export class GuestCache extends TtlCache<ReadResult> implements KeyedCache {
  constructor({ maxAnswer, ...options }: GuestCacheOptions) {
    super({ ...options, keep: (answer) => answer.json.length <= maxAnswer });
  }

  override read(key: string, build: () => Promise<ReadResult>): Promise<ReadResult> {
    return super.read(key, async () => {
      const built = await build();
      // Bytes once, not a string encoded to UTF-8 again for every guest it is sent to.
      const answer = typeof built.json === 'string' ? { ...built, json: Buffer.from(built.json) } : built;
      shared.add(answer);
      return answer;
    });
  }
}

/**
 * The body of an answer every guest shares in `encoding`, compressed once instead of once per
 * guest: a busy home page is asked for thousands of times a second, and compressing it was the
 * largest single cost of serving it (bench/README.md §10). Null for answers of one reader, which
 * the usual per-answer compression serves.
 */
export function sharedCompressed(answer: ReadResult, encoding: 'gzip' | 'br'): Promise<Buffer> | null {
  if (!shared.has(answer)) return null;
  let body = compressed[encoding].get(answer);
  if (!body) {
    body = compressors[encoding](answer.json);
    compressed[encoding].set(answer, body);
  }
  return body;
}
