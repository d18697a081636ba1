/**
 * A long fuzz of the read grammar (bench/README.md §9), figures only: the quick version is
 * server/test/hostile.test.ts, with the same requests (server/test/hostileReads.ts).
 *
 *   cd server && node --import tsx ../bench/fuzz-reads.ts [requests=7200] [seed=27] [postgres|pglite]
 *   options (env): FUZZ_SHOW (10 requests answered 5xx printed)
 *
 * Starts the real server (on a throwaway PostgreSQL 15 cluster from scripts/postgres.mjs, durability
 * off, or on PGlite), signs in as an admin (so every resource reaches its filters) with one
 * published post, then sends over HTTP, 8 at a time: every operator on every column of every read
 * resource and the selects around PostgreSQL's 1,664-entry target list (the exhaustive part), and
 * `requests` random reads spread over every resource (seeded: the same seed sends the same ones).
 * Prints the answers' status counts of each part and the first requests answered 5xx (or not at
 * all). A URL past Node's 16 KiB of headers is answered 431 by Node itself.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { everyOperatorOnEveryColumn, sampleReads, wideSelects } from '../server/test/hostileReads.ts';
import {
  createPost,
  login,
  runCli,
  type ServerProcess,
  startCluster,
  startServer,
  tempDir,
} from '../server/test/processes.ts';

const [requestsArg = '7200', seedArg = '27', backend = 'postgres'] = process.argv.slice(2);
const REQUESTS = Number(requestsArg);
const SEED = Number(seedArg);
const CONCURRENCY = 8;
const SHOW = Number(process.env.FUZZ_SHOW ?? 10);
const ADMIN = { name: 'psuj', email: 'psuj@example.com', password: 'tajne-haslo-123' };

interface Read {
  url: string;
  headers: Record<string, string>;
}

/** Sends `reads`, CONCURRENCY at a time; the count of each status, and the 5xx (or unanswered) ones. */
async function send(base: string, cookie: string, reads: Read[]) {
  const statuses = new Map<string, number>();
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < reads.length) {
      const { url, headers } = reads[next++]!;
      let status: string;
      try {
        const response = await fetch(`${base}${url}`, { headers: { ...headers, cookie } });
        const body = await response.text();
        status = String(response.status);
        if (response.status >= 500 && failures.length < SHOW)
          failures.push(`${status} ${url.slice(0, 160)} ${body.slice(0, 160)}`);
      } catch (error) {
        status = 'no answer';
        const cause = (error as Error & { cause?: Error }).cause?.message ?? '';
        if (failures.length < SHOW)
          failures.push(`no answer ${url.slice(0, 160)}: ${(error as Error).message} ${cause}`);
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const counts = [...statuses]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status} ${n}`)
    .join(', ');
  return { counts, failures };
}

const dir = tempDir('gwar-bench-fuzz-');
const cluster = backend === 'pglite' ? null : await startCluster(dir);
const env: Record<string, string> = { DATA_DIR: path.join(dir, 'data') };
if (cluster) env.DATABASE_URL = cluster.url;
let server: ServerProcess | null = null;
try {
  const created = await runCli(env, [
    'user:create',
    ADMIN.name,
    ADMIN.email,
    ADMIN.password,
    '--roles',
    'moderator,admin',
  ]);
  if (created.code !== 0) throw new Error(created.output);
  server = await startServer(env);
  const { base } = server;
  const cookie = await login(base, ADMIN.name, ADMIN.password);
  await createPost(base, cookie, 'Wpis z #tagiem do psucia');

  console.log(cluster ? `PostgreSQL ${cluster.version}` : 'PGlite');
  const exhaustive = [...everyOperatorOnEveryColumn(), ...wideSelects()].map(({ url }) => ({
    url,
    headers: {},
  }));
  const random = sampleReads(REQUESTS, SEED);
  for (const [name, reads] of [
    ['exhaustive', exhaustive],
    [`random (seed ${SEED})`, random],
  ] as const) {
    const t0 = Date.now();
    const { counts, failures } = await send(base, cookie, reads);
    console.log(`${name}: ${reads.length} reads in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${counts}`);
    for (const failure of failures) console.log(`  ${failure}`);
  }
} finally {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
}
