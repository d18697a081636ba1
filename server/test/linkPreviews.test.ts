/**
 * Link previews (docs/product.md) against a local HTTP server: pages with and without
 * metadata, a huge page, a slow page, redirects to private and metadata addresses, pictures that
 * are bombs or not pictures at all. The SSRF guard refuses every non-public address, after DNS and
 * on each redirect; the test-only switch lets only the loopback address of this test server
 * through. Then the whole path: a published link post gets its card from the background worker; an
 * edited link drops it; a failed fetch leaves the post as it was; a draft gets none until
 * published.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchChecked, PreviewRefused, readMetadata } from '../src/previews/fetch.ts';
import { buildPreview } from '../src/previews/worker.ts';
import { type Actor, actor, useTestServer } from './harness.ts';

let site: http.Server;
let base: string;
let picture: Buffer;

/** A PNG that declares 30000 × 30000 pixels in a few bytes: decoding it would take gigabytes. */
function pngBomb(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const page = (head: string, body = '<p>Treść</p>') =>
  `<!doctype html><html lang="pl"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

const ROUTES: Record<string, (res: http.ServerResponse) => void> = {
  '/with-meta': (res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      page(`<title>Zwykły tytuł</title>
        <meta property="og:title" content="Żółwie zimą &amp; wiosną">
        <meta property="og:description" content="Jak zimują żółwie w ogrodzie.">
        <meta property="og:site_name" content="Przyroda">
        <meta property="og:image" content="/pic.png">`),
    ),
  '/title-only': (res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(page('<title>  Tylko\n tytuł  </title>')),
  '/nothing': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page('')),
  '/huge': (res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.write(page('<title>Wielka strona</title>', ''));
    // Five more mebibytes the fetcher must never read.
    const block = `<p>${'x'.repeat(64 * 1024)}</p>`;
    for (let i = 0; i < 80; i++) res.write(block);
    res.end();
  },
  '/huge-head': (res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.write(`<html><head><meta name="x" content="${'y'.repeat(2 * 1024 * 1024)}">`);
    res.end('<title>Za późno</title></head></html>');
  },
  '/slow': () => {
    // Never answers.
  },
  '/json': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"nie strona"}'),
  '/redirect-private': (res) => res.writeHead(302, { location: 'http://10.0.0.1/admin' }).end(),
  '/redirect-metadata': (res) =>
    res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  '/redirect-loop': (res) => res.writeHead(302, { location: '/redirect-loop' }).end(),
  '/redirect-good': (res) => res.writeHead(302, { location: '/with-meta' }).end(),
  '/pic.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(picture),
  '/bomb': (res) =>
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(page('<title>Bomba</title><meta property="og:image" content="/bomb.png">')),
  '/bomb.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(pngBomb()),
  '/fake': (res) =>
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(page('<title>Udawany obrazek</title><meta property="og:image" content="/fake.png">')),
  '/fake.png': (res) =>
    res.writeHead(200, { 'content-type': 'image/png' }).end('<svg onload="alert(1)"></svg>'),
};

beforeAll(async () => {
  picture = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
  site = http.createServer((req, res) => {
    const route = ROUTES[new URL(req.url ?? '/', 'http://x').pathname];
    if (route) route(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

const testing = { userAgent: 'GwarBot/1.0 (+http://localhost:3000)', allowLoopback: true };
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'fetched',
    (error: Error) => (error instanceof PreviewRefused ? 'refused' : `failed: ${error.message}`),
  );

describe('the SSRF guard', () => {
  it('refuses loopback, private, link-local, metadata and CGNAT addresses without the test switch', async () => {
    const strict = { userAgent: 'GwarBot/1.0', allowLoopback: false };
    for (const url of [
      `${base}/with-meta`,
      'http://localhost:9/',
      'http://10.1.2.3/',
      'http://192.168.0.1/',
      'http://172.16.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://[::1]:9/',
      'http://[fd00::1]/',
      'http://0.0.0.0:9/',
    ]) {
      const result = await refusal(fetchChecked(url, 'page', strict));
      expect(result, url).toMatch(/not allowed|refused/);
    }
  });

  it('with the test switch allows only the loopback address, never other private ones', async () => {
    expect((await fetchChecked(`${base}/with-meta`, 'page', testing)).url.pathname).toBe('/with-meta');
    const other = await refusal(fetchChecked('http://127.0.0.2:9/', 'page', testing));
    expect(other).toMatch(/not allowed/);
    expect(await refusal(fetchChecked('http://10.0.0.1/', 'page', testing))).toMatch(/not allowed/);
  });

  it('checks every redirect: to a private or metadata address is refused, to the same public site followed', async () => {
    expect(await refusal(fetchChecked(`${base}/redirect-private`, 'page', testing))).toMatch(/not allowed/);
    expect(await refusal(fetchChecked(`${base}/redirect-metadata`, 'page', testing))).toMatch(/not allowed/);
    expect(await refusal(fetchChecked(`${base}/redirect-loop`, 'page', testing))).toBe('refused');
    expect((await fetchChecked(`${base}/redirect-good`, 'page', testing)).url.pathname).toBe('/with-meta');
  });

  it('refuses other schemes, credentials in the URL, the wrong content type and a slow page', async () => {
    expect(await refusal(fetchChecked('file:///etc/passwd', 'page', testing))).toBe('refused');
    expect(await refusal(fetchChecked(`http://user:pw@127.0.0.1:1/`, 'page', testing))).toBe('refused');
    expect(await refusal(fetchChecked(`${base}/json`, 'page', testing))).toBe('refused');
    expect(await refusal(fetchChecked(`${base}/with-meta`, 'image', testing))).toBe('refused');
    const started = Date.now();
    const slow = await refusal(fetchChecked(`${base}/slow`, 'page', { ...testing, timeoutMs: 300 }));
    expect(slow).toMatch(/failed|refused/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('reading a page', () => {
  it('takes Open Graph first, decodes entities, resolves the picture and falls back to the title', async () => {
    const fetched = await fetchChecked(`${base}/with-meta`, 'page', testing);
    expect(readMetadata(fetched.body.toString('utf8'), fetched.url)).toEqual({
      title: 'Żółwie zimą & wiosną',
      description: 'Jak zimują żółwie w ogrodzie.',
      site: 'Przyroda',
      image: `${base}/pic.png`,
    });
    const plain = await fetchChecked(`${base}/title-only`, 'page', testing);
    expect(readMetadata(plain.body.toString('utf8'), plain.url)).toMatchObject({
      title: 'Tylko tytuł',
      image: null,
      site: '127.0.0.1',
    });
  });

  it('reads a huge page only to its head, and at most 1 MiB of a head that never ends', async () => {
    const huge = await fetchChecked(`${base}/huge`, 'page', testing);
    expect(huge.body.length).toBeLessThan(1024 * 1024 + 64 * 1024);
    expect(readMetadata(huge.body.toString('utf8'), huge.url).title).toBe('Wielka strona');
    const endless = await fetchChecked(`${base}/huge-head`, 'page', testing);
    expect(endless.body.length).toBe(1024 * 1024);
    expect(readMetadata(endless.body.toString('utf8'), endless.url).title).toBeNull();
  });

  it('keeps the title when the picture is a bomb or not a picture, and has nothing without metadata', async () => {
    const bomb = await buildPreview(`${base}/bomb`, testing);
    expect(bomb).toMatchObject({ preview: { title: 'Bomba' }, picture: null });
    const fake = await buildPreview(`${base}/fake`, testing);
    expect(fake).toMatchObject({ preview: { title: 'Udawany obrazek' }, picture: null });
    expect(await refusal(buildPreview(`${base}/nothing`, testing))).toBe('refused');
  });

  it('re-encodes the picture as a card-sized WebP without metadata', async () => {
    const built = await buildPreview(`${base}/with-meta`, testing);
    expect(built.picture).not.toBeNull();
    const meta = await sharp(built.picture!.data).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 675 });
    expect(meta.exif).toBeUndefined();
  });
});

describe(`link previews in the background (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  const server = useTestServer({
    LINK_PREVIEWS: '1',
    LINK_PREVIEW_ALLOW_LOOPBACK: '1',
    LINK_PREVIEW_POLL_MS: '50',
    RATE_LIMITS: '0',
  });
  let ola: Actor;

  beforeAll(async () => {
    ola = await actor(server, 'ola_linki', 100);
  });

  async function post(id: number) {
    const rows = (await ola.api.get(`/api/posts?post=eq.${id}&select=post,title,url,preview`)).json() as {
      title: string;
      url: string;
      preview: { title: string; site: string; image: { file: string } | null } | null;
    }[];
    return rows[0]!;
  }
  async function publishLink(path: string, title: string) {
    const res = await ola.api.rpc('post_create', {
      kind: 'post',
      title,
      url: `${base}${path}`,
      body: 'Zobaczcie.',
      files: [],
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { post: number }).post;
  }
  const settled = async (id: number) => {
    await expect
      .poll(
        async () =>
          (await server.db.query('SELECT 1 FROM link_preview_jobs WHERE post_id = $1', [id])).rows.length,
        {
          timeout: 10_000,
        },
      )
      .toBe(0);
    return post(id);
  };

  it('a published link post gets the page’s title and picture, served as a file (R-10.8)', async () => {
    const id = await publishLink('/with-meta', 'Link do strony o żółwiach');
    // Not in the request that created the post: the answer came before the fetch.
    const seen = await settled(id);
    expect(seen.title).toBe('Link do strony o żółwiach');
    expect(seen.preview).toMatchObject({ title: 'Żółwie zimą & wiosną', site: 'Przyroda' });
    const file = await server.app.inject({ method: 'GET', url: `/files/${seen.preview!.image!.file}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    // The post's share card shows the linked page's picture (it has no upload of its own).
    const { pageMeta } = await import('../src/pages/shareCards.ts');
    const card = await pageMeta(server.db, server.app.config, `/post/${id}`);
    expect(card?.image).toBe(`http://localhost:3000/files/${seen.preview!.image!.file}`);
  });

  it('an edited link drops the old card, fetches the new page and forgets the old picture', async () => {
    const id = await publishLink('/with-meta', 'Link, który zostanie zmieniony');
    const before = await settled(id);
    const edited = await ola.api.rpc('post_update', {
      post: id,
      title: 'Link, który zostanie zmieniony',
      url: `${base}/title-only`,
      body: 'Zobaczcie.',
      files: [],
    });
    expect(edited.statusCode).toBe(200);
    const after = await settled(id);
    expect(after.preview).toMatchObject({ title: 'Tylko tytuł', image: null });
    // The workers' clean-up (run here at once instead of waiting for its turn) drops the old picture.
    const { dropUnusedPictures } = await import('../src/previews/worker.ts');
    await dropUnusedPictures(server.db, server.app.services.files, server.app.log);
    const gone = await server.app.inject({ method: 'GET', url: `/files/${before.preview!.image!.file}` });
    expect(gone.statusCode).toBe(404);
  });

  it('a failed fetch leaves the post as it was (R-10.8)', async () => {
    const id = await publishLink('/redirect-metadata', 'Link, który prowadzi donikąd');
    // The first attempt fails (after the domain's turn: one fetch per domain every 2 s).
    const failed = async () =>
      (
        await server.db.query(
          'SELECT 1 FROM link_preview_jobs WHERE post_id = $1 AND last_error IS NOT NULL',
          [id],
        )
      ).rows.length;
    await expect.poll(failed, { timeout: 10_000 }).toBe(1);
    // Give up at once instead of waiting minutes for the retries.
    await server.db.query('UPDATE link_preview_jobs SET attempts = 3, next_try = now() WHERE post_id = $1', [
      id,
    ]);
    const seen = await settled(id);
    expect(seen).toMatchObject({
      title: 'Link, który prowadzi donikąd',
      url: `${base}/redirect-metadata`,
      preview: null,
    });
  });

  it('a draft gets no card until it is published', async () => {
    const draft = await ola.api.rpc('draft_upsert', {
      title: 'Szkic z linkiem do strony',
      url: `${base}/with-meta`,
      body: 'Szkic.',
      files: [],
    });
    const id = (draft.json() as { post: number }).post;
    expect(
      (await server.db.query('SELECT 1 FROM link_preview_jobs WHERE post_id = $1', [id])).rows,
    ).toHaveLength(0);
    const published = await ola.api.rpc('post_create', {
      kind: 'post',
      title: 'Szkic z linkiem do strony',
      url: `${base}/with-meta`,
      body: 'Szkic.',
      files: [],
      draft: id,
    });
    expect(published.statusCode).toBe(200);
    const seen = await settled((published.json() as { post: number }).post);
    expect(seen.preview).toMatchObject({ title: 'Żółwie zimą & wiosną' });
  });
});
