/**
 * Reads from a real PostgreSQL 15 streaming replica (DATABASE_REPLICA_URL; db/replica.ts):
 * feed reads go to the replica, a writer reads their own write on the next request even while
 * the replica has not replayed it (WAL position in the gwar_wal cookie), a replica that is too
 * far behind or down sends reads to the primary, and it is used again once it is back.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Cluster,
  freePort,
  type Replica,
  startPostgres,
  startReplica,
} from '../../scripts/postgres.mjs';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Db, openDb } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { createUser, ORIGIN } from './harness.ts';

const BIN = '/usr/lib/postgresql/15/bin';

// Its own primary and replica (replay is paused and the replica killed here), in the PostgreSQL run.
describe.runIf(process.env.TEST_DATABASE_URL && existsSync(path.join(BIN, 'pg_basebackup')))(
  'streaming replica',
  () => {
    let tmp: string;
    let primary: Cluster;
    let replica: Replica;
    let db: Db;
    let app: FastifyInstance;
    let replicaAdmin: pg.Client;
    let post: number;
    let voterCookie: string;

    const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
      const started = Date.now();
      while (!(await check())) {
        if (Date.now() - started > ms) throw new Error('timed out');
        await new Promise((r) => setTimeout(r, 50));
      }
      return Date.now() - started;
    };

    beforeAll(async () => {
      const t0 = Date.now();
      tmp = mkdtempSync(path.join(os.tmpdir(), 'gwar-replica-'));
      primary = await startPostgres({ bin: BIN, port: await freePort(55700), dir: tmp });
      const admin = new pg.Client({ connectionString: primary.url });
      await admin.connect();
      await admin.query('CREATE DATABASE gwar');
      await admin.end();
      const primaryUrl = primary.url.replace(/\/postgres$/, '/gwar');
      db = await openDb({ databaseUrl: primaryUrl, dataDir: tmp, poolSize: 4 });
      await migrate(db);
      replica = await startReplica({
        bin: BIN,
        primaryPort: primary.port,
        port: await freePort(55750),
        dir: tmp,
      });
      replicaAdmin = new pg.Client({ connectionString: replica.url('gwar') });
      await replicaAdmin.connect();
      const config = loadConfig({
        PUBLIC_ORIGIN: ORIGIN,
        DATA_DIR: tmp,
        LOG_LEVEL: 'silent',
        DATABASE_URL: primaryUrl,
        DATABASE_REPLICA_URL: replica.url('gwar'),
        REPLICA_MAX_LAG_MS: '1500',
        GUEST_CACHE_MS: '0',
        RATE_LIMITS: '0',
        METRICS_PORT: '0',
      });
      app = await buildApp(config, db);
      await app.ready();
      const author = await createUser(db, { username: 'replica_author' });
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO posts (user_id, kind, title, source, body) VALUES ($1, 'post', 'Wpis z repliki do głosowania', 'tekst', '<p>tekst</p>') RETURNING id`,
        [author],
      );
      post = rows[0]!.id;
      const voter = await createUser(db, { username: 'replica_voter' });
      const { createSession } = await import('../src/auth/session.ts');
      const { SESSION_COOKIE } = await import('../src/http/cookies.ts');
      voterCookie = `${SESSION_COOKIE}=${(await createSession(db, voter)).token}`;
      await until(() => app.readRouting!.status().healthy);
      console.info(`primary, replica and API ready in ${Date.now() - t0} ms`);
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      await db?.close();
      await replicaAdmin?.end().catch(() => undefined);
      await replica?.stop().catch(() => undefined);
      await primary?.stop();
      rmSync(tmp, { recursive: true, force: true });
    });

    /** A pause is a request: replay stops at its next record, so wait until it says it has. */
    const pauseReplay = async () => {
      await replicaAdmin.query('SELECT pg_wal_replay_pause()');
      await until(
        async () =>
          (await replicaAdmin.query('SELECT pg_get_wal_replay_pause_state() AS s')).rows[0].s === 'paused',
      );
    };

    const upvotes = async (cookie = '') => {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/posts?post=eq.${post}&select=upvotes,voted`,
        headers: cookie ? { cookie } : {},
      });
      expect(answer.statusCode).toBe(200);
      // No row yet: the replica has not replayed the post's creation.
      return (
        (answer.json()[0] as { upvotes: number; voted: number } | undefined) ?? { upvotes: -1, voted: 0 }
      );
    };

    it('reads from the replica, and a writer reads their own write before the replica replays it', async () => {
      await until(async () => (await upvotes()).upvotes === 0, 30_000);
      await pauseReplay();
      const vote = await app.inject({
        method: 'POST',
        url: '/api/rpc/post_vote',
        headers: { cookie: voterCookie, origin: ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ post, vote: 1 }),
      });
      expect(vote.statusCode, vote.body).toBe(200);
      const wal = vote.cookies.find((c) => c.name === 'gwar_wal');
      expect(wal?.value).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
      expect(wal?.httpOnly).toBe(true);
      // The voter (with the cookie) reads the primary; a guest still reads the paused replica.
      expect(await upvotes(`${voterCookie}; gwar_wal=${wal!.value}`)).toEqual({ upvotes: 1, voted: 1 });
      expect((await upvotes()).upvotes).toBe(0);

      await replicaAdmin.query('SELECT pg_wal_replay_resume()');
      const caughtUp = await until(async () => (await upvotes()).upvotes === 1, 30_000);
      console.info(`replica caught up ${caughtUp} ms after replay resumed`);
    });

    it("counts the replica's pool and statements apart from the primary's (metrics/)", async () => {
      const scrape = () => app.metrics!.registry.metrics();
      /** The value of one series, 0 when the exposition does not have it. */
      const value = (text: string, series: string) => {
        const line = text.split('\n').find((l) => l.startsWith(`${series} `));
        return line ? Number(line.slice(series.length + 1)) : 0;
      };
      const statements = (text: string, pool: string) =>
        value(text, `gwar_db_query_duration_seconds_count{pool="${pool}"}`);
      const before = await scrape();
      // A guest's read goes to the replica; a vote to the primary.
      await upvotes();
      const vote = await app.inject({
        method: 'POST',
        url: '/api/rpc/post_vote',
        headers: { cookie: voterCookie, origin: ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ post, vote: null }),
      });
      expect(vote.statusCode, vote.body).toBe(200);
      const after = await scrape();
      expect(statements(after, 'replica')).toBeGreaterThan(statements(before, 'replica'));
      expect(statements(after, 'primary')).toBeGreaterThan(statements(before, 'primary'));
      expect(value(after, 'gwar_db_pool_connections{pool="replica"}')).toBeGreaterThan(0);
      expect(value(after, 'gwar_db_pool_connections{pool="primary"}')).toBeGreaterThan(0);
    });

    it('leaves a replica that falls too far behind, and comes back to it', async () => {
      const before = (await db.query<{ upvotes: number }>('SELECT upvotes FROM posts WHERE id = $1', [post]))
        .rows[0]!.upvotes;
      await pauseReplay();
      // Writes move the primary on; the paused replica falls behind past REPLICA_MAX_LAG_MS.
      for (let i = 0; i < 5; i++) {
        await db.query('UPDATE posts SET upvotes = upvotes + 1 WHERE id = $1', [post]);
        await new Promise((r) => setTimeout(r, 400));
      }
      const left = await until(() => !app.readRouting!.status().healthy);
      expect((await upvotes()).upvotes).toBe(before + 5);
      await replicaAdmin.query('SELECT pg_wal_replay_resume()');
      const back = await until(() => app.readRouting!.status().healthy);
      console.info(`lagging replica left after ${left} ms, used again ${back} ms after replay resumed`);
    });

    it('keeps reads going on the primary while the replica is down, quickly, and uses it again when back', async () => {
      const current = (await db.query<{ upvotes: number }>('SELECT upvotes FROM posts WHERE id = $1', [post]))
        .rows[0]!.upvotes;
      await until(async () => (await upvotes()).upvotes === current, 30_000);
      await replicaAdmin.end();
      await replica.kill();
      const started = Date.now();
      for (let i = 0; i < 10; i++) expect((await upvotes()).upvotes).toBe(current);
      const longest = Date.now() - started;
      expect(longest).toBeLessThan(10_000);
      expect(app.readRouting!.status().healthy).toBe(false);
      await replica.start();
      const back = await until(() => app.readRouting!.status().healthy, 30_000);
      console.info(
        `10 reads during the replica outage took ${longest} ms; replica used again ${back} ms after it started`,
      );
      expect((await upvotes()).upvotes).toBe(current);
    }, 60_000);
  },
);
