/**
 * PostgreSQL going away under a running API: a `pg_ctl restart -m fast` and a SIGKILL of the
 * postmaster, with real processes and light load from a guest and a signed-in reader. The API
 * process must survive; while the database is away requests fail fast with a 503 in the API's error
 * shape; within 5 s of the database being back it answers normally; and the LISTEN connection comes
 * back, so live events reach an open stream again (after a `resync` event that tells the browser to
 * refetch what it missed).
 *
 * Runs with its own cluster (it restarts it), on the PostgreSQL pass of `npm test`, or alone.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from '../../scripts/postgres.mjs';
import { createSession } from '../src/auth/session.ts';
import { SESSION_COOKIE } from '../src/http/cookies.ts';
import {
  existingPosts,
  type LiveStream,
  load,
  openLive,
  postgresAvailable,
  type Sample,
  type ServerProcess,
  sleep,
  startCluster,
  startServer,
  tempDir,
  writers,
} from './processes.ts';

/** The PGlite pass of `npm test` sets TEST_DATABASE_URL to ''; this suite belongs to the other. */
const enabled = postgresAvailable && process.env.TEST_DATABASE_URL !== '';
/** No request may wait longer than this while the database is away (DB_BOUNDS: connect 2 s after a 2 s queue, + margin). */
const LONGEST_WAIT_MS = 4500;
/** How long the freeze test stops PostgreSQL: past every bound of server/src/db/index.ts DB_BOUNDS. */
const FREEZE_MS = 8000;

let dir: string;
let cluster: Cluster;
let server: ServerProcess;
let cookie: string;
let userId: number;
let live: LiveStream;

async function sql(text: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

/** Polls until a guest read and a signed-in read both answer 200; returns how long that took. */
async function waitUntilServing(limitMs: number): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < limitMs) {
    const [guest, member] = await Promise.all([
      fetch(`${server.base}/api/posts?limit=3`).catch(() => null),
      fetch(`${server.base}/api/notifications?limit=3`, { headers: { cookie } }).catch(() => null),
    ]);
    if (guest?.status === 200 && member?.status === 200) return Date.now() - t0;
    await sleep(50);
  }
  throw new Error(`the API did not answer normally within ${limitMs} ms:\n${server.output().slice(-3000)}`);
}

/** A NOTIFY sent from outside must reach the open stream (the server's LISTEN works again). */
async function expectLiveEventArrives() {
  const before = live.events.length;
  await expect
    .poll(
      async () => {
        await sql("SELECT pg_notify('notification', json_build_object('user', $1::int)::text)", [userId]);
        return live.events.slice(before).some((e) => e.event === 'notification');
      },
      { timeout: 8000, interval: 300 },
    )
    .toBe(true);
}

/** Every failed answer is a 503 in the API's shape, with no SQL or stack in it, and came fast. */
function checkOutage(samples: Sample[], longestMs = LONGEST_WAIT_MS) {
  for (const sample of samples) {
    expect(sample.ms, `a request waited ${sample.ms} ms`).toBeLessThan(longestMs);
    if (sample.status === 200) continue;
    expect(sample.status, sample.body).toBe(503);
    const body = JSON.parse(sample.body);
    expect(body).toEqual({
      code: 'GW503',
      message: 'SERVICE UNAVAILABLE',
      details: expect.any(String),
      hint: expect.any(String),
    });
  }
}

function summary(samples: Sample[]) {
  const failed = samples.filter((s) => s.status !== 200);
  return {
    requests: samples.length,
    failed: failed.length,
    statuses: [...new Set(failed.map((s) => s.status))],
    longestMs: Math.max(...samples.map((s) => s.ms)),
  };
}

describe.skipIf(!enabled)('PostgreSQL restarted or killed under the running API', () => {
  beforeAll(async () => {
    dir = tempDir('gwar-faults-pg-');
    cluster = await startCluster(dir);
    server = await startServer({ DATABASE_URL: cluster.url, DATA_DIR: path.join(dir, 'data') });
    const { rows } = await sql(
      `INSERT INTO users (username, email, password_hash, status) VALUES ('ala', 'ala@example.com', 'x', 'active') RETURNING id`,
    );
    userId = rows[0].id;
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const { token } = await createSession(client, userId);
    await client.end();
    cookie = `${SESSION_COOKIE}=${token}`;
    live = await openLive(server.base, cookie);
  });

  afterAll(async () => {
    await live?.close();
    if (server?.alive()) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await cluster?.stop().catch(() => undefined);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const traffic = () =>
    load(4, (i) =>
      i % 2
        ? fetch(`${server.base}/api/posts?limit=5`)
        : fetch(`${server.base}/api/notifications?limit=5`, { headers: { cookie } }),
    );

  it('survives `pg_ctl restart -m fast`, answers within 5 s of it, and live events flow again', async () => {
    await expectLiveEventArrives();
    const run = traffic();
    await sleep(300);
    await cluster.restart();
    const recoveredMs = await waitUntilServing(5000);
    await sleep(300);
    const samples = await run.stop();
    console.log('pg_ctl restart -m fast:', { ...summary(samples), recoveredMs });
    expect(server.alive(), server.output()).toBe(true);
    checkOutage(samples);
    await expect.poll(() => live.events.some((e) => e.event === 'resync'), { timeout: 8000 }).toBe(true);
    await expectLiveEventArrives();
  });

  it('survives a SIGKILL of the postmaster: 503 fast while it is down, normal within 5 s of its start', async () => {
    const run = traffic();
    await sleep(300);
    const resyncs = live.events.filter((e) => e.event === 'resync').length;
    cluster.killPostmaster();
    await sleep(1500); // down: every request in this window must fail fast
    const down = Date.now();
    const during = await fetch(`${server.base}/api/posts?limit=5`);
    const downMs = Date.now() - down;
    expect(during.status).toBe(503);
    expect(downMs).toBeLessThan(LONGEST_WAIT_MS);
    await cluster.start();
    const recoveredMs = await waitUntilServing(5000);
    await sleep(300);
    const samples = await run.stop();
    console.log('SIGKILL of the postmaster:', { ...summary(samples), recoveredMs });
    expect(server.alive(), server.output()).toBe(true);
    expect(samples.some((s) => s.status === 503)).toBe(true);
    checkOutage(samples);
    await expect
      .poll(() => live.events.filter((e) => e.event === 'resync').length, { timeout: 8000 })
      .toBeGreaterThan(resyncs);
    await expectLiveEventArrives();
  });

  it('answers every request within 5 s while PostgreSQL is frozen (SIGSTOP), and recovers by itself', async () => {
    // More loops than the pool has connections (10), so requests also queue for one.
    const run = load(
      24,
      (i) =>
        i % 3 === 0
          ? fetch(`${server.base}/api/posts?limit=5&offset=${i % 7}`)
          : i % 3 === 1
            ? fetch(`${server.base}/api/notifications?limit=5`, { headers: { cookie } })
            : fetch(`${server.base}/api/rpc/notifications_seen`, {
                method: 'POST',
                headers: { cookie, origin: server.base, 'content-type': 'application/json' },
                body: '{}',
              }),
      50,
    );
    const write = writers(server.base, cookie, 4);
    await sleep(500);
    const frozenAt = Date.now();
    cluster.freeze();
    try {
      await sleep(FREEZE_MS);
    } finally {
      cluster.thaw();
    }
    const thawedAt = Date.now();
    const recoveredMs = await waitUntilServing(5000);
    await sleep(300);
    const samples = await run.stop();
    await write.stop();
    const during = samples.filter((s) => s.at >= frozenAt && s.at < thawedAt);
    console.log('PostgreSQL frozen for', FREEZE_MS, 'ms:', {
      ...summary(samples),
      duringFreeze: summary(during),
      recoveredMs,
      writesAcknowledged: write.acknowledged.length,
      writesRefused: write.failed(),
    });
    expect(server.alive(), server.output()).toBe(true);
    // Requests sent while it was frozen were answered, with a 503 at the latest after the bound.
    expect(during.length).toBeGreaterThan(24);
    expect(during.filter((s) => s.status === 503).length).toBeGreaterThan(0);
    checkOutage(samples, 5000);
    // Every write acknowledged before, during or after the freeze is there.
    const found = await existingPosts(server.base, write.acknowledged);
    expect(write.acknowledged.filter((id) => !found.has(id))).toEqual([]);
  });

  it('loses no acknowledged post when the API is SIGKILLed under write load (restart on PostgreSQL)', async () => {
    const write = writers(server.base, cookie, 8);
    await sleep(2000);
    server.child.kill('SIGKILL');
    await server.exited;
    await write.stop();
    await live.close();
    const t0 = Date.now();
    server = await startServer({ DATABASE_URL: cluster.url, DATA_DIR: path.join(dir, 'data') });
    const restartMs = Date.now() - t0;
    const found = await existingPosts(server.base, write.acknowledged);
    const lost = write.acknowledged.filter((id) => !found.has(id));
    console.log('SIGKILL under write load (PostgreSQL):', {
      acknowledged: write.acknowledged.length,
      unacknowledged: write.failed(),
      lost: lost.length,
      restartMs,
    });
    expect(write.acknowledged.length).toBeGreaterThan(0);
    expect(lost).toEqual([]);
  });
});
