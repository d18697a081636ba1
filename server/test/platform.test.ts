/**
 * Platform behaviour every area relies on: the back end in use, the Origin check on cookie
 * writes, the default rate limit of every call, and how the shell is served (the remotes'
 * releases have their own suite: releases.test.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DEFAULT_RPC_RATE_LIMIT } from '../src/http/rateLimits.ts';
import { caller, createUser, ORIGIN, signIn, useTempDir, useTestServer } from './harness.ts';

const tmp = useTempDir('gwar-platform-');
const server = useTestServer(() => {
  const apps = path.join(tmp.path, 'apps');
  mkdirSync(path.join(apps, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    path.join(apps, 'shell', 'dist', 'index.html'),
    '<!doctype html><html lang="pl" data-theme="dark"><head><title>Gwar</title></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(tmp.path, 'data'), { recursive: true });
  return { APPS_DIR: apps, DATA_DIR: path.join(tmp.path, 'data') };
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
  it('stops one account after the default share per minute and not the others (R-7.6)', async () => {
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

describe('front end', () => {
  it('R-2.1 answers every route of the table with the shell and other paths with the shell and 404', async () => {
    for (const route of [
      '/',
      '/microblog',
      '/post/12',
      '/tag/polska',
      '/tag',
      '/user/demo',
      '/draft/3',
      '/terms',
      '/z/12',
      '/admin/releases',
    ]) {
      const response = await caller(server).get(route);
      expect(response.statusCode, route).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('private, no-cache');
    }
    for (const route of ['/no/such/page', '/draft', '/post/1/2', '/admin', '/termsx']) {
      expect((await caller(server).get(route)).statusCode, route).toBe(404);
    }
    expect((await caller(server).get('/no/such/page')).headers['content-type']).toContain('text/html');
  });

  it('puts the theme into the HTML before any script runs', async () => {
    const response = await caller(server).get('/', { cookie: 'gwar_theme=light' });
    expect(response.body).toContain('data-theme="light"');
    const bogus = await caller(server).get('/', { cookie: 'gwar_theme="><script>' });
    expect(bogus.body).toContain('data-theme="dark"');
  });

  it('tells the shell a visitor without a session cookie is a guest, and nobody else', async () => {
    const GUEST = '<script id="gwar-session" type="application/json">null</script>';
    const guest = await server.app.inject({ method: 'GET', url: '/' });
    expect(guest.body).toContain(GUEST);
    const user = await signIn(server, await createUser(server.db, { username: 'page_user' }));
    const signedIn = await server.app.inject({ method: 'GET', url: '/', headers: { cookie: user.cookie } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).not.toContain('gwar-session');
    // An expired or forged cookie is not a guest's word either: the shell asks the API.
    const stale = await server.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: 'gwar_session=forged' },
    });
    expect(stale.body).not.toContain('gwar-session');
  });

  it('answers unknown API paths and missing assets in JSON, never with the shell', async () => {
    const api = await caller(server).get('/api/nothing_here');
    expect(api.statusCode).toBe(404);
    expect(Object.keys(api.json()).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect((await caller(server).get('/app/missing.js')).statusCode).toBe(404);
  });
});
