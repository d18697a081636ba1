/**
 * Real processes for the fault tests: the API server as `npm start` runs it (one Node process,
 * its own port and data folder), a throwaway PostgreSQL 15 cluster that can be restarted and
 * killed, and a reader of the live stream. Nothing here is faked: the tests stop and kill these.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type Cluster, freePort, startPostgres } from '../../scripts/postgres.mjs';
import { readServerEvents } from './serverEvents.ts';

export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const postgresAvailable = existsSync(path.join(PG_BIN, 'pg_ctl'));
const serverDir = path.resolve(import.meta.dirname, '..');

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function startCluster(dir: string): Promise<Cluster> {
  return startPostgres({ bin: PG_BIN, port: await freePort(55400), dir });
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** Resolves with the exit code (or signal) once it has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
}

/** Starts `src/main.ts` in its own Node process and waits until it answers. */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const port = await freePort(3200);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // info: the line 'Gwar listens on …' tells that this very process holds the port (requests are not logged below debug)
      LOG_LEVEL: 'info',
      RATE_LIMITS: '0',
      DEMO_CONTENT: '0',
      // No background fetches of links in the fault tests.
      LINK_PREVIEWS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: ServerProcess = {
    child,
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!server.alive()) throw new Error(`the server exited at start:\n${output}`);
    // Another process may have taken the port between freePort() and the bind: only a server that
    // said it listens is asked (a first crash round once counted another server's posts as lost).
    if (!output.includes('Gwar listens on')) {
      await sleep(100);
      continue;
    }
    try {
      const response = await fetch(`${server.base}/api/posts?limit=1`);
      if (response.status === 200) return server;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer within ${timeoutMs} ms:\n${output}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LiveStream {
  events: { event: string; data: unknown; at: number }[];
  close(): Promise<void>;
}

/** Opens GET /api/live with a session cookie and collects its events. */
export async function openLive(base: string, cookie: string): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/live`, { headers: { cookie }, signal: controller.signal });
  if (response.status !== 200) throw new Error(`live stream refused: ${response.status}`);
  const events: LiveStream['events'] = [];
  const reading = readServerEvents(response.body!, (event, data) =>
    events.push({ event, data, at: Date.now() }),
  );
  return {
    events,
    async close() {
      controller.abort();
      await reading;
    },
  };
}

export interface Sample {
  at: number;
  ms: number;
  status: number;
  body: string;
}

/**
 * Light steady load: `workers` loops each sending one request at a time (`request` picks it),
 * recording status, time and body, until stopped.
 */
export function load(workers: number, request: (i: number) => Promise<Response>, pauseMs = 20) {
  const samples: Sample[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let i = worker; running; i += workers) {
      const at = Date.now();
      try {
        const response = await request(i);
        samples.push({ at, ms: Date.now() - at, status: response.status, body: await response.text() });
      } catch (error) {
        samples.push({ at, ms: Date.now() - at, status: 0, body: String(error) });
      }
      await sleep(pauseMs);
    }
  });
  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(loops);
      return samples;
    },
  };
}

/** `pnpm gwar <args>` with this environment (e.g. DATA_DIR); resolves with code and output. */
export function runCli(
  env: Record<string, string>,
  args: string[],
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
      cwd: serverDir,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Signs in through the API; returns the session cookie. */
export async function login(base: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/rpc/user_login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('gwar_session='));
  if (!cookie) throw new Error('login set no session cookie');
  return cookie.split(';')[0]!;
}

/** One micropost through the API; resolves with its id once acknowledged (200), else null. */
export async function createPost(base: string, cookie: string, body: string): Promise<number | null> {
  const response = await fetch(`${base}/api/rpc/post_create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ body }),
  });
  if (response.status !== 200) return null;
  return ((await response.json()) as { post: number }).post;
}

/** Which of these post ids the API finds (100 per read: the API's cap). */
export async function existingPosts(base: string, ids: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    const response = await fetch(`${base}/api/posts?select=post&post=in.(${chunk.join(',')})&limit=100`);
    if (response.status !== 200) throw new Error(`read failed: ${response.status} ${await response.text()}`);
    for (const row of (await response.json()) as { post: number }[]) found.add(row.post);
  }
  return found;
}

/**
 * Writers posting as fast as the server acknowledges, until `stop()`; `acknowledged` holds the
 * id of every post the server answered 200 for (the ones a user was told are saved).
 */
export function writers(base: string, cookie: string, count: number) {
  const acknowledged: number[] = [];
  let failed = 0;
  let running = true;
  const loops = Array.from({ length: count }, async (_, w) => {
    for (let i = 0; running; i++) {
      try {
        const id = await createPost(base, cookie, `Wpis próbny ${w}-${i} pisany w trakcie awarii`);
        if (id === null) failed++;
        else acknowledged.push(id);
      } catch {
        failed++; // the connection died with the server: not acknowledged
        await sleep(20);
      }
    }
  });
  return {
    acknowledged,
    failed: () => failed,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * A post whose request is surely in flight: the headers and half the body are sent at once, the
 * rest only when `finish()` is called (e.g. after a SIGTERM). Resolves with status and body.
 */
export function slowPost(base: string, cookie: string, body: string) {
  const url = new URL(`${base}/api/rpc/post_create`);
  const payload = Buffer.from(JSON.stringify({ body }));
  const half = Math.floor(payload.length / 2);
  let finish: () => void = () => undefined;
  const answer = new Promise<{ status: number; body: string }>((resolve) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          origin: base,
          cookie,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', () => resolve({ status: 0, body: text }));
      },
    );
    request.on('error', (error) => resolve({ status: 0, body: String(error) }));
    request.write(payload.subarray(0, half));
    finish = () => request.end(payload.subarray(half));
  });
  return { answer, finish: () => finish() };
}
