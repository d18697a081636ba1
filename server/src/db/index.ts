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

// int8 (count(*), sums) as JS numbers: every such value here stays far below 2^53.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
// numeric as number: ranks and ratios, never money.
pg.types.setTypeParser(1700, (value) => Number.parseFloat(value));

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<pg.QueryResult<T>>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a multi-statement SQL script (migrations); no parameters. */
  exec(script: string): Promise<void>;
  /** Subscribes to NOTIFY on a channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to start copies from (tests' migrated template). */
  dumpDataDir?(): Promise<Blob>;
}

export interface DbOptions {
  databaseUrl: string | null;
  dataDir: string;
  poolSize?: number;
  /** Use an in-memory PGlite (tests) instead of the data folder. */
  memory?: boolean;
  /** Start PGlite from a dump (tests copy one migrated template per suite). */
  loadDataDir?: Blob | File;
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

export function createStatements() {
  const names = new Map<string, string>();
  return (text: string, values: readonly unknown[] | undefined): pg.QueryConfig => {
    // Without parameters a text may hold several statements (migrations), which cannot be prepared.
    if (!values?.length) return { text };
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

async function inTransaction<T>(
  pool: pg.Pool,
  statement: Statements,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  const tx: Queryable = {
    query: <R extends Row>(text: string, params?: readonly unknown[]) =>
      client.query<R>(statement(text, params)),
  };
  try {
    await client.query('BEGIN');
    const result = await fn(tx);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export async function openDb(options: DbOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options);
}

async function openPostgres(connectionString: string, max: number): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', () => undefined); // an idle client's error must not crash the process
  const statement = createStatements();
  let listener: pg.Client | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  return {
    kind: 'postgres',
    query: (text, params) => pool.query(statement(text, params)),
    transaction: (fn) => inTransaction(pool, statement, fn),
    async exec(script) {
      await pool.query(script);
    },
    async listen(channel, onPayload) {
      if (!listener) {
        listener = new pg.Client({ connectionString });
        await listener.connect();
        listener.on('notification', (message) => {
          for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
        });
      }
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async close() {
      await listener?.end().catch(() => undefined);
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
  return {
    kind: 'pglite',
    query: (text, params) => pool.query(statement(text, params)),
    transaction: (fn) => inTransaction(pool, statement, fn),
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
