/**
 * The database schema in one place to read: `server/schema.sql` is what the migrations build,
 * dumped by pg_dump (tables, constraints, indexes, functions, triggers), and this test keeps it
 * current: it migrates a fresh PostgreSQL database, dumps it and compares. After adding a
 * migration, refresh the file with `UPDATE_SCHEMA=1` on a PostgreSQL run (CONTRIBUTING.md).
 * Runs on PostgreSQL only: the embedded PGlite has no pg_dump beside it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

const SCHEMA_FILE = path.join(import.meta.dirname, '..', 'schema.sql');
const PG_DUMP = process.env.PG_DUMP ?? '/usr/lib/postgresql/15/bin/pg_dump';
const enabled = Boolean(process.env.TEST_DATABASE_URL) && existsSync(PG_DUMP);

/** The dump without what differs from run to run (versions, settings, pg_dump's restrict keys). */
function normalise(dump: string): string {
  const lines = dump
    .split('\n')
    .filter(
      (line) => !/^(SET |SELECT pg_catalog\.set_config|\\(un)?restrict |-- Dumped (from|by) )/.test(line),
    );
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

let server: TestServer;

beforeAll(async () => {
  if (enabled) server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe.skipIf(!enabled)('server/schema.sql', () => {
  it('is what the migrations build', () => {
    const url = server.app.config.databaseUrl;
    if (!url) throw new Error('no database URL');
    const dump = normalise(
      execFileSync(PG_DUMP, ['--schema-only', '--no-owner', '--no-privileges', '--dbname', url], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      }),
    );
    if (process.env.UPDATE_SCHEMA === '1') writeFileSync(SCHEMA_FILE, dump);
    expect(dump, 'server/schema.sql is out of date: run this test with UPDATE_SCHEMA=1').toBe(
      existsSync(SCHEMA_FILE) ? readFileSync(SCHEMA_FILE, 'utf8') : '',
    );
  });
});
