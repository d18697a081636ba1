/**
 * One data-access API for both back ends: node-postgres (`pg`). With DATABASE_URL it is a
 * real connection pool; otherwise the same `pg.Pool` drives an embedded PGlite database
 * kept in the data folder, so the queries, result types and transactions are identical.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';
import { createListener } from './listener.ts';
import { createQueryTimer, poolStatsOf, type QueryTimer, type TimedPool } from './queryTimer.ts';

// int8 (count(*), sums) as JS numbers: every such value here stays far below 2^53.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
// numeric as number: ranks and ratios, never money.
pg.types.setTypeParser(1700, (value) => Number.parseFloat(value));

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<pg.QueryResult<T>>;
}

export interface TransactionOptions {
  /**
   * Lifts the bounds of DB_BOUNDS for this transaction (migrations, which may wait for another
   * node's migration and build indexes for minutes). Never for a request's work.
   */
  unbounded?: boolean;
}

/** What the metrics read of its pool: TimedPool (queryTimer.ts). */
export interface Db extends Queryable, TimedPool {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction on one connection; rolls back when it throws. A deadlock or
   * serialization failure (40P01, 40001) runs `fn` again, at most TRANSACTION_ATTEMPTS times in
   * all, each retry logged: a safety net, since the lock order (db/locks.ts) leaves no cycle.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Where warnings go from now on (the server's logger once it exists; stderr before). */
  setWarn(warn: Warn): void;
  /** Runs a multi-statement SQL script (migrations); no parameters. */
  exec(script: string): Promise<void>;
  /** Subscribes to NOTIFY on a channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Called after the LISTEN connection was lost and is back (PostgreSQL only): notifications sent
   * while it was away are gone, so whoever relays them must tell its clients to catch up.
   */
  onListenReconnect?(handler: () => void): void;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to start copies from (tests' migrated template). */
  dumpDataDir?(): Promise<Blob>;
}

export interface DbOptions {
  databaseUrl: string | null;
  dataDir: string;
  poolSize?: number;
  /** Named prepared statements (default on); off behind a transaction-mode pooler. */
  preparedStatements?: boolean;
  /** Use an in-memory PGlite (tests) instead of the data folder. */
  memory?: boolean;
  /** Start PGlite from a dump (tests copy one migrated template per suite). */
  loadDataDir?: Blob | File;
  /** Where lost connections are reported (the server's logger); stderr by default. */
  warn?: Warn;
  /** PostgreSQL only: the waits of DB_BOUNDS (default on; off for the command-line tool's long jobs). */
  bounded?: boolean;
}

/**
 * Named (prepared) statements: each connection parses and plans a statement once and then only
 * binds values, and after five runs PostgreSQL may keep a generic plan. Planning was half of a
 * feed read's time in the database (about 3 of 6 ms for the home feed). The read engine builds
 * SQL from a request's shape, so clients could invent new texts without end: only the first
 * `PREPARED_MAX` distinct texts are prepared (each connection keeps what it prepared until it
 * closes), and the rest run unnamed as before.
 */
export const PREPARED_MAX = 500;

/**
 * `prepared = false` (DATABASE_PREPARED_STATEMENTS=0): behind a pooler in transaction mode
 * (pgbouncer before 1.21, or without `max_prepared_statements`) a statement prepared on one
 * server connection is unknown on the next, so every query runs unnamed and is planned again.
 */
export function createStatements(prepared = true) {
  const names = new Map<string, string>();
  return (text: string, values: readonly unknown[] | undefined): pg.QueryConfig => {
    // Without parameters a text may hold several statements (migrations), which cannot be prepared.
    if (!values?.length) return { text };
    if (!prepared) return { text, values: values as unknown[] };
    let name = names.get(text);
    if (name === undefined && names.size < PREPARED_MAX) {
      name = `s${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, name);
    }
    return name === undefined
      ? { text, values: values as unknown[] }
      : { name, text, values: values as unknown[] };
  };
}

type Statements = ReturnType<typeof createStatements>;

/**
 * Every wait on PostgreSQL is bounded, so a request never hangs on the database: a frozen or
 * unreachable server, a long lock queue or a runaway statement ends in a 503 within seconds, and
 * the API recovers by itself when the database is back. With these values a request waits at most
 * about 4 s while PostgreSQL is frozen: in the pool's queue (poolWaitMs) then opening a connection
 * (connectMs), or on a statement that gets no answer (queryMs).
 */
export const DB_BOUNDS = {
  /** Opening one connection (TCP and start-up). */
  connectMs: 2000,
  /** Queueing for a free pooled connection: a burst queues instead of failing at once. */
  poolWaitMs: 2000,
  /** lock_timeout: waiting for one row or advisory lock (55P03). */
  lockMs: 2000,
  /** statement_timeout: one statement, cancelled by the server itself (57014). */
  statementMs: 2500,
  /**
   * No answer at all (a frozen server, a dead network): the client gives up and throws the
   * connection away. Longer than statementMs, so a live server's own cancel comes first and
   * its connection stays usable.
   */
  queryMs: 3000,
  /** A transaction left open by a client that stopped talking (idle_in_transaction_session_timeout). */
  idleInTransactionMs: 10_000,
} as const;

/** The client's "no answer" error (pg's query_timeout). */
const READ_TIMEOUT = 'Query read timeout';
/** setTimeout's largest delay: "no bound" for the unbounded transactions. */
const NO_READ_TIMEOUT_MS = 2 ** 31 - 1;

/** Attempts of one transaction when PostgreSQL aborts it as a deadlock victim or serialization failure. */
export const TRANSACTION_ATTEMPTS = 3;
const RETRIED_CODES: Record<string, string> = {
  '40P01': 'deadlock detected; transaction retried',
  '40001': 'serialization failure; transaction retried',
};

/**
 * Thrown inside a transaction whose locks turned out to miss a row that appeared meanwhile: it
 * rolls back and runs again like a serialization failure (40001), which it is.
 */
export function retryTransaction(reason: string): Error {
  return Object.assign(new Error(`could not serialize access: ${reason}`), { code: '40001' });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Warn = (context: Record<string, unknown>, message: string) => void;

/** A warn function that can be pointed elsewhere later (the server's logger). */
function createWarn(initial: Warn | undefined) {
  let current: Warn = initial ?? warnToStderr;
  return {
    warn: ((context, message) => current(context, message)) as Warn,
    set(next: Warn) {
      current = next;
    },
  };
}

/**
 * Runs `once` again when PostgreSQL aborted it as a deadlock victim or on a serialization
 * failure: the transaction rolled back whole, so running it again is safe. Short random waits
 * (jitter) keep two victims from meeting again at once. Only a failure takes the slow path: a
 * query that succeeds costs no more than without it (every read goes through here).
 */
function withRetry<T>(once: () => Promise<T>, warn: Warn, attempt = 1): Promise<T> {
  return once().catch(async (error: unknown) => {
    const code = (error as { code?: unknown }).code;
    const message = typeof code === 'string' ? RETRIED_CODES[code] : undefined;
    if (!message || attempt >= TRANSACTION_ATTEMPTS) throw error;
    warn({ code, attempt, reason: (error as Error).message }, message);
    await sleep(5 + Math.random() * 20 * attempt);
    return withRetry(once, warn, attempt + 1);
  });
}

async function inTransaction<T>(
  pool: pg.Pool,
  statement: Statements,
  fn: (tx: Queryable) => Promise<T>,
  options: TransactionOptions & { bounded: boolean; timer: QueryTimer },
): Promise<T> {
  const client = await pool.connect();
  // A checked-out client has no listener of the pool's: a connection dropped mid-transaction
  // (PostgreSQL restarted) would emit an unhandled 'error' and kill the process. The running
  // query fails with the same error, so it only has to be noted, and the client thrown away.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  const unbounded = options.bounded && options.unbounded;
  const tx: Queryable = {
    query: options.timer.time((text, params) => {
      const config = statement(text, params);
      return client.query(unbounded ? withReadTimeout(config, NO_READ_TIMEOUT_MS) : config);
    }),
  };
  try {
    await client.query('BEGIN');
    if (unbounded) {
      await tx.query(
        "SELECT set_config('statement_timeout', '0', true), set_config('lock_timeout', '0', true)",
      );
    }
    const result = await fn(tx);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A connection that gave no answer is thrown away unasked: a ROLLBACK would wait as long.
    if ((error as Error).message === READ_TIMEOUT) broken ??= error as Error;
    else {
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken ??= rollbackError;
      });
    }
    throw error;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}

/** A pooled connection that gives up connecting after DB_BOUNDS.connectMs, whatever the pool waits. */
class BoundedClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: DB_BOUNDS.connectMs });
  }
}

/** pg's per-query read timeout (its type declarations leave it out). */
const withReadTimeout = (config: pg.QueryConfig, ms: number) =>
  ({ ...config, query_timeout: ms }) as pg.QueryConfig;

export async function openDb(options: DbOptions): Promise<Db> {
  if (options.databaseUrl)
    return openPostgres(
      options.databaseUrl,
      options.poolSize ?? 10,
      options.warn,
      options.preparedStatements ?? true,
      options.bounded ?? true,
    );
  return openPglite(options);
}

const warnToStderr: Warn = (context, message) => {
  const error = context.err as Error | undefined;
  process.stderr.write(`[db] ${message}${error?.message ? `: ${error.message}` : ''}\n`);
};

async function openPostgres(
  connectionString: string,
  max: number,
  initialWarn: Warn | undefined,
  prepared: boolean,
  bounded: boolean,
): Promise<Db> {
  const { warn, set: setWarn } = createWarn(initialWarn);
  const pool = new pg.Pool({
    connectionString,
    max,
    // Opening one connection is bounded by the client below; this is the wait for a free one.
    connectionTimeoutMillis: bounded ? DB_BOUNDS.poolWaitMs : 0,
    Client: BoundedClient,
    keepAlive: true,
    ...(bounded
      ? {
          statement_timeout: DB_BOUNDS.statementMs,
          lock_timeout: DB_BOUNDS.lockMs,
          idle_in_transaction_session_timeout: DB_BOUNDS.idleInTransactionMs,
          query_timeout: DB_BOUNDS.queryMs,
        }
      : {}),
  });
  // An idle client's error (its server restarted) must not crash the process; the pool drops it.
  pool.on('error', (error) => warn({ err: error }, 'idle database connection lost'));
  const statement = createStatements(prepared);
  const listener = createListener(connectionString, warn, DB_BOUNDS.connectMs);
  const timer = createQueryTimer();
  const query = timer.time((text, params) => pool.query(statement(text, params)));
  return {
    kind: 'postgres',
    // One statement outside a transaction is a transaction of its own: retried the same way.
    query: (text, params) => withRetry(() => query(text, params), warn),
    transaction: (fn, options = {}) =>
      withRetry(() => inTransaction(pool, statement, fn, { ...options, bounded, timer }), warn),
    poolStats: () => poolStatsOf(pool),
    observeQueries: timer.observe,
    setWarn,
    async exec(script) {
      await pool.query(withReadTimeout({ text: script }, NO_READ_TIMEOUT_MS));
    },
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    onListenReconnect: (handler) => listener.onReconnect(handler),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

async function openPglite(options: DbOptions): Promise<Db> {
  let dataDir: string | undefined;
  if (!options.memory) {
    dataDir = path.join(options.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(
    dataDir,
    options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
  );
  // PGlite runs one statement at a time: a pool of one connection queues the rest,
  // and keeps a transaction's statements together.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  const statement = createStatements();
  const timer = createQueryTimer();
  // One connection runs one transaction at a time: nothing to bound, nothing can deadlock.
  return {
    kind: 'pglite',
    query: timer.time((text, params) => pool.query(statement(text, params))),
    transaction: (fn) => inTransaction(pool, statement, fn, { bounded: false, timer }),
    poolStats: () => poolStatsOf(pool),
    observeQueries: timer.observe,
    setWarn: () => undefined,
    async exec(script) {
      await pool.query(script);
    },
    async listen(channel, onPayload) {
      return pglite.listen(channel, onPayload);
    },
    async close() {
      await pool.end();
      await pglite.close();
    },
    dumpDataDir: () => pglite.dumpDataDir('gzip'),
  };
}
