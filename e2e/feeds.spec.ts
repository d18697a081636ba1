/**
 * Feeds in a real browser: votes (up, toggle, down) change only after the server answers,
 * favourites, following a tag fills /lurking, blocking a user hides their posts on /, the voters
 * dialog, the tag owner's update and drop, and a body of XSS payloads that must stay harmless.
 */
import type { Page } from '@playwright/test';
import { expect, origin, signedInPage, test } from './fixtures.ts';

const stamp = () => Date.now().toString(36);

async function write(page: Page, data: Record<string, unknown>): Promise<number> {
  const response = await page.request.post('/api/rpc/post_create', {
    data: { files: [], ...data },
    headers: origin(),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { post: number }).post;
}

async function call(page: Page, name: string, data: Record<string, unknown>): Promise<void> {
  const response = await page.request.post(`/api/rpc/${name}`, { data, headers: origin() });
  expect(response.ok(), await response.text()).toBe(true);
}

test('votes, favourites, the voters dialog, following a tag and blocking a user (R-1.2, R-4.3, R-4.9, R-8.8)', async ({
  browser,
}) => {
  // Many steps on three accounts; the first screen on a cold server alone can take seconds.
  test.setTimeout(90_000);
  const author = await signedInPage(browser, 'marek_dev');
  const blockedAuthor = await signedInPage(browser, 'tomek_w');
  const tag = `etag${stamp()}`;
  const title = `Wpis do głosowania ${stamp()}`;
  await write(author, { kind: 'post', title, body: `Treść z tagiem #${tag}` });
  const hiddenTitle = `Wpis do zablokowania ${stamp()}`;
  await write(blockedAuthor, { kind: 'post', title: hiddenTitle, body: 'Ten autor zaraz zniknie z głównej' });

  const page = await signedInPage(browser, 'demo');
  await page.goto('/?sort=newest');
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  const up = card.getByRole('button', { name: 'Głosuj w górę' });
  const down = card.getByRole('button', { name: 'Głosuj w dół' });
  const value = card.getByRole('button', { name: /^Wynik/ });

  await up.click();
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  await expect(value).toHaveText('1');
  await up.click();
  await expect(up).toHaveAttribute('aria-pressed', 'false');
  await expect(value).toHaveText('0');
  await down.click();
  await expect(down).toHaveAttribute('aria-pressed', 'true');
  await expect(value).toHaveText('-1');

  const heart = card.getByRole('button', { name: 'Dodaj do ulubionych' });
  await heart.click();
  await expect(card.getByRole('button', { name: 'Usuń z ulubionych' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // the voters dialog lists demo among the downvoters
  await value.click();
  const voters = page.getByRole('dialog', { name: 'Głosy' });
  await expect(
    voters.getByRole('region', { name: /Przeciw: 1/ }).getByRole('link', { name: 'demo' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(voters).toBeHidden();

  // following the tag brings its post to /lurking
  await page.goto(`/tag/${tag}`);
  await page.getByRole('button', { name: 'Obserwuj / blokuj' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Obserwuj', exact: true }).click();
  await expect(page.getByText('Dodano do śledzonych')).toBeVisible();
  await page.goto('/lurking');
  await expect(page.getByRole('article', { name: title })).toBeVisible();

  // blocking a user hides their posts on the home feed
  await page.goto('/?sort=newest');
  const victim = page.getByRole('article', { name: hiddenTitle });
  await expect(victim).toBeVisible();
  await victim.getByRole('button', { name: 'Obserwuj lub blokuj: tomek_w' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Blokuj' }).click();
  await expect(page.getByText('Dodano do blokowanych')).toBeVisible();
  await page.goto('/?sort=newest');
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await expect(page.getByRole('article', { name: hiddenTitle })).toHaveCount(0);

  // leave the shared demo data as it was for other specs
  await call(page, 'block_user', { username: 'tomek_w', block: false });
  await call(page, 'follow_tag', { tag, follow: false });
});

test('the owner takes, updates and drops a tag (R-4.11, R-6.7)', async ({ browser }) => {
  const tag = `wlasny${stamp()}`;
  const page = await signedInPage(browser, 'demo');
  await write(page, { kind: 'post', title: `Wpis z nowym tagiem ${stamp()}`, body: `O #${tag}` });
  await page.goto(`/tag/${tag}`);
  await page.getByRole('button', { name: 'Przejmij tag' }).click();
  const dialog = page.getByRole('dialog', { name: `Tag #${tag}` });
  await dialog.getByRole('textbox', { name: 'Opis tagu' }).fill('Pierwszy opis tagu');
  await dialog.getByRole('button', { name: 'Przejmij tag' }).click();
  await expect(page.getByText('Tag zaktualizowany')).toBeVisible();
  await expect(page.getByText('Pierwszy opis tagu')).toBeVisible();
  await expect(page.getByRole('link', { name: 'demo' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Zarządzaj tagiem' }).click();
  const box = page.getByRole('dialog').getByRole('textbox', { name: 'Opis tagu' });
  await box.fill('Drugi opis, zapisany skrótem');
  await box.press('Control+Enter');
  await expect(page.getByText('Drugi opis, zapisany skrótem')).toBeVisible();

  await page.getByRole('button', { name: 'Zarządzaj tagiem' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Porzuć tag' }).click();
  await expect(page.getByText('Tag znowu jest publiczny')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Przejmij tag' })).toBeVisible();
  await expect(page.getByText('Drugi opis, zapisany skrótem')).toHaveCount(0);
});

const PAYLOADS = [
  '<script>window.__xss = 1; alert(1)</script>',
  '<img src=x onerror="window.__xss = 1; alert(1)">',
  '<a href="javascript:alert(1)">klik</a>',
  'javascript:alert(1)',
  '<svg onload=alert(1)><circle r=5 /></svg>',
  '<style>body{display:none}</style>',
  '"><iframe src="javascript:alert(1)"></iframe>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<<b>b</b>roken <i>markup',
  '[link](javascript:alert(1))',
  'https://example.com/"onmouseover="alert(1)',
];

test('a body of XSS payloads renders as harmless text', async ({ browser }) => {
  const author = await signedInPage(browser, 'kasia_nowak');
  const title = `Wpis z pułapkami ${stamp()}`;
  await write(author, { kind: 'post', title, body: PAYLOADS.join('\n\n') });

  const page = await signedInPage(browser, 'demo');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/?sort=newest');
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('<script>window.__xss = 1; alert(1)</script>')).toBeVisible();
  await card.hover();
  await page.mouse.move(10, 10);
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('body')).toBeVisible();
  expect(
    await card
      .locator('.gw-post__body')
      .locator('script, iframe, style, svg, [onload], [onerror], [style]')
      .count(),
  ).toBe(0);
  expect(await card.locator('a[href^="javascript:"]').count()).toBe(0);
});
