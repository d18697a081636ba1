/**
 * The guests' feed cache: the same feed page asked for by many guests within a second (the home
 * page above all) is built once per API node per second instead of once per request. Guests
 * have no viewer state, so every guest gets the same answer; a guest sees a feed at most `ttlMs`
 * old, which on a feed ranked by a job that runs once a minute nobody can tell. Signed-in
 * readers always get a fresh page. Concurrent misses share one build. Bounded by entry count
 * (least recently stored out first) and by answer size.
 */
import type { KeyedCache, ReadResult } from '../postgrest/resource.ts';

export interface GuestCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Answers larger than this (in characters or bytes) are not kept. */
  maxAnswer: number;
  now?: () => number;
}

interface Entry {
  at: number;
  answer: Promise<ReadResult>;
}

export class GuestCache implements KeyedCache {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;

  constructor(private readonly options: GuestCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The cached answer for `key`, or `build()`'s (stored when it succeeds and is small enough). */
  async read(key: string, build: () => Promise<ReadResult>): Promise<ReadResult> {
    const found = this.entries.get(key);
    if (found && this.now() - found.at <= this.options.ttlMs) return found.answer;
    const entry: Entry = { at: this.now(), answer: build() };
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    try {
      const answer = await entry.answer;
      if (answer.json.length > this.options.maxAnswer && this.entries.get(key) === entry)
        this.entries.delete(key);
      return answer;
    } catch (error) {
      // An error (a bad filter's 400, a lost connection) is never served to the next guest.
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw error;
    }
  }
}
