/**
 * A long thread in a real browser: from VIRTUALIZE_FROM comments on (120,
 * mf-post/src/thread/ThreadView.tsx) only a window of them is in the page, and scrolling the
 * post's scroll area brings later ones in while earlier ones leave. jsdom lays nothing out, so
 * only a browser can show that the window is a window and not an empty render.
 */
import { expect, login, origin, test } from './fixtures.ts';

const COMMENTS = 200;

test('a long thread keeps only a window of its comments in the page; scrolling shows later ones', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, 'demo');
  const created = await page.request.post('/api/rpc/post_create', {
    data: {
      kind: 'post',
      title: `Długi wątek ${Date.now().toString(36)}`,
      body: 'Wpis z wieloma komentarzami.',
    },
    headers: origin(),
  });
  expect(created.status()).toBe(200);
  const top = ((await created.json()) as { post: number }).post;
  for (let from = 1; from <= COMMENTS; from += 20) {
    const batch = Array.from({ length: 20 }, (_, i) => from + i);
    const statuses = await Promise.all(
      batch.map(async (n) => {
        const answer = await page.request.post('/api/rpc/post_create', {
          data: { reply: top, body: `Komentarz numer ${n}.` },
          headers: origin(),
        });
        return answer.status();
      }),
    );
    expect(statuses).toEqual(batch.map(() => 200));
  }

  // Oldest first: comment 1 on top, comment 200 at the bottom of the scroll area.
  await page.context().addCookies([{ name: 'gwar_sort', value: 'oldest', url: origin().origin ?? '' }]);
  await page.goto(`/post/${top}`);
  const comments = page.locator('.gwp-thread .gwp-comment');
  const numbered = (n: number) => page.locator('.gwp-comment', { hasText: `Komentarz numer ${n}.` });
  await expect(numbered(1)).toBeVisible();
  // The virtualised rows, not the plain list the thread is drawn as until the virtualiser loads.
  await expect(page.locator('.gwp-thread__row').first()).toBeAttached();
  await expect(page.locator('.gwp-thread--plain')).toHaveCount(0);
  const atTop = await comments.count();
  expect(atTop).toBeGreaterThan(0);
  expect(atTop).toBeLessThan(COMMENTS / 2);
  await expect(numbered(COMMENTS)).toHaveCount(0);

  const scroller = page.locator('.gwp-modal__scroll');
  for (let i = 0; i < 60 && (await numbered(COMMENTS).count()) === 0; i++) {
    await scroller.evaluate((element) => element.scrollBy(0, element.clientHeight));
    await page.waitForTimeout(50);
  }
  await expect(numbered(COMMENTS)).toBeVisible();
  // Still a window: the first comments left the page as the last ones came in.
  await expect(numbered(1)).toHaveCount(0);
  expect(await comments.count()).toBeLessThan(COMMENTS / 2);
});
