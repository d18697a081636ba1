/**
 * The read caches of one app, made from the configuration: the thread cache (read/threadCache.ts),
 * the guests' feed pages (read/guestCache.ts) and, with the guests'
 * cache, each reader's followed posts' ids for /lurking. Each is absent when configured off.
 */
import type { Config } from '../config.ts';
import type { ReadNeeds } from '../postgrest/resource.ts';
import { FOLLOWED_IDS_TTL_MS } from './followedIds.ts';
import { GuestCache, TtlCache } from './guestCache.ts';
import { createThreadCache, type ThreadCache } from './threadCache.ts';

export type ReadCaches = Partial<Pick<ReadNeeds, 'threadCache' | 'guestCache' | 'followedIdsCache'>>;

/** The caches as made: each also counts its hits and misses (metrics/). */
export interface AppReadCaches extends ReadCaches {
  threadCache?: ThreadCache | undefined;
  guestCache?: GuestCache | undefined;
  followedIdsCache?: TtlCache<number[]> | undefined;
}

export function createReadCaches(config: Config): AppReadCaches {
  const threadCache =
    config.threadCacheMiB > 0
      ? createThreadCache({
          minRows: config.threadCacheMinRows,
          ttlMs: config.threadCacheTtlMs,
          maxBytes: config.threadCacheMiB * 1024 * 1024,
        })
      : undefined;
  const guestCache =
    config.guestCacheMs > 0
      ? new GuestCache({ ttlMs: config.guestCacheMs, maxEntries: 1000, maxAnswer: 256 * 1024 })
      : undefined;
  // Kept with the guests' cache: both trade a few seconds of staleness for much less SQL.
  const followedIdsCache = guestCache
    ? new TtlCache<number[]>({ ttlMs: FOLLOWED_IDS_TTL_MS, maxEntries: 10_000 })
    : undefined;
  return { threadCache, guestCache, followedIdsCache };
}
