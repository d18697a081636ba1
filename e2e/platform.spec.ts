/**
 * The platform in a real browser: the home route renders mf-feed's component with demo posts
 * from /api/posts, remotes come from the registry at run time (a canary reaches exactly its
 * cohorts, and the cohort is sticky), deep links get the shell, and assets carry the right
 * cache headers.
 */
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';

const POST_CARD = 'article[id^="post-"]';
const dataDir = process.env.GWAR_E2E_DATA_DIR!;

test('the home route renders mf-feed with demo posts fetched from /api/posts', async ({
  page,
  consoleErrors,
}) => {
  const remoteFiles: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/mf/mf-feed/')) remoteFiles.push(new URL(response.url()).pathname);
  });
  const postsRead = page.waitForResponse((response) => /\/api\/(posts|feed)\b/.test(response.url()));
  await page.goto('/');
  const response = await postsRead;
  expect(response.status()).toBe(200);
  const rows = (await response.json()) as { title: string | null }[];
  expect(rows.length).toBeGreaterThan(0);
  await expect(page.locator(POST_CARD).first()).toBeVisible();
  // A titled demo post from the API is on the page.
  const titled = rows.find((row) => row.title);
  if (titled?.title) await expect(page.getByText(titled.title).first()).toBeVisible();
  expect(remoteFiles).toContain('/mf/mf-feed/mf-manifest.json');
  expect(remoteFiles.some((file) => /\/remoteEntry\.[0-9a-f]+\.js$/.test(file))).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test.describe('remote registry in the browser', () => {
  test.describe.configure({ mode: 'serial' });
  const remotesFile = path.join(dataDir, 'remotes.json');
  const canaryDir = path.join(dataDir, 'remotes', 'mf-feed', 'e2e-canary');

  test.beforeAll(() => {
    // The same build published as a version: the canary differs only in where it is served from.
    cpSync(path.join(import.meta.dirname, '..', 'mf-feed', 'dist'), canaryDir, { recursive: true });
    writeFileSync(
      remotesFile,
      JSON.stringify({
        remotes: {
          mf_feed: {
            stable: '/mf/mf-feed/mf-manifest.json',
            canary: { manifest: '/mf/mf-feed@e2e-canary/mf-manifest.json', percent: 10 },
          },
        },
      }),
    );
  });
  test.afterAll(() => {
    rmSync(remotesFile, { force: true });
    rmSync(canaryDir, { recursive: true, force: true });
  });

  for (const [cohort, channel] of [
    [3, 'canary'],
    [60, 'stable'],
  ] as const) {
    test(`cohort ${cohort} loads mf-feed from the ${channel} manifest`, async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: 'gwar_cohort', value: String(cohort), url: baseURL! }]);
      const feedFiles: string[] = [];
      page.on('response', (response) => {
        const pathname = new URL(response.url()).pathname;
        if (pathname.startsWith('/mf/mf-feed')) feedFiles.push(pathname);
      });
      await page.goto('/');
      await expect(page.locator(POST_CARD).first()).toBeVisible();
      const prefix = channel === 'canary' ? '/mf/mf-feed@e2e-canary/' : '/mf/mf-feed/';
      expect(feedFiles.length).toBeGreaterThan(1);
      expect(feedFiles.every((file) => file.startsWith(prefix))).toBe(true);
    });
  }

  test('a new visitor gets a cohort cookie that stays the same', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator(POST_CARD).first()).toBeVisible();
    const cohort = (await page.context().cookies()).find((cookie) => cookie.name === 'gwar_cohort');
    expect(cohort?.value).toMatch(/^\d{1,2}$/);
    await page.reload();
    await expect(page.locator(POST_CARD).first()).toBeVisible();
    const again = (await page.context().cookies()).find((cookie) => cookie.name === 'gwar_cohort');
    expect(again?.value).toBe(cohort?.value);
  });
});

test('deep links get the shell and assets carry the right cache headers', async ({ page, request }) => {
  const posts = await request.get('/api/posts?select=post&title=not.is.null&limit=1');
  const { post } = ((await posts.json()) as { post: number }[])[0]!;
  const html = await request.get(`/post/${post}`);
  expect(html.status()).toBe(200);
  expect(html.headers()['cache-control']).toBe('no-cache');
  expect(await html.text()).toContain('/app/main.');

  const manifest = await request.get('/mf/mf-feed/mf-manifest.json');
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  const entry = /remoteEntry\.[0-9a-f]+\.js/.exec(await manifest.text())?.[0];
  const chunk = await request.get(`/mf/mf-feed/${entry}`);
  expect(chunk.headers()['cache-control']).toContain('immutable');

  await page.goto(`/post/${post}`);
  await expect(page.locator(`#post-${post}`).first()).toBeVisible();
});
