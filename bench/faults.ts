/**
 * Long fault runs (bench/README.md §6), figures only: the quick versions are tests in server/test/faults-*.
 *
 *   cd server && node --import tsx ../bench/faults.ts crash [rounds=5] [writers=8]
 *   cd server && node --import tsx ../bench/faults.ts soak  [minutes=10] [rate=40]
 *
 * crash: each round starts the real server, lets `writers` post as fast as it acknowledges for
 *   2 s, SIGKILLs it, starts it again on the same data (stale lock taken over) and counts the
 *   acknowledged posts that are missing. On PGlite (a data folder) and on a throwaway PostgreSQL
 *   15 cluster (scripts/postgres.mjs; its fsync is off, which a crash of the API alone
 *   does not touch).
 * soak: `rate` requests a second at a steady pace (3 reads of the feed, a thread and a profile
 *   for 1 reply in that thread), for `minutes`, on both back ends; prints each minute's count, errors, p50 and
 *   p99, and the server's RSS at start, middle and end.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openDb } from '../server/src/db/index.ts';
import {
  createPost,
  existingPosts,
  login,
  runCli,
  type ServerProcess,
  sleep,
  startCluster,
  startServer,
  tempDir,
  writers,
} from '../server/test/processes.ts';

const [mode = 'crash', a, b] = process.argv.slice(2);
const USER = { name: 'pisarz', email: 'pisarz@example.com', password: 'tajne-haslo-123' };

interface Backend {
  name: string;
  env: Record<string, string>;
  /** PostgreSQL: which of these ids the database itself holds (a check beside the API's answer). */
  inDatabase?(ids: number[]): Promise<number>;
  close(): Promise<void>;
}

async function pglite(): Promise<Backend> {
  const dir = tempDir('gwar-bench-faults-');
  const env = { DATA_DIR: path.join(dir, 'data') };
  const created = await runCli(env, ['user:create', USER.name, USER.email, USER.password]);
  if (created.code !== 0) throw new Error(created.output);
  return { name: 'PGlite', env, close: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function postgres(): Promise<Backend> {
  const dir = tempDir('gwar-bench-faults-pg-');
  const cluster = await startCluster(dir);
  const env = { DATABASE_URL: cluster.url, DATA_DIR: path.join(dir, 'data') };
  const created = await runCli(env, ['user:create', USER.name, USER.email, USER.password]);
  if (created.code !== 0) throw new Error(created.output);
  return {
    name: 'PostgreSQL 15',
    env,
    async inDatabase(ids) {
      const db = await openDb({ databaseUrl: cluster.url, dataDir: dir, poolSize: 1 });
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM posts WHERE id = ANY($1::int[])',
        [ids],
      );
      await db.close();
      return rows[0]!.n;
    },
    async close() {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function rssMiB(server: ServerProcess): number {
  if (!server.alive()) return 0;
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  return server.exited;
}

async function crash(backend: Backend, rounds: number, count: number) {
  let server = await startServer(backend.env);
  let total = 0;
  let lostTotal = 0;
  for (let round = 1; round <= rounds; round++) {
    const cookie = await login(server.base, USER.name, USER.password);
    const write = writers(server.base, cookie, count);
    await sleep(2000);
    server.child.kill('SIGKILL');
    await server.exited;
    await write.stop();
    const t0 = Date.now();
    server = await startServer(backend.env);
    const restartMs = Date.now() - t0;
    const found = await existingPosts(server.base, write.acknowledged);
    const lost = write.acknowledged.filter((id) => !found.has(id)).length;
    if (lost) {
      const probe = write.acknowledged.filter((id) => !found.has(id)).slice(0, 3);
      const response = await fetch(
        `${server.base}/api/posts?select=post,mode,created&post=in.(${probe.join(',')})`,
      );
      console.log('missing through the API:', probe, response.status, await response.text());
      if (backend.inDatabase)
        console.log(
          `  in the database itself: ${await backend.inDatabase(write.acknowledged)} of ${write.acknowledged.length}`,
        );
    }
    total += write.acknowledged.length;
    lostTotal += lost;
    console.log(
      `${backend.name} round ${round}: ${write.acknowledged.length} acknowledged, ${write.failed()} cut off, ${lost} lost, back in ${restartMs} ms`,
    );
  }
  await stop(server);
  console.log(`${backend.name}: ${rounds} rounds, ${total} acknowledged posts, ${lostTotal} lost`);
}

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

async function soak(backend: Backend, minutes: number, rate: number) {
  const server = await startServer(backend.env);
  const cookie = await login(server.base, USER.name, USER.password);
  const seed = await createPost(server.base, cookie, 'Wpis, pod którym rośnie wątek w czasie próby');
  if (seed === null) throw new Error('cannot write');
  const rss: Record<string, number> = { start: rssMiB(server) };
  const endAt = Date.now() + minutes * 60_000;
  let minute: number[] = [];
  let errors = 0;
  let minuteIndex = 1;
  let minuteEnd = Date.now() + 60_000;
  const pending = new Set<Promise<void>>();
  const requests = [
    () => fetch(`${server.base}/api/feed?kind=eq.micro&order=post.desc&limit=20`),
    () => fetch(`${server.base}/api/posts?uber=eq.${seed}&limit=50`, { headers: { cookie } }),
    () => fetch(`${server.base}/api/profiles?user=eq.${USER.name}`),
    () =>
      fetch(`${server.base}/api/rpc/post_create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.base, cookie },
        body: JSON.stringify({ body: `Odpowiedź w próbie ${Date.now()}`, reply: seed }),
      }),
  ];
  console.log(`${backend.name} soak: ${minutes} min at ${rate} requests/s; RSS at start ${rss.start} MiB`);
  for (let i = 0; Date.now() < endAt; i++) {
    if (!server.alive()) {
      const exit = await server.exited;
      console.log(`${backend.name} soak: THE SERVER DIED (${JSON.stringify(exit)}); its last output:`);
      console.log(server.output().slice(-4000));
      break;
    }
    const t0 = Date.now();
    const task = requests[i % requests.length]!()
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status >= 400) errors++;
        minute.push(Date.now() - t0);
      })
      .catch(() => {
        errors++;
      })
      .finally(() => pending.delete(task));
    pending.add(task);
    if (Date.now() >= minuteEnd) {
      const sorted = [...minute].sort((x, y) => x - y);
      if (minuteIndex === Math.ceil(minutes / 2)) rss.middle = rssMiB(server);
      console.log(
        `  minute ${minuteIndex}: ${sorted.length} requests, ${errors} errors so far, p50 ${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms, RSS ${rssMiB(server)} MiB`,
      );
      minute = [];
      minuteIndex++;
      minuteEnd += 60_000;
    }
    await sleep(Math.max(0, 1000 / rate - (Date.now() - t0)));
  }
  await Promise.all(pending);
  rss.end = rssMiB(server);
  console.log(
    `${backend.name} soak: ${errors} errors; RSS start/middle/end ${rss.start}/${rss.middle}/${rss.end} MiB`,
  );
  const exit = await stop(server);
  console.log(`${backend.name}: SIGTERM exit code ${exit.code}`);
}

for (const open of process.env.ONLY === 'pg'
  ? [postgres]
  : process.env.ONLY === 'pglite'
    ? [pglite]
    : [pglite, postgres]) {
  const backend = await open();
  try {
    if (mode === 'soak') await soak(backend, Number(a ?? 10), Number(b ?? 40));
    else await crash(backend, Number(a ?? 5), Number(b ?? 8));
  } finally {
    await backend.close();
  }
}
