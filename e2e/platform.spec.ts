/**
 * The platform in a real browser: the home route renders mf-feed's component with demo posts
 * from /api/posts, remotes come from their published releases at run time (the cohort is sticky;
 * canaries are in releases.spec.ts), deep links get the shell, and assets carry the right cache
 * headers.
 */
import { expect, test } from './fixtures.ts';

const POST_CARD = 'article[id^="post-"]';

test('the home route renders mf-feed with demo posts fetched from /api/posts', async ({
  page,
  consoleErrors,
}) => {
  const remoteFiles: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/mf/mf-feed@')) remoteFiles.push(new URL(response.url()).pathname);
  });
  // The home feed's first page as the API answers it. The page reads it in the browser, or, drawn
  // on the server (a guest's), carries the server's read of it: either way these are its posts.
  const response = await page.request.get('/api/feed?kind=eq.post&order=hot.desc,post.desc&limit=20');
  expect(response.status()).toBe(200);
  const rows = (await response.json()) as { title: string | null }[];
  expect(rows.length).toBeGreaterThan(0);
  await page.goto('/');
  await expect(page.locator(POST_CARD).first()).toBeVisible();
  // A titled demo post from the API is on the page (the home feed lists titled posts).
  const title = rows.find((row) => row.title)?.title;
  expect(title, 'a titled post in the answer').toEqual(expect.any(String));
  await expect(page.getByText(title!).first()).toBeVisible();
  // mf-feed comes from its published release (the local build, published at start), never a build folder.
  // Its container is loaded straight from the release's entry address (no manifest on the way).
  await expect
    .poll(() => remoteFiles.some((file) => /\/__federation_expose_HomeFeed\.[0-9a-f]+\.js$/.test(file)))
    .toBe(true);
  expect(remoteFiles.some((file) => /^\/mf\/mf-feed@[\w.-]+\/remoteEntry\.js$/.test(file))).toBe(true);
  expect(remoteFiles.some((file) => /\/__federation_expose_HomeFeed\.[0-9a-f]+\.js$/.test(file))).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test('a new visitor gets a cohort cookie that stays the same', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator(POST_CARD).first()).toBeVisible();
  const cohort = (await page.context().cookies()).find((cookie) => cookie.name === 'gwar_cohort');
  // One cohort per remote (apps.json's order), out of reach of scripts.
  expect(cohort?.value).toMatch(/^\d{1,2}(\.\d{1,2}){4}$/);
  expect(cohort?.httpOnly).toBe(true);
  await page.reload();
  await expect(page.locator(POST_CARD).first()).toBeVisible();
  const again = (await page.context().cookies()).find((cookie) => cookie.name === 'gwar_cohort');
  expect(again?.value).toBe(cohort?.value);
});

test('deep links get the shell and assets carry the right cache headers', async ({ page, request }) => {
  const posts = await request.get('/api/posts?select=post&title=not.is.null&limit=1');
  const { post } = ((await posts.json()) as { post: number }[])[0]!;
  const html = await request.get(`/post/${post}`);
  expect(html.status()).toBe(200);
  expect(html.headers()['cache-control']).toBe('private, no-cache');
  expect(await html.text()).toContain('/app/main.');

  const registry = (await (await request.get('/remotes.json')).json()) as {
    remotes: { name: string; entry: string }[];
  };
  const entryUrl = registry.remotes.find((remote) => remote.name === 'mf_feed')!.entry;
  // A release never changes: its entry and manifest are cached like its hashed chunks; /remotes.json is not.
  const entry = await request.get(entryUrl);
  expect(entry.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(await entry.text()).toContain('mf_feed');
  const manifest = await request.get(entryUrl.replace('remoteEntry.js', 'mf-manifest.json'));
  expect(manifest.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const hashed = /remoteEntry\.[0-9a-f]+\.js/.exec(await manifest.text())?.[0];
  const chunk = await request.get(entryUrl.replace('remoteEntry.js', hashed!));
  expect(chunk.headers()['cache-control']).toContain('immutable');
  // The entry address is the hashed file the manifest names.
  expect(await chunk.text()).toBe(await entry.text());
  expect((await request.get('/mf/mf-feed/mf-manifest.json')).status()).toBe(404);

  await page.goto(`/post/${post}`);
  await expect(page.locator(`#post-${post}`).first()).toBeVisible();
});
