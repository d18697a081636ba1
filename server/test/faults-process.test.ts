/**
 * The server process itself under faults, on the embedded database in a real data folder, with real
 * processes: SIGTERM under load, a second server on the same folder, a folder it cannot write, and
 * SIGKILL under write load (every acknowledged post must be there after a restart). Runs on the
 * PGlite pass of `npm test` (the PostgreSQL variant of the crash test is in faults-postgres.test.ts).
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  existingPosts,
  load,
  login,
  openLive,
  runCli,
  type ServerProcess,
  sleep,
  slowPost,
  startServer,
  tempDir,
  writers,
} from './processes.ts';

const enabled = !process.env.TEST_DATABASE_URL;
/** main.ts gives up after 10 s (exit 1); a clean stop here takes well under that. */
const SHUTDOWN_BOUND_MS = 10_000;

let dir: string;
let dataDir: string;
const running: ServerProcess[] = [];

async function start(env: Record<string, string> = {}) {
  const server = await startServer({ DATA_DIR: dataDir, ...env });
  running.push(server);
  return server;
}

describe.skipIf(!enabled)('the server process on the embedded database', () => {
  beforeAll(async () => {
    dir = tempDir('gwar-faults-proc-');
    dataDir = path.join(dir, 'data');
    // Creating the account also creates and migrates the database in the folder.
    const created = await runCli({ DATA_DIR: dataDir }, [
      'user:create',
      'pisarz',
      'pisarz@example.com',
      'tajne-haslo-123',
    ]);
    expect(created.code, created.output).toBe(0);
  });

  afterAll(async () => {
    for (const server of running) {
      if (server.alive()) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second server on a data folder another one holds, with a clear message', async () => {
    const first = await start();
    await expect(start()).rejects.toThrow(/in use by another Gwar server \(pid \d+\)/);
    expect((await fetch(`${first.base}/api/posts?limit=1`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  });

  it('refuses a data folder it cannot create or write, with a clear message', async () => {
    const file = path.join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    await expect(startServer({ DATA_DIR: path.join(file, 'data') })).rejects.toThrow(
      /gwar: cannot start: the data folder .* cannot be created or written \(ENOTDIR\)/,
    );
  });

  it('on SIGTERM under load finishes what is in flight, ends live streams and exits 0 in bounded time', async () => {
    const server = await start();
    const cookie = await login(server.base, 'pisarz', 'tajne-haslo-123');
    const live = await openLive(server.base, cookie);
    const write = writers(server.base, cookie, 3);
    const reads = load(4, () => fetch(`${server.base}/api/posts?limit=20`), 5);
    await sleep(1000);
    // Requests surely in flight: the server has their headers, half their body comes after the signal.
    const inFlight = Array.from({ length: 3 }, (_, i) =>
      slowPost(server.base, cookie, `Wpis wysłany w chwili SIGTERM numer ${i}`),
    );
    await sleep(1000);
    // A burst of new connections at the moment of the signal.
    const burst = Array.from({ length: 20 }, () =>
      fetch(`${server.base}/api/posts?limit=50`).then(
        (r) => r.status,
        () => 0,
      ),
    );
    await sleep(20);
    const t0 = Date.now();
    server.child.kill('SIGTERM');
    await sleep(100);
    for (const request of inFlight) request.finish();
    const inFlightAnswers = await Promise.all(inFlight.map((request) => request.answer));
    const exit = await server.exited;
    const stopMs = Date.now() - t0;
    const statuses = await Promise.all(burst);
    await write.stop();
    const samples = await reads.stop();
    await live.close();
    console.log('SIGTERM under load:', {
      stopMs,
      inFlight: inFlightAnswers.map((a) => a.status),
      burst: statuses,
      reads: samples.length,
      readsFailed: samples.filter((s) => s.status !== 200).length,
      written: write.acknowledged.length,
    });
    expect(exit).toEqual({ code: 0, signal: null });
    expect(stopMs).toBeLessThan(SHUTDOWN_BOUND_MS);
    for (const answer of inFlightAnswers) expect(answer.status, answer.body).toBe(200);
    // Requests the server had taken were answered (200), or refused politely while closing (503);
    // a connection refused (0) is a request that came after the listener closed.
    for (const status of statuses) expect([200, 503, 0]).toContain(status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    // The stream ended cleanly (no hang): close() returned above.
    expect(live.events.every((e) => e.event !== 'error')).toBe(true);
    await expect(fetch(`${server.base}/api/posts?limit=1`)).rejects.toThrow();
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);

    // The database was closed cleanly: the next start finds every acknowledged post.
    const again = await start();
    const acknowledged = [
      ...write.acknowledged,
      ...inFlightAnswers.map((a) => (JSON.parse(a.body) as { post: number }).post),
    ];
    const found = await existingPosts(again.base, acknowledged);
    expect(write.acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.filter((id) => !found.has(id))).toEqual([]);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  });

  it('loses no acknowledged post when SIGKILLed under write load (restart on the same folder)', async () => {
    const server = await start();
    const cookie = await login(server.base, 'pisarz', 'tajne-haslo-123');
    const write = writers(server.base, cookie, 8);
    await sleep(2000);
    server.child.kill('SIGKILL');
    await server.exited;
    await write.stop();
    // The pid file of the killed server is stale: the next start takes the folder over.
    const t0 = Date.now();
    const again = await start();
    const restartMs = Date.now() - t0;
    const found = await existingPosts(again.base, write.acknowledged);
    const lost = write.acknowledged.filter((id) => !found.has(id));
    console.log('SIGKILL under write load (PGlite):', {
      acknowledged: write.acknowledged.length,
      unacknowledged: write.failed(),
      lost: lost.length,
      restartMs,
    });
    expect(write.acknowledged.length).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  });
});
