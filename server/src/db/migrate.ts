/**
 * Ordered SQL migrations from `server/migrations/NNNN_name.sql`, each applied once, in its
 * own transaction, and recorded in `schema_migrations`. A landed migration is never edited:
 * a change is a new file. A checksum guards against that mistake.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './index.ts';

export const migrationsDir = path.resolve(import.meta.dirname, '..', '..', 'migrations');

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const sql = readFileSync(path.join(dir, file), 'utf8');
      return {
        name: file.replace(/\.sql$/, ''),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    });
}

/**
 * Several API nodes may start at once on one database: each step takes this transaction-level
 * advisory lock first, so one node applies a migration and the others find it applied.
 */
const MIGRATION_LOCK = 727_101;
/** A node may wait for another's migration, and a migration may build an index for minutes. */
const UNBOUNDED = { unbounded: true } as const;

export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  }, UNBOUNDED);
  const applied = new Map(
    (
      await db.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations')
    ).rows.map((row) => [row.name, row.checksum]),
  );
  const done: string[] = [];
  for (const migration of migrations) {
    const previous = applied.get(migration.name);
    if (previous !== undefined) {
      if (previous !== migration.checksum) {
        throw new Error(
          `Migration ${migration.name} was edited after it was applied; add a new migration instead.`,
        );
      }
      continue;
    }
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [migration.name]);
      if (rows.length) return false; // another node applied it while this one waited
      await tx.query(migration.sql);
      await tx.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [
        migration.name,
        migration.checksum,
      ]);
      return true;
    }, UNBOUNDED);
    if (ran) done.push(migration.name);
  }
  return done;
}
