/**
 * Compression as a client sees it: built assets come as the brotli or gzip copy stored beside
 * them when the client accepts it (and as they are when not), API answers over 1 KiB are
 * compressed on the fly when asked, never when not, and every variant says Vary: Accept-Encoding.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { actor, caller, publish, useTempDir, useTestServer } from './harness.ts';

const SCRIPT = `console.log(${JSON.stringify('Gwar '.repeat(2000))});\n`;
const CHUNK = 'main.0123456789.js';

function writeApp(dir: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, CHUNK), SCRIPT);
  writeFileSync(path.join(dir, `${CHUNK}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, `${CHUNK}.gz`), gzipSync(SCRIPT));
  const manifest = JSON.stringify({ id: 'x', metaData: { padding: 'm'.repeat(2000) } });
  writeFileSync(path.join(dir, 'mf-manifest.json'), manifest);
  writeFileSync(path.join(dir, 'mf-manifest.json.br'), brotliCompressSync(manifest));
  writeFileSync(path.join(dir, 'mf-manifest.json.gz'), gzipSync(manifest));
  // Too small to be worth a copy: the build writes none.
  writeFileSync(path.join(dir, 'small.0123456789.js'), 'export {};\n');
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="pl" data-theme="dark"><head><title>Gwar</title></head><body>${'<p>Gwar</p>'.repeat(200)}</body></html>`,
  );
}

const appsDir = useTempDir('gwar-apps-');
const server = useTestServer(() => {
  writeApp(path.join(appsDir.path, 'shell', 'dist'));
  // The guests' cache on (the harness turns it off): its shared pages are compressed once.
  return { APPS_DIR: appsDir.path, GUEST_CACHE_MS: '60000' };
});

beforeAll(async () => {
  const ala = await actor(server, 'ala');
  for (let i = 0; i < 12; i++)
    await publish(ala, `Wpis numer ${i} o tym, jak Gwar kompresuje odpowiedzi API.`);
});

describe('precompressed assets', () => {
  // Remotes' releases are compressed at publication and tested in releases.test.ts.
  for (const prefix of ['/app/']) {
    it(`${prefix}: brotli when accepted, gzip when only gzip is, the file itself otherwise`, async () => {
      const guest = caller(server);
      const br = await guest.get(`${prefix}${CHUNK}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['content-type']).toMatch(/^text\/javascript/);
      expect(br.headers['cache-control']).toContain('immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

      const gz = await guest.get(`${prefix}${CHUNK}`, { 'accept-encoding': 'gzip, br;q=0' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

      const plain = await guest.get(`${prefix}${CHUNK}`, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(SCRIPT);
      const none = await guest.get(`${prefix}${CHUNK}`);
      expect(none.headers['content-encoding']).toBeUndefined();
      expect(none.body).toBe(SCRIPT);
    });
  }

  it('answers a revalidation of a manifest with 304 and a missing file with 404', async () => {
    const guest = caller(server);
    const first = await guest.get('/app/mf-manifest.json', { 'accept-encoding': 'br' });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await guest.get('/app/mf-manifest.json', {
      'accept-encoding': 'br',
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    // another encoding is another representation: never a 304 for the brotli tag
    const gz = await guest.get('/app/mf-manifest.json', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gz.statusCode).toBe(200);
    // an immutable file carries no validators: it is never revalidated
    expect((await guest.get(`/app/${CHUNK}`)).headers.etag).toBeUndefined();
    expect((await guest.get('/app/nope.js', { 'accept-encoding': 'br' })).statusCode).toBe(404);
    expect((await guest.get('/app/..%2F..%2Fpackage.json')).statusCode).toBe(404);
  });

  it('sends a small file with no copy as it is', async () => {
    const small = await caller(server).get('/app/small.0123456789.js', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export {};\n');
  });
});

describe('API answers and pages compressed on the fly', () => {
  const FEED = '/api/feed?order=post.desc&limit=20';

  it('compresses a feed page over 1 KiB when asked, never when not', async () => {
    const guest = caller(server);
    const plain = await guest.get(FEED);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const rows = plain.json() as unknown[];
    expect(rows).toHaveLength(12);

    // A browser's header, for one reader's page: gzip, the cheaper of the two at the sizes we
    // send (compression.ts).
    const reader = (await actor(server, 'czytelnik')).api;
    const gz = await reader.get(FEED, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gz.rawPayload.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toHaveLength(12);

    // The same header for the page every guest shares: brotli, made once (read/guestCache.ts).
    const shared = await guest.get(FEED, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(shared.headers['content-encoding']).toBe('br');
    expect(shared.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(shared.rawPayload).toString())).toEqual(rows);

    const gzOnly = await guest.get(FEED, { 'accept-encoding': 'gzip' });
    expect(gzOnly.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzOnly.rawPayload).toString())).toEqual(rows);
  });

  it('leaves answers under 1 KiB alone', async () => {
    const small = await caller(server).get('/api/feed?limit=1', { 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it("compresses the shell's HTML when asked", async () => {
    const page = await caller(server).get('/microblog', { 'accept-encoding': 'br' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<p>Gwar</p>');
  });

  it("sends the shell's page in brotli when a browser offers both, gzip when it offers gzip", async () => {
    const guest = caller(server);
    const page = await guest.get('/', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<p>Gwar</p>');
    const gz = await guest.get('/', { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<p>Gwar</p>');
  });
});
