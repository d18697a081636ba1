/**
 * Link previews (docs/product.md) in a real browser: a page server on 127.0.0.1 plays the linked site;
 * after a link post is published, the server fetches the page in the background and the post's
 * card shows the page's picture and title.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, origin, signedInPage, test } from './fixtures.ts';

/** A 240×126 green PNG (made once with sharp; inline so the spec needs no image library). */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAPAAAAB+CAIAAACVjQttAAAACXBIWXMAAAPoAAAD6AG1e1JrAAACm0lEQVR4nO3W0QkEQRAC0Y2lktycLspLYP8b5IEBDFpj+/R7iQOtYPCcv4A4EKBBwIE0NAhaP4kmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAhaPwgmx30GFKBBwIE0NAjmHTA57jOgAA0CDqShQdD6QTA57jOgAA0CDqShQdD6QTA57jOgAA0CDqShQdD6QTA57jOgAA0CDqShQdD6QTA57jOgAA0CDqShQdD6QTA57jOgAA0CDqShQdD6QTA57jOgAA0CDqShQdD6QTA57jOgAA0CDqShQdD6QTA57jOgAA0CDqShQdD6QTA57jOgAA0CDqShQdD6QTA57jOgAA0CDqShQdD6QTA57jOgAA0CDvT1Df7iWxMcb5RoyQAAAABJRU5ErkJggg==',
  'base64',
);

let site: http.Server;
let base: string;

test.beforeAll(async () => {
  site = http.createServer((req, res) => {
    if (req.url === '/artykul') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="pl"><head><title>Zwykły tytuł</title>
        <meta property="og:title" content="Jak zimują żółwie błotne">
        <meta property="og:site_name" content="Przyroda Polski">
        <meta property="og:image" content="/okladka.png"></head><body>Artykuł</body></html>`);
    } else if (req.url === '/okladka.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PICTURE);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

test('a link post shows the linked page’s picture and title after the background fetch', async ({
  browser,
}) => {
  const page = await signedInPage(browser, 'demo');
  const title = `Ciekawy artykuł o żółwiach ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/rpc/post_create', {
    data: { kind: 'post', title, url: `${base}/artykul`, body: 'Polecam ten artykuł.', files: [] },
    headers: origin(),
  });
  expect(created.ok()).toBe(true);
  const { post } = (await created.json()) as { post: number };

  // The post opened by its link is drawn in a dialog over the home feed, which lists it too.
  const card = page
    .getByRole('dialog')
    .locator(`#post-${post}`)
    .getByRole('link', { name: /Jak zimują żółwie błotne/ });
  await expect(async () => {
    await page.goto(`/post/${post}`);
    await expect(card).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(card).toContainText('Przyroda Polski');
  await expect(card).toHaveAttribute('href', `${base}/artykul`);
  const picture = card.locator('img');
  await expect(picture).toHaveAttribute('src', /^\/files\/[A-Za-z0-9]+\.webp$/);
  // The picture is served by Gwar itself (never hot-linked from the site) and has loaded.
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
});
