/**
 * The fixture of the server's integration suites: a fresh, migrated database per suite and the
 * real Fastify app, driven through `app.inject` (no port). `TEST_DATABASE_URL` selects PostgreSQL
 * (each suite gets its own database created from it); otherwise an in-memory PGlite.
 *
 * A suite file starts its server with `const server = useTestServer(env)` at the top (started
 * before the file's own `beforeAll`, closed after its last `afterAll`), and makes its people
 * with `actor` (or `createUser` and `signIn`), its posts with `publish`, and reads with `rows`.
 * Suites that run several servers or processes call `startTestServer` themselves.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { splitRequestId } from 'shared-api/request-id';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Db, openDb } from '../src/db/index.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';

export const ORIGIN = 'http://localhost:3000';

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  /** Which back end this suite runs on, for the output. */
  kind: Db['kind'];
  /** The server's log lines at warn and above (JSON), when started with `captureLog`. */
  log: string[];
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Keep the server's warnings and errors in `log` instead of discarding them. */
  captureLog?: boolean;
  /** Connections of the PostgreSQL pool; production's (config.databasePoolSize, DATABASE_POOL_SIZE) by default, so races meet as many connections as in production. */
  poolSize?: number;
}

async function freshPostgres(url: string): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const name = `gwar_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    databaseUrl: target.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A fresh PGlite database costs seconds to create and migrate; loading a dump of a migrated one
 * costs about one. The template is keyed by the migrations' checksums, so a new or changed
 * migration makes a new one; each suite still gets its own in-memory copy.
 */
async function openPgliteFromTemplate(dataDir: string): Promise<Db> {
  const key = createHash('sha256')
    .update(
      readMigrations()
        .map((m) => `${m.name}:${m.checksum}`)
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 16);
  const template = path.join(os.tmpdir(), `gwar-test-template-${key}.tar.gz`);
  if (existsSync(template)) {
    try {
      return await openDb({
        databaseUrl: null,
        dataDir,
        memory: true,
        loadDataDir: new Blob([readFileSync(template)]),
      });
    } catch {
      rmSync(template, { force: true }); // unreadable (e.g. another PGlite version): build it again
    }
  }
  const db = await openDb({ databaseUrl: null, dataDir, memory: true });
  await migrate(db);
  if (db.dumpDataDir) {
    const dump = Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
    // Write then rename: suites running at the same time never read half a file.
    const temp = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, dump);
    renameSync(temp, template);
  }
  return db;
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const pgDb = baseUrl ? await freshPostgres(baseUrl) : null;
  const dataDir = `/tmp/gwar-test-${randomBytes(6).toString('hex')}`;
  const config = loadConfig({
    PUBLIC_ORIGIN: ORIGIN,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? (options.captureLog ? 'warn' : 'silent'),
    // Tests play several clients from one machine by sending X-Forwarded-For, as a proxy would.
    TRUST_PROXY: '1',
    // Threads with a comment go through the thread cache, as long threads do in production (300).
    THREAD_CACHE_MIN_ROWS: '2',
    // Suites read a feed as a guest right after writing to it; the guest cache has its own tests.
    GUEST_CACHE_MS: '0',
    // No background fetches of the suites' links; test/linkPreviews.test.ts turns them on.
    LINK_PREVIEWS: '0',
    ...(pgDb ? { DATABASE_URL: pgDb.databaseUrl } : {}),
    ...env,
  });
  const db = pgDb
    ? await openDb({
        databaseUrl: config.databaseUrl,
        dataDir,
        poolSize: options.poolSize ?? config.databasePoolSize,
      })
    : await openPgliteFromTemplate(dataDir);
  await migrate(db);
  const log: string[] = [];
  const app = await buildApp(
    config,
    db,
    options.captureLog ? { logStream: { write: (line: string) => void log.push(line) } } : {},
  );
  await app.ready();
  return {
    app,
    db,
    kind: db.kind,
    log,
    async close() {
      await app.close();
      await db.close();
      await pgDb?.drop();
      // Uploads and mail written by the suite.
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The file's server: started in a `beforeAll` registered by this call (so before the file's own,
 * registered after it) and closed in an `afterAll` that runs after the file's own. `env` may be a
 * function, called when the server starts, for settings that need something made first (a
 * folder from `useTempDir`). The answer reads through to the started server: use it inside hooks
 * and tests only.
 */
export function useTestServer(
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: TestServerOptions = {},
): TestServer {
  let server: TestServer | null = null;
  const started = (): TestServer => {
    if (!server) throw new Error('the test server starts in beforeAll: use it in a hook or a test');
    return server;
  };
  beforeAll(async () => {
    server = await startTestServer(typeof env === 'function' ? env() : env, options);
  });
  afterAll(async () => {
    await server?.close();
    server = null;
  });
  return {
    get app() {
      return started().app;
    },
    get db() {
      return started().db;
    },
    get kind() {
      return started().kind;
    },
    get log() {
      return started().log;
    },
    close: () => started().close(),
  };
}

/**
 * A fresh folder under the system's temporary one for the file's suites, removed after them.
 * Called before `useTestServer`, it is there when the server starts and removed after it closed.
 */
export function useTempDir(prefix: string): { readonly path: string } {
  let dir: string | null = null;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });
  return {
    get path() {
      if (!dir) throw new Error('the temporary folder is made in beforeAll: use it in a hook or a test');
      return dir;
    },
  };
}

export interface Caller {
  /** Cookie header of this caller's session ('' for a guest). */
  cookie: string;
  get(path: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  rpc(name: string, body?: unknown): Promise<LightMyRequestResponse>;
}

export function caller(server: TestServer, cookie = ''): Caller {
  const headers = (): Record<string, string> => (cookie ? { cookie } : {});
  return {
    cookie,
    get: (path, extra = {}) =>
      server.app.inject({ method: 'GET', url: path, headers: { ...headers(), ...extra } }),
    rpc: (name, body = {}) =>
      server.app.inject({
        method: 'POST',
        url: `/api/rpc/${name}`,
        headers: { ...headers(), origin: ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      }),
  };
}

export interface UserSeed {
  username: string;
  password?: string;
  email?: string;
  roles?: string[];
  rating?: number;
  status?: 'inactive' | 'active' | 'banned';
}

/** Inserts an account directly (fast path for tests that are not about sign-up). */
export async function createUser(db: Db, seed: UserSeed): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (username, email, password_hash, roles, rating, status)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      seed.username,
      seed.email ?? `${seed.username.toLowerCase()}@example.com`,
      await hash(seed.password ?? 'secret123'),
      seed.roles ?? [],
      seed.rating ?? 0,
      seed.status ?? 'active',
    ],
  );
  return rows[0]!.id;
}

/** A signed-in caller, with a session created directly in the database. */
export async function signIn(server: TestServer, userId: number): Promise<Caller> {
  const { createSession } = await import('../src/auth/session.ts');
  const { SESSION_COOKIE } = await import('../src/http/cookies.ts');
  const { token } = await createSession(server.db, userId);
  return caller(server, `${SESSION_COOKIE}=${token}`);
}

/** A signed-in person of a suite: their account's id, name and a caller with their session. */
export interface Actor {
  id: number;
  name: string;
  api: Caller;
}

export async function actor(server: TestServer, name: string, rating = 100): Promise<Actor> {
  const id = await createUser(server.db, { username: name, rating });
  return { id, name, api: await signIn(server, id) };
}

/** Publishes through the real post_create call, so every trigger runs as in production. */
export async function publish(
  who: Actor,
  body: string,
  extra: { title?: string; reply?: number; url?: string } = {},
): Promise<number> {
  const response = await who.api.rpc('post_create', { body, files: [], ...extra });
  if (response.statusCode !== 200) throw new Error(`post_create failed: ${response.body}`);
  return (response.json() as { post: number }).post;
}

/** An error body's `details` as the client reads it: without the request id the server appends. */
export function detailsOf(body: unknown): string | null {
  return splitRequestId((body as { details?: string | null }).details).details;
}

/** An error body as the client reads it (`details` without the request id). */
export function errorOf(body: unknown): Record<string, unknown> {
  return { ...(body as Record<string, unknown>), details: detailsOf(body) };
}

/** The rows of a read that must succeed. */
export async function rows<T = Record<string, unknown>>(api: Caller, url: string): Promise<T[]> {
  const response = await api.get(url);
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T[];
}

/**
 * The newest mail in `outbox` (the server's, without SMTP) that is to `to` and that `accept`
 * takes, decoded from quoted-printable (so links read as written) and from UTF-8; waits up to
 * 2 s, since account mails are sent after the answer.
 */
export async function waitForMail(
  outbox: string,
  to: string,
  accept: (mail: string) => boolean = () => true,
): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).sort().reverse();
    } catch {
      // not made yet
    }
    for (const file of files) {
      const raw = readFileSync(path.join(outbox, file), 'latin1')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      const mail = Buffer.from(raw, 'latin1').toString('utf8');
      if (mail.includes(`To: ${to}`) && accept(mail)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no such mail to ${to}`);
}

let beaconAddress = 0;
/**
 * A release health report posted as the shell's `sendBeacon` does (text/plain, from the site),
 * each from an address of its own, as from many visitors: the per-address limit is not what the
 * tests that send many are about. A string is sent as it is (malformed reports).
 */
export function sendHealthBeacon(app: FastifyInstance, report: unknown) {
  beaconAddress++;
  return app.inject({
    method: 'POST',
    url: '/api/release-health',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      origin: ORIGIN,
      'x-forwarded-for': `10.${(beaconAddress >> 16) & 255}.${(beaconAddress >> 8) & 255}.${beaconAddress & 255}`,
    },
    payload: typeof report === 'string' ? report : JSON.stringify(report),
  });
}
