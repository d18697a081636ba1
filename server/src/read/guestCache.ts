/**
 * The guests' feed cache: the same feed page asked for by many guests within a second (the home
 * page above all) is built once per API node per second instead of once per request. Guests
 * have no viewer state, so every guest gets the same answer; a guest sees a feed at most `ttlMs`
 * old, which on a feed ranked by a job that runs once a minute nobody can tell. Signed-in
 * readers always get a fresh page. Concurrent misses share one build. Bounded by entry count
 * (least recently stored out first) and by answer size.
 */
import type { KeyedCache, ReadResult } from '../postgrest/resource.ts';
import { shareAnswer } from './sharedAnswers.ts';

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
      shareAnswer(answer, 'page');
      return answer;
    });
  }
}
