/**
 * One's own data and account, and bans users understand (docs/product.md ), in a
 * real browser: a new
 * user downloads their data, asks to delete the account, signs in again and sees the deletion
 * cancelled; a user a moderator banned for a day is told the reason and the end at sign-in.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  expect,
  login,
  newAccount,
  origin,
  NEW_ACCOUNT_PASSWORD as PASSWORD,
  signedInPage,
  test,
} from './fixtures.ts';

async function signInThroughForm(page: Page, username: string) {
  await page.goto('/login');
  await page.getByLabel('Nazwa użytkownika').fill(username);
  await page.getByLabel('Hasło').fill(PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
}

test('a user downloads their data, asks to delete the account, and signing in again cancels it', async ({
  page,
}) => {
  const { username } = await newAccount(page, 'rodo');
  await login(page, username, PASSWORD);
  const title = `Wpis do eksportu ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/rpc/post_create', {
    data: { kind: 'post', title, body: 'Treść, która ma się znaleźć w pliku.', files: [] },
    headers: origin(),
  });
  expect(created.ok()).toBe(true);

  await page.goto('/settings');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Pobierz moje dane' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^gwar-${username}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const data = JSON.parse(readFileSync(await file.path(), 'utf8')) as {
    profile: { username: string };
    posts: { title: string | null }[];
  };
  expect(data.profile.username).toBe(username);
  expect(data.posts.map((post) => post.title)).toContain(title);

  const deletion = page.getByRole('form', { name: 'Usunięcie konta' });
  await deletion.getByLabel('Hasło').fill('zle-haslo');
  await deletion.getByRole('button', { name: 'Usuń konto' }).click();
  await expect(deletion.getByText('Nieprawidłowe hasło')).toBeVisible();
  await deletion.getByLabel(/Usuń je/).check();
  await deletion.getByLabel('Hasło').fill(PASSWORD);
  await deletion.getByRole('button', { name: 'Usuń konto' }).click();
  await expect(page.getByText(/Konto zostanie usunięte .*2\d{3}/)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // Signed out everywhere.
  expect(
    (
      (await (await page.request.post('/api/rpc/user_check', { data: {}, headers: origin() })).json()) as {
        status: string;
      }
    ).status,
  ).toBe('logout');

  await signInThroughForm(page, username);
  await expect(page.getByText('Zalogowano: usuwanie konta zostało anulowane')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a user banned for a day sees the reason and the end at sign-in', async ({ page, browser }) => {
  const { username } = await newAccount(page, 'ban');
  await login(page, username, PASSWORD);
  const title = `Wpis do bana ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/rpc/post_create', {
    data: { kind: 'post', title, body: 'Ten wpis łamie regulamin.', files: [] },
    headers: origin(),
  });
  const { post } = (await created.json()) as { post: number };
  const reporter = await signedInPage(browser, 'demo');
  expect(
    (
      await reporter.request.post('/api/rpc/post_report', {
        data: { post, type: 'rules' },
        headers: origin(),
      })
    ).ok(),
  ).toBe(true);

  const moderator = await signedInPage(browser, 'moderator');
  await moderator.goto('/reports');
  const card = moderator.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Moderuj' }).click();
  const dialog = moderator.getByRole('dialog', { name: 'Moderacja wpisu' });
  await dialog.getByRole('button', { name: 'Zbanuj autora', exact: true }).click();
  await dialog.getByLabel('Na jak długo').selectOption('day');
  await dialog.getByLabel(/Powód/).fill('Reklamy zegarków w każdym wpisie');
  const before = Date.now();
  await dialog.getByRole('button', { name: 'Potwierdź' }).click();
  await expect(moderator.getByText('Wpis został wymoderowany')).toBeVisible();

  await page.context().clearCookies();
  await signInThroughForm(page, username);
  const notice = page.getByRole('alert').filter({ hasText: 'Twoje konto jest zablokowane do' });
  await expect(notice).toContainText('Powód: Reklamy zegarków w każdym wpisie');
  // The end is tomorrow, as a full Polish date (e.g. 'wtorek, 24 listopada 2026 03:05'), on the
  // page's clock (the config's time zone): near midnight UTC and Warsaw name different days.
  const tomorrow = new Intl.DateTimeFormat('pl', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: test.info().project.use.timezoneId,
  }).format(new Date(before + 86_400_000));
  await expect(notice).toContainText(tomorrow);
});
