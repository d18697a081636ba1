/**
 * What the metrics (metrics/) read of a pool: its connections now, and each statement's time,
 * queueing for a connection included. Nothing is timed until an observer is set, so with the
 * metrics off a statement costs one check more.
 */
import type pg from 'pg';

/** A pool's `query` (index.ts `Query`). */
type Query = <T extends Record<string, unknown> = Record<string, unknown>>(
  text: string,
  params?: readonly unknown[],
) => Promise<pg.QueryResult<T>>;

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}
export type QueryObserver = (seconds: number) => void;

/** A pool the metrics watch (the primary's, db/index.ts; the replica's, db/replica.ts). */
export interface TimedPool {
  /** The pool's connections now: open, idle, and requests queued for one. */
  poolStats(): PoolStats;
  /** From now on, `observer` gets each statement's seconds; nothing is timed until it is set. */
  observeQueries(observer: QueryObserver): void;
}

export const poolStatsOf = (pool: pg.Pool): PoolStats => ({
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

/**
 * Times statements into an observer while one is set: unset (metrics off) a statement costs one
 * check more; set, two clock reads and one observation.
 */
export function createQueryTimer() {
  let observer: QueryObserver | null = null;
  return {
    observe(next: QueryObserver) {
      observer = next;
    },
    time(query: (text: string, params?: readonly unknown[]) => Promise<pg.QueryResult>): Query {
      return ((text: string, params?: readonly unknown[]) => {
        const done = observer;
        if (done === null) return query(text, params);
        const started = performance.now();
        const result = query(text, params);
        const stop = () => done((performance.now() - started) / 1000);
        result.then(stop, stop);
        return result;
      }) as Query;
    },
  };
}
export type QueryTimer = ReturnType<typeof createQueryTimer>;
