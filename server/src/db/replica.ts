/**
 * Reads from a PostgreSQL streaming replica (DATABASE_REPLICA_URL), writes and everything
 * transactional on the primary.
 *
 * Read-your-writes by WAL position, not by a sticky time window: after a successful write the
 * answer carries the primary's WAL position in the `gwar_wal` cookie, and a later read by that
 * browser goes to the replica only once the replica has replayed at least that far. A window
 * would either be too short under a lagging replica (the writer would not see their vote) or
 * send every writer to the primary for longer than needed; the position is exact, costs one
 * `SELECT pg_current_wal_insert_lsn()` per write, and, being a cookie, holds whichever API node
 * answers the next read. The insert position, not the write position: with
 * `synchronous_commit = off` the write's commit record may still be in the primary's WAL buffers,
 * past the write position, and a replica that has replayed only up to that would not have it.
 *
 * Each node polls the replica (replayed position) and the primary (current position) every
 * `pollMs`. The replica is used only while that poll succeeds and it is less than `maxLagMs`
 * behind the primary; a read that fails on the replica is retried on the primary. So a replica
 * that is down or far behind costs nothing but the primary's load, and it is used again as soon
 * as it is back, without a restart.
 *
 * Named prepared statements: each pool prepares on its own connections, so they work on the
 * replica as on the primary. Behind a pooler in transaction mode (pgbouncer before 1.21, or
 * without `max_prepared_statements`) they fail; see docs/operations.md ("Running several nodes").
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import type { Config } from '../config.ts';
import { createStatements, type Db, type Queryable, type Row } from './index.ts';
import { createQueryTimer, poolStatsOf, type TimedPool } from './queryTimer.ts';

export const WAL_COOKIE = 'gwar_wal';

export interface ReplicaOptions {
  url: string;
  poolSize: number;
  preparedStatements: boolean;
  pollMs: number;
  maxLagMs: number;
}

export interface ReplicaStatus {
  healthy: boolean;
  replayed: bigint | null;
  lagMs: number | null;
}

/** The replica's pool is watched by the metrics like the primary's (TimedPool, queryTimer.ts). */
export interface ReadRouting extends TimedPool {
  /** Where this request's read goes: the replica when it has everything the caller wrote. */
  readerFor(request: FastifyRequest): Queryable;
  /** After a successful write: remember the primary's WAL position in the caller's cookie. */
  markWrite(reply: FastifyReply, secure: boolean): Promise<void>;
  status(): ReplicaStatus;
  close(): Promise<void>;
}

/** `16/B374D848` → a number that orders like the WAL. */
export function parseLsn(text: string | null | undefined): bigint | null {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text ?? '');
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

const CONNECTION_ERROR = /^(08|57P)/;

function isConnectionError(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    (typeof e.code === 'string' &&
      (CONNECTION_ERROR.test(e.code) || e.code.startsWith('ECONN') || e.code === 'ETIMEDOUT')) ||
    /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED/i.test(
      e.message ?? '',
    )
  );
}

export function startReadRouting(
  primary: Queryable,
  options: ReplicaOptions,
  onChange?: (s: ReplicaStatus) => void,
): ReadRouting {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    connectionTimeoutMillis: 2000,
    // A read on a replica that replays a conflicting change can be cancelled; keep reads short.
    statement_timeout: 10_000,
  });
  pool.on('error', () => undefined); // an idle client's lost connection; the poll notices
  const statement = createStatements(options.preparedStatements);
  const queryTimer = createQueryTimer();
  const replica: Queryable = {
    query: queryTimer.time((text, params) => pool.query(statement(text, params))),
  };

  let healthy = false;
  let replayed: bigint | null = null;
  let lagMs: number | null = null;
  /** Recent primary positions with when they were read, to tell how far behind the replica is. */
  const history: { at: number; lsn: bigint }[] = [];

  const poll = async () => {
    const now = Date.now();
    try {
      // The write position here, not the insert position: at a page boundary the insert position
      // already counts the next page's header, which a replica of an idle primary never replays.
      const [p, r] = await Promise.all([
        primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn'),
        pool.query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn'),
      ]);
      const primaryLsn = parseLsn(p.rows[0]?.lsn);
      replayed = parseLsn(r.rows[0]?.lsn);
      if (primaryLsn !== null) history.push({ at: now, lsn: primaryLsn });
      while (history.length > 2 && now - history[0]!.at > options.maxLagMs * 2) history.shift();
      if (replayed === null) {
        lagMs = null;
      } else {
        // Behind by the age of the oldest primary position it has not replayed yet.
        const missing = history.find((h) => h.lsn > replayed!);
        lagMs = missing ? now - missing.at : 0;
      }
      const next = replayed !== null && lagMs !== null && lagMs <= options.maxLagMs;
      if (next !== healthy) {
        healthy = next;
        onChange?.({ healthy, replayed, lagMs });
      }
    } catch {
      if (healthy) {
        healthy = false;
        onChange?.({ healthy, replayed, lagMs });
      }
    }
  };
  let polling: Promise<void> | null = null;
  const timer = setInterval(() => {
    polling ??= poll().finally(() => {
      polling = null;
    });
  }, options.pollMs);
  timer.unref();
  void poll();

  const withFallback: (reader: Queryable) => Queryable = (reader) => ({
    async query<T extends Row>(text: string, params?: readonly unknown[]) {
      try {
        return await reader.query<T>(text, params);
      } catch (error) {
        if (!isConnectionError(error)) throw error;
        healthy = false;
        return primary.query<T>(text, params);
      }
    },
  });
  const onReplica = withFallback(replica);

  return {
    readerFor(request) {
      if (!healthy || replayed === null) return primary;
      const wrote = parseLsn(request.cookies[WAL_COOKIE]);
      if (wrote !== null && wrote > replayed) return primary;
      return onReplica;
    },
    async markWrite(reply, secure) {
      const { rows } = await primary.query<{ lsn: string }>(
        'SELECT pg_current_wal_insert_lsn()::text AS lsn',
      );
      if (!rows[0]) return;
      void reply.setCookie(WAL_COOKIE, rows[0].lsn, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        // Far longer than any replica stays behind while it is used (maxLagMs).
        maxAge: 600,
      });
    },
    status: () => ({ healthy, replayed, lagMs }),
    poolStats: () => poolStatsOf(pool),
    observeQueries: queryTimer.observe,
    async close() {
      clearInterval(timer);
      await polling?.catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}

/**
 * The read routing that `config` asks for (DATABASE_REPLICA_URL, on PostgreSQL), logging each
 * time the replica comes into use or leaves it; null without a replica.
 */
export function readRoutingFor(config: Config, primary: Db, log: FastifyBaseLogger): ReadRouting | null {
  if (!config.databaseReplicaUrl || primary.kind !== 'postgres') return null;
  return startReadRouting(
    primary,
    {
      url: config.databaseReplicaUrl,
      poolSize: config.databasePoolSize,
      preparedStatements: config.databasePreparedStatements,
      pollMs: 100,
      maxLagMs: config.replicaMaxLagMs,
    },
    (status) =>
      log.warn(
        { replica: { ...status, replayed: status.replayed?.toString() } },
        status.healthy ? 'replica in use' : 'replica not in use: reads go to the primary',
      ),
  );
}
