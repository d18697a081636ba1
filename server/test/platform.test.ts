/**
 * Platform behaviour every area relies on: the back end in use, the Origin check on cookie
 * writes, the default rate limit of every call, the remote registry (canary share, sticky
 * cohort cookie, re-read on change) with the operator commands that edit it, and how the
 * built front end is served.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, DEFAULT_RPC_RATE_LIMIT } from '../src/app.ts';
import { promoteRemote, publishRemote, rollbackRemote, setCanary } from '../src/demo/remotes.ts';
import { COHORT_COOKIE } from '../src/remotes/registry.ts';
import { caller, createUser, ORIGIN, signIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let tmp: string;
let remotesFile: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'gwar-platform-'));
  const apps = path.join(tmp, 'apps');
  mkdirSync(path.join(apps, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    path.join(apps, 'shell', 'dist', 'index.html'),
    '<!doctype html><html lang="pl" data-theme="dark"><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(apps, 'mf-chat', 'dist'), { recursive: true });
  writeFileSync(path.join(apps, 'mf-chat', 'dist', 'mf-manifest.json'), '{"id":"mf_chat"}');
  writeFileSync(path.join(apps, 'mf-chat', 'dist', 'remoteEntry.0123456789.js'), 'self.x = 1;');
  mkdirSync(path.join(tmp, 'data'), { recursive: true });
  remotesFile = path.join(tmp, 'data', 'remotes.json');
  server = await startTestServer({
    APPS_DIR: apps,
    DATA_DIR: path.join(tmp, 'data'),
    REMOTES_FILE: remotesFile,
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('back end', () => {
  it('runs on the database the test run asked for', () => {
    console.info(`platform integration tests run on: ${server.kind}`);
    expect(server.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });
});

describe('Origin check on cookie writes', () => {
  const write = (cookie: string, headers: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: '/api/rpc/user_check',
      headers: { cookie, 'content-type': 'application/json', ...headers },
      payload: '{}',
    });

  it('refuses a signed-in write from a foreign origin or without any origin', async () => {
    const user = await signIn(server, await createUser(server.db, { username: 'origin_user' }));
    const foreign = await write(user.cookie, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ message: 'ORIGIN NOT ALLOWED' });
    expect((await write(user.cookie, {})).statusCode).toBe(403);
    expect((await write(user.cookie, { referer: 'https://evil.example/page' })).statusCode).toBe(403);
  });

  it('accepts the site itself, by Origin or by Referer', async () => {
    const user = await signIn(server, await createUser(server.db, { username: 'origin_ok' }));
    expect((await write(user.cookie, { origin: ORIGIN })).statusCode).toBe(200);
    expect((await write(user.cookie, { referer: `${ORIGIN}/settings` })).statusCode).toBe(200);
  });

  it('does not apply to reads', async () => {
    const user = await signIn(server, await createUser(server.db, { username: 'origin_read' }));
    const read = await server.app.inject({
      method: 'GET',
      url: '/api/users?select=user',
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
  });
});

describe('default rate limit of every call', () => {
  it('stops one account after the default share per minute and not the others', async () => {
    const flooder = await signIn(server, await createUser(server.db, { username: 'flooder' }));
    const other = await signIn(server, await createUser(server.db, { username: 'patient' }));
    const statuses: number[] = [];
    for (let i = 0; i <= DEFAULT_RPC_RATE_LIMIT.max; i++)
      statuses.push((await flooder.rpc('user_check')).statusCode);
    expect(statuses.slice(0, DEFAULT_RPC_RATE_LIMIT.max).every((status) => status === 200)).toBe(true);
    const limited = await flooder.rpc('user_check');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: 'TOO MANY REQUESTS' });
    expect((await other.rpc('user_check')).statusCode).toBe(200);
  });

  it('is off with RATE_LIMITS=0 (benchmarks)', async () => {
    const app = await buildApp({ ...server.app.config, rateLimits: false }, server.db);
    try {
      const id = await createUser(server.db, { username: 'bencher' });
      const user = await signIn({ ...server, app }, id);
      let last = 0;
      for (let i = 0; i <= DEFAULT_RPC_RATE_LIMIT.max + 5; i++)
        last = (await user.rpc('user_check')).statusCode;
      expect(last).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('remote registry', () => {
  const registry = async (cookie?: string) => {
    const response = await caller(server, cookie ? `${COHORT_COOKIE}=${cookie}` : '').get('/remotes.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return {
      response,
      body: response.json() as {
        cohort: number;
        remotes: { name: string; entry: string; channel: string }[];
      },
    };
  };
  const feedOf = (body: { remotes: { name: string; entry: string; channel: string }[] }) =>
    body.remotes.find((remote) => remote.name === 'mf_feed');
  /** A new file with a later modification time (so a write within one clock tick is still seen). */
  let tick = Date.now() / 1000;
  const writeRegistry = (content: string) => {
    writeFileSync(remotesFile, content);
    tick += 10;
    utimesSync(remotesFile, tick, tick);
  };

  it('lists every remote with its stable manifest by default', async () => {
    const { body } = await registry('42');
    expect(body.remotes.map((remote) => remote.name).sort()).toEqual([
      'mf_account',
      'mf_chat',
      'mf_feed',
      'mf_moderation',
      'mf_post',
    ]);
    expect(feedOf(body)).toEqual({
      name: 'mf_feed',
      entry: '/mf/mf-feed/mf-manifest.json',
      channel: 'stable',
    });
  });

  it('puts a new visitor in a sticky cohort', async () => {
    const { response, body } = await registry();
    const cookie = response.cookies.find((c) => c.name === COHORT_COOKIE);
    expect(cookie?.value).toBe(String(body.cohort));
    expect(body.cohort).toBeGreaterThanOrEqual(0);
    expect(body.cohort).toBeLessThan(100);
    expect(cookie?.maxAge).toBeGreaterThan(86_400 * 300);
    const again = await registry(cookie!.value);
    expect(again.body.cohort).toBe(body.cohort);
    expect(again.response.cookies.find((c) => c.name === COHORT_COOKIE)).toBeUndefined();
    const tampered = await registry('abc');
    expect(tampered.response.cookies.find((c) => c.name === COHORT_COOKIE)).toBeDefined();
  });

  it('sends cohorts below the canary percentage to the canary, and re-reads the file on change', async () => {
    writeRegistry(
      JSON.stringify({
        remotes: {
          mf_feed: {
            stable: '/mf/mf-feed/mf-manifest.json',
            canary: { manifest: '/mf/mf-feed@2/mf-manifest.json', percent: 30 },
          },
        },
      }),
    );
    expect(feedOf((await registry('0')).body)).toMatchObject({
      channel: 'canary',
      entry: '/mf/mf-feed@2/mf-manifest.json',
    });
    expect(feedOf((await registry('29')).body)?.channel).toBe('canary');
    expect(feedOf((await registry('30')).body)).toMatchObject({
      channel: 'stable',
      entry: '/mf/mf-feed/mf-manifest.json',
    });

    writeRegistry(
      JSON.stringify({
        remotes: {
          mf_feed: {
            stable: '/mf/mf-feed/mf-manifest.json',
            canary: { manifest: '/mf/mf-feed@2/mf-manifest.json', percent: 0 },
          },
        },
      }),
    );
    expect(feedOf((await registry('0')).body)?.channel).toBe('stable');
  });

  it('keeps the last good registry when the file is broken', async () => {
    writeRegistry(JSON.stringify({ remotes: { mf_feed: { stable: '/mf/mf-feed@3/mf-manifest.json' } } }));
    expect(feedOf((await registry('5')).body)?.entry).toBe('/mf/mf-feed@3/mf-manifest.json');
    writeRegistry('{ not json');
    expect(feedOf((await registry('5')).body)?.entry).toBe('/mf/mf-feed@3/mf-manifest.json');
    writeRegistry(
      JSON.stringify({
        remotes: {
          mf_feed: { stable: '/mf/mf-feed/mf-manifest.json', canary: { manifest: 'x', percent: 101 } },
        },
      }),
    );
    expect(feedOf((await registry('5')).body)?.entry).toBe('/mf/mf-feed@3/mf-manifest.json');
    rmSync(remotesFile);
    expect(feedOf((await registry('5')).body)?.entry).toBe('/mf/mf-feed/mf-manifest.json');
  });
});

describe('publishing a remote (pnpm gwar remote:*)', () => {
  const chatOf = async (cohort: string) => {
    const body = (await caller(server, `${COHORT_COOKIE}=${cohort}`).get('/remotes.json')).json() as {
      remotes: { name: string; entry: string; channel: string }[];
    };
    return body.remotes.find((remote) => remote.name === 'mf_chat');
  };

  it('publishes an immutable version served under /mf/<app>@<version>/', async () => {
    const config = server.app.config;
    expect(publishRemote(config, 'mf-chat', '1.2.0')).toBe('/mf/mf-chat@1.2.0/mf-manifest.json');
    expect(() => publishRemote(config, 'mf-chat', '1.2.0')).toThrow(/immutable/);
    expect(() => publishRemote(config, 'mf-chat', '../x')).toThrow(/version/);
    expect(() => publishRemote(config, 'mf-nope', '1')).toThrow(/unknown remote/);

    const manifest = await caller(server).get('/mf/mf-chat@1.2.0/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    const chunk = await caller(server).get('/mf/mf-chat@1.2.0/remoteEntry.0123456789.js');
    expect(chunk.headers['cache-control']).toContain('immutable');
    expect((await caller(server).get('/mf/mf-chat@1.2.0/..%2F..%2Fremotes.json')).statusCode).toBe(404);
    expect((await caller(server).get('/mf/mf-chat@9.9.9/mf-manifest.json')).statusCode).toBe(404);
  });

  it('runs a canary, promotes it and rolls back', async () => {
    const config = server.app.config;
    expect(() => setCanary(config, 'mf-chat', '7.0.0', 10)).toThrow(/not published/);
    expect(() => setCanary(config, 'mf-chat', '1.2.0', 101)).toThrow(/percent/);
    setCanary(config, 'mf_chat', '1.2.0', 25);
    expect(await chatOf('24')).toMatchObject({
      channel: 'canary',
      entry: '/mf/mf-chat@1.2.0/mf-manifest.json',
    });
    expect(await chatOf('25')).toMatchObject({ channel: 'stable', entry: '/mf/mf-chat/mf-manifest.json' });

    expect(rollbackRemote(config, 'mf-chat').action).toMatch(/canary .* removed/);
    expect((await chatOf('0'))?.channel).toBe('stable');

    promoteRemote(config, 'mf-chat', '1.2.0');
    expect(await chatOf('99')).toMatchObject({
      channel: 'stable',
      entry: '/mf/mf-chat@1.2.0/mf-manifest.json',
    });
    rollbackRemote(config, 'mf-chat');
    expect((await chatOf('99'))?.entry).toBe('/mf/mf-chat/mf-manifest.json');
  });
});

describe('front end', () => {
  it('answers every spec route with the shell and other paths with the shell and 404', async () => {
    for (const route of ['/', '/microblog', '/post/12', '/tag/polska', '/user/demo', '/draft/3', '/terms']) {
      const response = await caller(server).get(route);
      expect(response.statusCode, route).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    expect((await caller(server).get('/no/such/page')).statusCode).toBe(404);
    expect((await caller(server).get('/no/such/page')).headers['content-type']).toContain('text/html');
  });

  it('puts the theme into the HTML before any script runs', async () => {
    const response = await caller(server).get('/', { cookie: 'gwar_theme=light' });
    expect(response.body).toContain('data-theme="light"');
    const bogus = await caller(server).get('/', { cookie: 'gwar_theme="><script>' });
    expect(bogus.body).toContain('data-theme="dark"');
  });

  it('answers unknown API paths and missing assets in JSON, never with the shell', async () => {
    const api = await caller(server).get('/api/nothing_here');
    expect(api.statusCode).toBe(404);
    expect(Object.keys(api.json()).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect((await caller(server).get('/app/missing.js')).statusCode).toBe(404);
  });
});
