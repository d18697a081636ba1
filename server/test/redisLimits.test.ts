/**
 * Rate limits shared by several API nodes through Redis (REDIS_URL): against a real
 * redis-server started here, two nodes together allow a limit once, not once each; without
 * Redis each node counts alone. When Redis dies, limits fail open (requests go on, quickly) and
 * are counted again once it is back, without a restart.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/postgres.mjs';
import { buildApp } from '../src/app.ts';
import { ORIGIN, startTestServer, type TestServer } from './harness.ts';

const REDIS = '/usr/bin/redis-server';
let redis: ChildProcess | null = null;
let port = 0;

async function startRedis(): Promise<void> {
  redis = spawn(REDIS, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('redis-server did not start');
}

async function stopRedis(): Promise<void> {
  if (!redis) return;
  const exited = new Promise((resolve) => redis!.once('exit', resolve));
  redis.kill('SIGKILL');
  await exited;
  redis = null;
}

describe.runIf(existsSync(REDIS))('rate limits across nodes', () => {
  let server: TestServer;
  const nodes: FastifyInstance[] = [];

  beforeAll(async () => {
    port = await freePort(56320);
    await startRedis();
    server = await startTestServer({ REDIS_URL: `redis://127.0.0.1:${port}` });
    nodes.push(server.app, await buildApp(server.app.config, server.db));
    await nodes[1]!.ready();
  });

  afterAll(async () => {
    await nodes[1]?.close();
    await server?.close();
    await stopRedis();
  });

  // user_login allows 10 a minute per address (rpc/user/login.ts); each try names another
  // account, so the per-account throttle in PostgreSQL (5 failures) stays out of the way.
  let tries = 0;
  const login = (node: FastifyInstance, ip: string) =>
    node.inject({
      method: 'POST',
      url: '/api/rpc/user_login',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': ip },
      payload: JSON.stringify({ username: `nobody_${tries++}`, password: 'wrong-password' }),
    });

  it('counts one limit across two nodes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(nodes[i % 2]!, '203.0.113.7')).statusCode);
    expect(statuses.every((status) => status !== 429)).toBe(true);
    expect((await login(nodes[0]!, '203.0.113.7')).statusCode).toBe(429);
    expect((await login(nodes[1]!, '203.0.113.7')).statusCode).toBe(429);
    // Another address has its own count.
    expect((await login(nodes[1]!, '203.0.113.8')).statusCode).not.toBe(429);
  });

  it('without Redis, each node counts alone (the limit per node)', async () => {
    const alone = [
      await buildApp({ ...server.app.config, redisUrl: null }, server.db),
      await buildApp({ ...server.app.config, redisUrl: null }, server.db),
    ];
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await login(alone[i % 2]!, '203.0.113.9')).statusCode);
      expect(statuses.filter((status) => status === 429)).toEqual([]);
      expect((await login(alone[0]!, '203.0.113.9')).statusCode).toBe(429);
    } finally {
      await Promise.all(alone.map((app) => app.close()));
    }
  });

  it('fails open while Redis is down, quickly, and counts again when it is back', async () => {
    await stopRedis();
    const started = Date.now();
    for (let i = 0; i < 12; i++) expect((await login(nodes[0]!, '203.0.113.10')).statusCode).not.toBe(429);
    expect(Date.now() - started).toBeLessThan(10_000);
    await startRedis();
    // ioredis reconnects by itself.
    let limited = false;
    for (let i = 0; i < 60 && !limited; i++) {
      limited = (await login(nodes[i % 2]!, '203.0.113.11')).statusCode === 429;
      if (!limited && i >= 11) await new Promise((r) => setTimeout(r, 250));
    }
    expect(limited).toBe(true);
  }, 60_000);
});
