import { PATTERNS } from 'shared-api/validation';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createUser, signIn, useTestServer } from './harness.ts';

const server = useTestServer();
let writer: Caller;
let veteran: Caller;
let newbie: Caller;

const GPS = {
  IFD0: { Copyright: 'camera owner' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '50/1 3/1 0/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '19/1 56/1 0/1',
  },
};
const canvas = () => sharp({ create: { width: 16, height: 8, channels: 3, background: '#c00000' } });

beforeAll(async () => {
  writer = await signIn(server, await createUser(server.db, { username: 'writer', rating: 25 }));
  veteran = await signIn(server, await createUser(server.db, { username: 'veteran', rating: 1000 }));
  newbie = await signIn(server, await createUser(server.db, { username: 'newbie', rating: 24 }));
});

async function upload(who: Caller, bytes: Buffer, prefix = '') {
  return who.rpc('file_create', { data: prefix + bytes.toString('base64') });
}

async function served(file: string) {
  const res = await server.app.inject({ method: 'GET', url: `/files/${file}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toBe(
    "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  );
  expect(res.headers['cache-control']).toContain('immutable');
  return res;
}

describe('file_create', () => {
  it('strips EXIF (GPS) from PNG and JPEG and serves them with their type (R-7.3)', async () => {
    for (const [format, mime] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
    ] as const) {
      const original = await canvas()[format]().withExif(GPS).toBuffer();
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const res = await upload(writer, original, `data:${mime};base64,`);
      expect(res.statusCode, res.body).toBe(200);
      const { file, cdn } = res.json();
      expect(cdn).toBe('');
      expect(file).toMatch(PATTERNS.fileName);
      const got = await served(file);
      expect(got.headers['content-type']).toBe(mime);
      const meta = await sharp(got.rawPayload).metadata();
      expect(meta.format).toBe(format);
      expect(meta.exif).toBeUndefined();
      expect(got.rawPayload.includes(Buffer.from('camera owner'))).toBe(false);
      expect([meta.width, meta.height]).toEqual([16, 8]);
    }
  });

  it('re-encodes TIFF to PNG and keeps WebP', async () => {
    const tiff = await upload(writer, await canvas().tiff().toBuffer());
    expect(tiff.json().file).toMatch(/\.png$/);
    expect((await served(tiff.json().file)).headers['content-type']).toBe('image/png');
    const webp = await upload(writer, await canvas().webp().toBuffer());
    expect(webp.json().file).toMatch(/\.webp$/);
  });

  it('serves an SVG with nothing that runs', async () => {
    const svg = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)" width="10" height="10">
  <script>alert(2)</script><foreignObject><div xmlns="http://www.w3.org/1999/xhtml" onclick="alert(3)">x</div></foreignObject>
  <image href="https://evil.example/track.png"/><a xlink:href="javascript:alert(4)"><rect width="5" height="5" onmouseover="alert(5)"/></a>
</svg>`;
    const res = await upload(writer, Buffer.from(svg));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().file).toMatch(/\.svg$/);
    const got = await served(res.json().file);
    expect(got.headers['content-type']).toBe('image/svg+xml');
    expect(got.body).toContain('<rect');
    expect(got.body).not.toMatch(/script|onload|onclick|onmouseover|foreignObject|evil\.example|javascript/i);
  });

  it('refuses what is not an image, whatever its name says', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    for (const res of [
      await upload(writer, html, 'data:image/png;base64,'),
      await upload(veteran, Buffer.from('GIF89a is not enough')),
      await upload(writer, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])),
      await writer.rpc('file_create', { data: 'not base64 at all!' }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('INPROPER FILE');
    }
  });

  it('gates uploads on rating: 25 for images, 1000 for GIF (R-5.4, R-6.10, R-9.3)', async () => {
    const png = await canvas().png().toBuffer();
    const low = await upload(newbie, png);
    expect(low.statusCode).toBe(403);
    expect(low.json().message).toBe('USER RATING TOO LOW');
    // 25 is enough for an image, not for a GIF.
    const enough = await upload(writer, png);
    expect(enough.statusCode, enough.body).toBe(200);
    const gif = await canvas().gif().toBuffer();
    expect((await upload(writer, gif)).json().message).toBe('USER RATING TOO LOW');
    const ok = await upload(veteran, gif);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().file).toMatch(/\.gif$/);
  });

  it("answers 413 'data too big' above 10 MiB (R-7.6)", async () => {
    const res = await writer.rpc('file_create', { data: 'A'.repeat(15 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('data too big');
  });

  it('allows at most 10 files per post (R-5.4, R-9.3)', async () => {
    const png = await canvas().png().toBuffer();
    const files: string[] = [];
    for (let i = 0; i < 11; i++) files.push((await upload(writer, png)).json().file);
    const eleven = await writer.rpc('post_create', { body: 'galeria', files });
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().message).toBe('TOO MANY FILES');
    const ten = await writer.rpc('post_create', { body: 'galeria', files: files.slice(0, 10) });
    expect(ten.statusCode, ten.body).toBe(200);
    const update = await writer.rpc('post_update', { post: ten.json().post, body: 'galeria', files });
    expect(update.json().message).toBe('TOO MANY FILES');
    const posts = await writer.get(`/api/posts?uber=eq.${ten.json().post}`);
    expect(posts.json()[0].files).toHaveLength(10);
  });

  it("stops serving a deleted or removed post's files, unless another post or an avatar uses them", async () => {
    const png = await canvas().png().toBuffer();
    const [only, shared, avatar, removed] = await Promise.all(
      [0, 1, 2, 3].map(async () => (await upload(writer, png)).json().file as string),
    );
    const first = await writer.rpc('post_create', { body: 'zdjęcia', files: [only, shared, avatar] });
    const second = await writer.rpc('post_create', { body: 'to samo zdjęcie', files: [shared] });
    expect(second.statusCode, second.body).toBe(200);
    expect((await writer.rpc('user_update', { avatar })).statusCode).toBe(200);

    expect((await writer.rpc('post_delete', { post: first.json().post })).statusCode).toBe(200);
    const status = async (file: string) =>
      (await server.app.inject({ method: 'GET', url: `/files/${file}` })).statusCode;
    expect(await status(only as string)).toBe(404);
    expect(await status(shared as string)).toBe(200);
    expect(await status(avatar as string)).toBe(200);

    // A moderator's removal does the same.
    const moderator = await signIn(
      server,
      await createUser(server.db, { username: 'moderator1', roles: ['moderator'] }),
    );
    const third = await writer.rpc('post_create', { body: 'do usunięcia', files: [removed] });
    const moderated = await moderator.rpc('moderate', { post: third.json().post, resolve: 'delete-post' });
    expect(moderated.statusCode, moderated.body).toBe(200);
    expect(await status(removed as string)).toBe(404);
    expect(await status(shared as string)).toBe(200);
  });

  it('answers 404 for unknown or malformed names', async () => {
    for (const url of ['/files/abcdefgh.png', '/files/..%2F..%2Fetc%2Fpasswd', '/files/abcdefgh.html']) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('streams a byte range of a stored file', async () => {
    const { file } = (await upload(writer, await canvas().png().toBuffer())).json() as { file: string };
    const whole = await served(file);
    expect(whole.headers['content-length']).toBe(String(whole.rawPayload.length));
    const part = await server.app.inject({
      method: 'GET',
      url: `/files/${file}`,
      headers: { range: 'bytes=1-3' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1-3/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(1, 4))).toBe(true);
    const past = await server.app.inject({
      method: 'GET',
      url: `/files/${file}`,
      headers: { range: 'bytes=999999-' },
    });
    expect(past.statusCode).toBe(416);
  });
});
