/**
 * Feeds to follow (docs/product.md ): a page names its RSS feed with `<link rel="alternate">`, and the
 * feed it names answers with RSS holding the page's posts.
 */
import { expect, origin, signedInPage, test } from './fixtures.ts';

test('the microblog and a tag page link their RSS feeds, which list their posts', async ({
  page,
  browser,
}) => {
  const author = await signedInPage(browser, 'marek_dev');
  const tag = `rss${Date.now().toString(36)}`;
  const response = await author.request.post('/api/rpc/post_create', {
    data: { body: `Wpis do czytnika #${tag}`, files: [] },
    headers: origin(),
  });
  expect(response.ok(), await response.text()).toBe(true);

  await page.goto('/');
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    'href',
    '/feed.xml',
  );
  await page.goto(`/tag/${tag}`);
  const link = page.locator(`link[rel="alternate"][href="/tag/${tag}/feed.xml"]`);
  await expect(link).toHaveCount(1);
  const feed = await page.request.get(`/tag/${tag}/feed.xml`);
  expect(feed.headers()['content-type']).toContain('application/rss+xml');
  const xml = await feed.text();
  expect(xml).toContain('<rss version="2.0"');
  expect(xml).toContain(`Wpis do czytnika`);
  // leaving the page takes its feed link away
  await page.goto('/settings');
  await expect(page.locator(`link[rel="alternate"][href="/tag/${tag}/feed.xml"]`)).toHaveCount(0);
});
