#!/usr/bin/env node
/**
 * One hot thread on PostgreSQL (bench/README.md §9): BENCH_WRITERS (32) signed-in people writing in one
 * thread at once for BENCH_SECONDS (30): replies to the post and to each other's comments, votes
 * on the post and its comments, the author replying in their own thread. Prints writes per
 * second, the answers by status, 5xx and PostgreSQL deadlocks per 1,000 writes (counted in
 * PostgreSQL's own log, so any version of the server is measured the same way) and latency.
 * The long version of server/test/threadContention.test.ts; a figure, never a pass or fail.
 *
 *   node bench/hot-thread.mjs          (its own throwaway PostgreSQL 15 cluster on loopback)
 *   options (env): BENCH_SECONDS (30), BENCH_WRITERS (32), BENCH_PORT (4630)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startPostgres } from '../scripts/postgres.mjs';
import { startApi, waitForApi } from './lib/api.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 32);
const PORT = Number(process.env.BENCH_PORT ?? 4630);
const base = `http://127.0.0.1:${PORT}`;

const work = mkdtempSync(path.join(os.tmpdir(), 'gwar-bench-hot-'));
const cluster = await startPostgres({
  bin: '/usr/lib/postgresql/15/bin',
  port: await freePort(55600),
  dir: work,
});
const logFile = path.join(work, `pg-${cluster.port}`, 'server.log');
const admin = new pg.Client({ connectionString: cluster.url });
await admin.connect();
await admin.query('CREATE DATABASE gwar_hot');
await admin.end();
const url = cluster.url.replace(/\/postgres$/, '/gwar_hot');

const api = startApi({ url, port: PORT, work, env: { PUBLISH_LOCAL_BUILDS: '0', LINK_PREVIEWS: '0' } });
let exitCode = 0;
try {
  await waitForApi(base);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  // People with a rating past every gate, each with a session made as the server makes them.
  const { rows: people } = await db.query(
    `INSERT INTO users (username, email, password_hash, status, rating)
     SELECT 'goraco' || i, 'goraco' || i || '@example.com', 'x', 'active', 1000
       FROM generate_series(1, $1::int) i RETURNING id`,
    [WRITERS],
  );
  const tokens = people.map((person) => `gwar-bench-hot-${person.id}-${'h'.repeat(16)}`);
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, expires)
     SELECT sha256(convert_to(t, 'UTF8')), u, now() + interval '1 day'
       FROM unnest($1::text[], $2::integer[]) AS s(t, u)`,
    [tokens, people.map((person) => person.id)],
  );
  await db.end();
  const cookies = tokens.map((token) => `gwar_session=${token}`);
  const rpc = (who, name, body) =>
    fetch(`${base}/api/rpc/${name}`, {
      method: 'POST',
      headers: { cookie: cookies[who], origin: base, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const topAnswer = await rpc(0, 'post_create', {
    title: 'Gorący wątek pod obciążeniem',
    body: 'Wszyscy piszą tu naraz.',
    files: [],
  });
  const top = (await topAnswer.json()).post;
  const thread = [{ id: top, author: 0 }];
  const deadlocksBefore = deadlocks();

  let seed = 20261126;
  const random = () => {
    seed = (seed * 48271) % 2147483647;
    return seed / 2147483647;
  };
  const statuses = new Map();
  const times = [];
  let running = true;
  const started = Date.now();
  const loops = Array.from({ length: WRITERS }, async (_, who) => {
    while (running) {
      const roll = random();
      const target = thread[Math.floor(random() * thread.length)];
      const t0 = performance.now();
      let status = 0;
      try {
        let response;
        if (who === 0 || roll < 0.5) {
          // who 0 is the thread's author, replying in their own thread
          const names = [`@goraco${1 + Math.floor(random() * WRITERS)}`];
          response = await rpc(who, 'post_create', {
            reply: target.id,
            body: `Odpowiedź ${names[0]} w gorącym wątku`,
            files: [],
          });
          if (response.ok) thread.push({ id: (await response.json()).post, author: who });
        } else if (target.author !== who) {
          response = await rpc(who, 'post_vote', { post: target.id, vote: roll < 0.8 ? 1 : -1 });
        } else {
          response = await rpc(who, 'post_vote', { post: top, vote: roll < 0.8 ? 1 : null });
        }
        status = response.status;
        if (!response.bodyUsed) await response.arrayBuffer();
      } catch {
        status = 0;
      }
      times.push(performance.now() - t0);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  });
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  running = false;
  await Promise.all(loops);
  const elapsed = (Date.now() - started) / 1000;
  const writes = times.length;
  const failed = [...statuses].filter(([status]) => status >= 500 || status === 0);
  const serverErrors = failed.reduce((sum, [, n]) => sum + n, 0);
  const deadlocksSeen = deadlocks() - deadlocksBefore;
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
  console.log(
    `\nhot thread: ${WRITERS} writers, ${elapsed.toFixed(1)} s, ${thread.length - 1} comments in the thread`,
  );
  console.log(`writes            ${writes} (${(writes / elapsed).toFixed(0)}/s)`);
  console.log(
    `answers           ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status || 'no answer'}: ${n}`)
      .join(', ')}`,
  );
  console.log(`5xx per 1,000     ${((serverErrors / writes) * 1000).toFixed(1)}`);
  console.log(
    `deadlocks         ${deadlocksSeen} (${((deadlocksSeen / writes) * 1000).toFixed(1)} per 1,000 writes)`,
  );
  console.log(`latency ms        p50 ${pct(50)}, p99 ${pct(99)}, max ${times.at(-1).toFixed(1)}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  api.kill('SIGTERM');
  await new Promise((resolve) => api.once('exit', resolve));
  await cluster.stop();
  rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);

/** PostgreSQL's own count: every deadlock it broke is one ERROR line in its log. */
function deadlocks() {
  return (readFileSync(logFile, 'utf8').match(/ERROR: {2}deadlock detected/g) ?? []).length;
}
