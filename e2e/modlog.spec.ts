/**
 * The public moderation log and ban appeals in a real browser (docs/product.md to
 * a moderator removes a post and a guest finds it on /modlog without its content; a
 * banned user appeals from the sign-in page, a moderator accepts on /reports, and the user signs in
 * again and finds the decision among the notifications (and in the mail).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  expect,
  login,
  mailsTo,
  newAccount,
  origin,
  NEW_ACCOUNT_PASSWORD as PASSWORD,
  signedInPage,
  test,
} from './fixtures.ts';

// axe in three themes at several stages takes its time.
test.setTimeout(120_000);

/**
 * Serious and critical axe findings on what `page` shows, in the three themes (as a11y.spec.ts
 * does for every route, here with the log's entries, the appeal form and an open appeal drawn).
 */
async function axeInThemes(page: Page, label: string): Promise<string[]> {
  const problems: string[] = [];
  for (const theme of ['dark', 'light', 'default']) {
    await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme);
    // Colours change with a short CSS transition: measure contrast once they have settled.
    await page.waitForTimeout(400);
    const result = await new AxeBuilder({ page }).analyze();
    for (const violation of result.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 4);
      problems.push(`${label} [${theme}] ${violation.id}: ${targets.join(', ')}`);
    }
  }
  return problems;
}

async function signInThroughForm(page: Page, username: string) {
  await page.goto('/login');
  await page.getByLabel('Nazwa użytkownika').fill(username);
  await page.getByLabel('Hasło').fill(PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
}

test('R-10.11 a moderator removes a post and a guest sees it in /modlog without its content', async ({
  browser,
  page,
}) => {
  const author = await signedInPage(browser, 'demo');
  const moderator = await signedInPage(browser, 'moderator');
  const secret = `Tajna treść ${Date.now().toString(36)}`;
  const created = await author.request.post('/api/rpc/post_create', {
    data: { kind: 'post', title: `Tytuł: ${secret}`, body: secret, files: [] },
    headers: origin(),
  });
  const { post } = (await created.json()) as { post: number };
  const removed = await moderator.request.post('/api/rpc/moderate', {
    data: { post, resolve: 'delete-post', reason: 'Reklama bez zgody' },
    headers: origin(),
  });
  expect(removed.ok()).toBe(true);

  // A guest opens the log from the side menu's footer (a wide screen: the menu is not a drawer).
  await page.goto('/');
  const menuLink = page.getByRole('complementary', { name: 'Menu boczne' }).getByRole('link', {
    name: 'Dziennik moderacji',
  });
  await expect(menuLink).toBeVisible();
  await menuLink.click();
  await expect(page).toHaveURL(/\/modlog$/);
  await expect(page.getByRole('heading', { name: 'Dziennik moderacji', level: 1 })).toBeVisible();
  const entry = page.getByRole('article').filter({ has: page.getByRole('link', { name: `Wpis #${post}` }) });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Usunięcie');
  await expect(entry).toContainText('Powód: Reklama bez zgody');
  await expect(entry).toContainText('@demo');
  // Moderators stay unnamed unless the installation names them (MODLOG_SHOW_MODERATORS).
  await expect(entry).not.toContainText('@moderator');
  await expect(page.getByText(secret)).toHaveCount(0);
  expect(await axeInThemes(page, '/modlog')).toEqual([]);

  // Filtered by kind: bans only, then removals again.
  await page.getByRole('button', { name: 'Bany' }).click();
  await expect(page).toHaveURL(/\?kind=ban$/);
  await expect(page.getByRole('link', { name: `Wpis #${post}` })).toHaveCount(0);
  await page.getByRole('button', { name: 'Usunięcia' }).click();
  await expect(page.getByRole('link', { name: `Wpis #${post}` })).toBeVisible();

  // The entry leads to where the post stood: it says a moderator removed it.
  await page.getByRole('link', { name: `Wpis #${post}` }).click();
  await expect(page.getByText('Wpis został usunięty przez moderatora').first()).toBeVisible();
  for (const other of [author, moderator]) await other.context().close();
});

test('R-10.12 R-10.13 a banned user appeals, a moderator accepts, and the user signs in and sees a notification', async ({
  browser,
  page,
}) => {
  const { username, email } = await newAccount(page, 'apel');
  await login(page, username, PASSWORD);
  const created = await page.request.post('/api/rpc/post_create', {
    data: { kind: 'micro', body: 'Wpis, za który dostanę bana', files: [] },
    headers: origin(),
  });
  const { post } = (await created.json()) as { post: number };
  const moderator = await signedInPage(browser, 'moderator');
  const banned = await moderator.request.post('/api/rpc/moderate', {
    data: { post, resolve: 'ban-user', period: 'forever', reason: 'Spam w mikroblogu' },
    headers: origin(),
  });
  expect(banned.ok()).toBe(true);
  await page.context().clearCookies();

  // Refused at sign-in, told why, and offered the appeal.
  await signInThroughForm(page, username);
  await expect(page.getByText('Twoje konto jest zablokowane na stałe.')).toBeVisible();
  await expect(page.getByText('Powód: Spam w mikroblogu')).toBeVisible();
  const appeal = page.getByRole('region', { name: 'Odwołanie od bana' });
  await appeal.getByRole('button', { name: 'Wyślij odwołanie' }).click();
  await expect(appeal.getByText('Napisz, dlaczego ban powinien zostać zdjęty')).toBeVisible();
  expect(await axeInThemes(page, '/login with the appeal')).toEqual([]);
  await appeal.getByLabel('Treść odwołania').fill('To był jednorazowy błąd, nie będę już spamować.');
  await appeal.getByRole('button', { name: 'Wyślij odwołanie' }).click();
  await expect(appeal.getByText('Wysłaliśmy Twoje odwołanie.', { exact: false })).toBeVisible();

  // The moderator who gave the ban sees the appeal but leaves it to someone else.
  await moderator.goto('/reports');
  const own = moderator.getByRole('article', { name: `Odwołanie @${username}` });
  await expect(own).toContainText('Nałożył: @moderator');
  await expect(own).toContainText('Odwołanie od bana nałożonego przez Ciebie rozpatruje inny moderator');
  await expect(own.getByRole('button')).toHaveCount(0);

  // Another one finds it beside the reports and accepts it.
  const judge = await signedInPage(browser, 'admin');
  await judge.goto('/reports');
  const card = judge.getByRole('article', { name: `Odwołanie @${username}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Powód bana: Spam w mikroblogu');
  await expect(card).toContainText('To był jednorazowy błąd');
  await card.getByRole('button', { name: 'Odrzuć' }).click();
  await expect(card.getByLabel('Powód odrzucenia (zobaczy go autor odwołania)')).toBeVisible();
  expect(await axeInThemes(judge, '/reports with an appeal')).toEqual([]);
  await card.getByRole('button', { name: 'Anuluj' }).click();
  await card.getByRole('button', { name: 'Przyjmij i zdejmij bana' }).click();
  await expect(judge.getByText('Odwołanie przyjęte, ban został zdjęty')).toBeVisible();
  await expect(card).toHaveCount(0);

  // The user is told by mail (decoded byte by byte: compare ASCII only), signs in, and finds the
  // notification.
  await expect.poll(() => mailsTo(email).some((mail) => mail.includes('Moderator przyj'))).toBe(true);
  await signInThroughForm(page, username);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/notifs');
  await expect(page.getByText('Twoje odwołanie od bana zostało przyjęte: ban został zdjęty')).toBeVisible();
  expect(await axeInThemes(page, '/notifs with an appeal')).toEqual([]);

  // And the public log says the ban ended on appeal.
  await page.goto('/modlog?kind=ban');
  await expect(
    page
      .getByRole('article')
      .filter({ hasText: `@${username}` })
      .filter({ hasText: 'Odwołanie przyjęte' }),
  ).toBeVisible();
  for (const other of [moderator, judge]) await other.context().close();
});

test('R-10.11 the log is usable on a 320 px phone', async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 320, height: 640 },
    locale: 'pl-PL',
  });
  const phone = await context.newPage();
  await phone.goto('/modlog');
  await expect(phone.getByRole('heading', { name: 'Dziennik moderacji', level: 1 })).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Tagi' })).toBeVisible();
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});
