/**
 * Uploads and releases in S3-compatible object storage (FILES_S3_*), against a real local S3
 * server (s3rver, an npm package implementing the S3 API), never a mock of the SDK: a file
 * uploaded through one node is served by another with its type, CSP and byte ranges; a release
 * is stored and served from the bucket. With the store down, uploads are refused with FILE
 * UPLOAD FAILED while pages (and release files already read) are still served, and it all works
 * again when the store is back, without a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createReleaseToken } from '../src/releases/tokens.ts';
import { CHAT_EXPOSES, remoteBuild, tarball, writeShellBuild } from './fixtures/remoteBuild.ts';
import { type Caller, createUser, signIn, startTestServer, type TestServer } from './harness.ts';

const BUCKET = 'gwar-test';
let s3: S3rver;
let s3Port = 0;
let server: TestServer;
let secondNode: FastifyInstance;
let tmp: string;
let writer: Caller;
let uploadedFile: string;

async function startS3(port = 0): Promise<number> {
  s3 = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(tmp, 's3'),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = await s3.run();
  return (address as { port: number }).port;
}

async function stopS3(): Promise<void> {
  const http = (s3 as unknown as { httpServer: Server }).httpServer;
  http.closeAllConnections();
  await s3.close();
}

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'gwar-s3-'));
  s3Port = await startS3();
  writeShellBuild(path.join(tmp, 'apps'));
  server = await startTestServer({
    APPS_DIR: path.join(tmp, 'apps'),
    FILES_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    FILES_S3_BUCKET: BUCKET,
    FILES_S3_ACCESS_KEY_ID: 'S3RVER',
    FILES_S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  // Another API node: same database, same bucket, its own (empty) data folder.
  secondNode = await buildApp({ ...server.app.config, dataDir: path.join(tmp, 'node2') }, server.db);
  await secondNode.ready();
  writer = await signIn(server, await createUser(server.db, { username: 's3_writer', rating: 100 }));
});

afterAll(async () => {
  await secondNode?.close();
  await server?.close();
  await stopS3().catch(() => undefined);
  rmSync(tmp, { recursive: true, force: true });
});

const png = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#0a6' } })
    .png()
    .toBuffer();

describe('object storage', () => {
  it('serves a file uploaded through one node from another, with its type, CSP and ranges', async () => {
    const uploaded = await writer.rpc('file_create', { data: (await png()).toString('base64') });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { file } = uploaded.json() as { file: string };
    uploadedFile = file;
    const whole = await secondNode.inject({ method: 'GET', url: `/files/${file}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['content-security-policy']).toContain('sandbox');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect((await sharp(whole.rawPayload).metadata()).width).toBe(40);

    const part = await secondNode.inject({
      method: 'GET',
      url: `/files/${file}`,
      headers: { range: 'bytes=0-7' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 8))).toBe(true);
    const tail = await secondNode.inject({
      method: 'GET',
      url: `/files/${file}`,
      headers: { range: 'bytes=-4' },
    });
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(-4))).toBe(true);
    const past = await secondNode.inject({
      method: 'GET',
      url: `/files/${file}`,
      headers: { range: `bytes=${whole.rawPayload.length}-` },
    });
    expect(past.statusCode).toBe(416);
    const other = file.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    expect((await secondNode.inject({ method: 'GET', url: `/files/${other}` })).statusCode).toBe(404);
  });

  it('keeps releases in the bucket, served by every node', async () => {
    const { token } = await createReleaseToken(server.db, {
      name: 's3 chat',
      remotes: ['mf-chat'],
      createdBy: null,
    });
    const put = await server.app.inject({
      method: 'PUT',
      url: '/api/releases/mf-chat/7.0.0',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' },
      payload: await tarball(remoteBuild('mf_chat', { exposes: CHAT_EXPOSES, text: 's3' })),
    });
    expect(put.statusCode, put.body).toBe(201);
    const manifest = await secondNode.inject({ method: 'GET', url: '/mf/mf-chat@7.0.0/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toMatchObject({ name: 'mf_chat' });
  });

  it('refuses uploads while the store is down, keeps serving pages, and recovers without a restart', async () => {
    // A release file read before the outage is still served from the node's cache.
    await secondNode.inject({ method: 'GET', url: '/mf/mf-chat@7.0.0/mf-manifest.json' });
    await stopS3();
    const started = Date.now();
    const refused = await writer.rpc('file_create', { data: (await png()).toString('base64') });
    const waited = Date.now() - started;
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ message: 'FILE UPLOAD FAILED' });
    expect(waited).toBeLessThan(15_000);
    expect((await writer.get('/api/feed?limit=5')).statusCode).toBe(200);
    expect(
      (await secondNode.inject({ method: 'GET', url: '/mf/mf-chat@7.0.0/mf-manifest.json' })).statusCode,
    ).toBe(200);
    const missing = await secondNode.inject({ method: 'GET', url: `/files/${uploadedFile}` });
    expect(missing.statusCode).toBe(503);
    expect(missing.json()).toMatchObject({ message: 'FILE NOT AVAILABLE' });

    await startS3(s3Port);
    const again = await writer.rpc('file_create', { data: (await png()).toString('base64') });
    expect(again.statusCode, again.body).toBe(200);
    expect((await secondNode.inject({ method: 'GET', url: `/files/${uploadedFile}` })).statusCode).toBe(200);
  }, 60_000);
});
