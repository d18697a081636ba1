import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GuestCache } from './guestCache.ts';
import { sharedCompressed } from './sharedAnswers.ts';

const answer = (json: string) => ({ json, count: 1, offset: 0, total: null });

describe('GuestCache', () => {
  it('serves one build per key for ttlMs, then builds again', async () => {
    let now = 0;
    let builds = 0;
    const cache = new GuestCache({ ttlMs: 1000, maxEntries: 10, maxAnswer: 1000, now: () => now });
    const build = async () => answer(`[${++builds}]`);
    const [a, b] = await Promise.all([cache.read('home', build), cache.read('home', build)]);
    expect([a.json.toString(), b.json.toString()]).toEqual(['[1]', '[1]']);
    // Kept as bytes: encoded once, not once for every guest it is sent to.
    expect(Buffer.isBuffer(a.json)).toBe(true);
    now = 1000;
    expect((await cache.read('home', build)).json.toString()).toBe('[1]');
    now = 1001;
    expect((await cache.read('home', build)).json.toString()).toBe('[2]');
    expect((await cache.read('other', build)).json.toString()).toBe('[3]');
  });

  it('keeps no errors, no oversized answers and no more than maxEntries', async () => {
    const cache = new GuestCache({ ttlMs: 1000, maxEntries: 2, maxAnswer: 5, now: () => 0 });
    await expect(cache.read('bad', async () => Promise.reject(new Error('400')))).rejects.toThrow('400');
    expect((await cache.read('bad', async () => answer('[ok]'))).json.toString()).toBe('[ok]');
    await cache.read('big', async () => answer('[1,2,3,4]'));
    expect((await cache.read('big', async () => answer('[new]'))).json.toString()).toBe('[new]');
    await cache.read('c', async () => answer('[c]'));
    await cache.read('d', async () => answer('[d]'));
    // 'bad' was the oldest of three: built again
    expect((await cache.read('bad', async () => answer('[again]'))).json.toString()).toBe('[again]');
  });
});

describe('the compressed bodies of a shared page', () => {
  it('are made once per encoding for every guest who gets the page, and never for one reader', async () => {
    const cache = new GuestCache({ ttlMs: 60_000, maxEntries: 10, maxAnswer: 1_000_000 });
    const page = {
      json: JSON.stringify(Array.from({ length: 50 }, (_, post) => ({ post }))),
      count: 50,
      offset: 0,
      total: null,
    };
    const answer = await cache.read('feed', async () => page);
    const again = await cache.read('feed', async () => ({ ...page }));
    expect(again).toBe(answer);
    const gzipped = sharedCompressed(answer, 'gzip');
    const brotli = sharedCompressed(answer, 'br');
    expect(sharedCompressed(again, 'gzip')).toBe(gzipped);
    expect(sharedCompressed(again, 'br')).toBe(brotli);
    expect(JSON.parse(gunzipSync(await gzipped!).toString())).toHaveLength(50);
    expect(JSON.parse(brotliDecompressSync(await brotli!).toString())).toHaveLength(50);
    expect(sharedCompressed({ ...page }, 'gzip')).toBeNull();
    expect(sharedCompressed({ ...page }, 'br')).toBeNull();
  });
});
