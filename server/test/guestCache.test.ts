/**
 * The guests' feed cache through the app: guests share a page for GUEST_CACHE_MS, signed-in
 * readers never see a cached page, and a bad request is still a 400.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, actor, caller, publish, rows, useTestServer } from './harness.ts';

// A long time, so the test cannot race the clock (production: 1000 ms).
const server = useTestServer({ GUEST_CACHE_MS: '60000', RATE_LIMITS: '0' });
let ala: Actor;

beforeAll(async () => {
  ala = await actor(server, 'ala');
});

describe('guest feed cache', () => {
  it('shares a guest page, never a signed-in one', async () => {
    const guest = caller(server);
    const first = await publish(ala, 'Pierwszy wpis w mikroblogu');
    const path = '/api/feed?kind=eq.micro&order=post.desc';
    expect((await rows<{ post: number }>(guest, path)).map((r) => r.post)).toEqual([first]);
    const second = await publish(ala, 'Drugi wpis w mikroblogu');
    // the guest page is the cached one; a signed-in reader, another page or a count is fresh
    expect((await rows<{ post: number }>(guest, path)).map((r) => r.post)).toEqual([first]);
    expect((await rows<{ post: number }>(ala.api, path)).map((r) => r.post)).toEqual([second, first]);
    expect((await rows<{ post: number }>(guest, `${path}&limit=5`)).map((r) => r.post)).toEqual([
      second,
      first,
    ]);
    const counted = await guest.get(path, { prefer: 'count=exact' });
    expect(counted.headers['content-range']).toBe('0-1/2');
    const bad = await guest.get('/api/feed?nope=eq.1');
    expect(bad.statusCode).toBe(400);
  });

  it('sends a shared page compressed once for every guest, brotli first, plain to a client that takes neither', async () => {
    for (let i = 0; i < 30; i++) await publish(ala, `Wpis numer ${i} na stronę, którą wszyscy czytają naraz`);
    const path = '/api/feed?kind=eq.micro&order=post.desc&limit=30';
    const guest = caller(server);
    const first = await guest.get(path, { 'accept-encoding': 'gzip' });
    const second = await guest.get(path, { 'accept-encoding': 'deflate, gzip' });
    for (const answer of [first, second]) {
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(answer.headers['content-range']).toBe('0-29/*');
    }
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const rows = JSON.parse(gunzipSync(first.rawPayload).toString()) as { post: number }[];
    expect(rows).toHaveLength(30);
    // A browser's header: the brotli body, made once too.
    const [br, brAgain] = [
      await guest.get(path, { 'accept-encoding': 'gzip, deflate, br, zstd' }),
      await guest.get(path, { 'accept-encoding': 'br' }),
    ];
    expect(br.headers['content-encoding']).toBe('br');
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(rows);
    const plain = await guest.get(path, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((plain.json() as { post: number }[]).map((r) => r.post)).toEqual(rows.map((r) => r.post));
  });
});
