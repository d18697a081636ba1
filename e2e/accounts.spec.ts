/**
 * Accounts in a real browser: a newcomer joins (the e2e server runs with the test-only
 * CAPTCHA_FIXED_TEXT=GWAR42), opens the activation link from the outbox, signs in, switches the
 * theme and signs out; every username, password and e-mail message (docs/product.md to
 * ) shows for bad values; axe finds nothing serious.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, login, mailsTo, test } from './fixtures.ts';

const CAPTCHA = 'GWAR42';
const FORM_ERRORS = 'Znaleziono błędy, musisz je poprawić';

/** The `pathname` link (with its token) in the newest mail to `to` that has one. */
async function linkFromOutbox(to: string, pathname: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        for (const mail of mailsTo(to)) {
          link = new RegExp(`${pathname}\\?token=[A-Za-z0-9]{30,60}`).exec(mail)?.[0];
          if (link) return link;
        }
        return undefined;
      },
      { message: `a ${pathname} mail to ${to}` },
    )
    .toBeTruthy();
  return link!;
}

async function serverTheme(page: Page): Promise<string | undefined> {
  const rows = (await (await page.request.get('/api/users?select=theme')).json()) as { theme: string }[];
  return rows[0]?.theme;
}

test('a newcomer joins, verifies by e-mail, signs in, switches the theme and signs out', async ({ page }) => {
  const username = `nowy_${Date.now().toString(36)}`;
  const email = `${username}@example.com`;

  await page.goto('/join');
  await page.getByLabel('Nazwa użytkownika').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Hasło').fill('tajne123');
  await expect(page.getByRole('img', { name: /Kod do przepisania/ })).toBeVisible();
  await page.getByLabel('Kod z obrazka').fill(CAPTCHA);
  await page.getByRole('button', { name: 'Załóż konto' }).click();
  await expect(page.getByRole('heading', { name: 'Sprawdź skrzynkę' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // Not active yet: signing in says so.
  await page.goto('/login');
  await page.getByLabel('Nazwa użytkownika').fill(username);
  await page.getByLabel('Hasło').fill('tajne123');
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page.getByText('Konto nie jest aktywne, kliknij link z emaila')).toBeVisible();

  await page.goto(await linkFromOutbox(email, '/verify'));
  await expect(page.getByText(`Konto ${username} jest aktywne`)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Zaloguj się' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Nazwa użytkownika').fill(username);
  await page.getByLabel('Hasło').fill('tajne123');
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await serverTheme(page)).toBe('dark');

  await page.goto('/settings');
  await page.getByLabel('Motyw jasny').check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect.poll(() => serverTheme(page)).toBe('light');
  const themeCookie = (await page.context().cookies()).find((c) => c.name === 'gwar_theme');
  expect(themeCookie?.value).toBe('light');
  // The next page load keeps it (the server writes it into the HTML).
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  // Sign out from the avatar menu of the top bar.
  await page.getByRole('button', { name: `Menu użytkownika ${username}` }).click();
  await page.getByRole('button', { name: 'Wyloguj' }).click();
  await expect(page.getByRole('link', { name: 'Zaloguj się' }).first()).toBeVisible();
  expect(await (await page.request.get('/api/users?select=user')).json()).toEqual([]);
  expect((await page.context().cookies()).some((c) => c.name === 'gwar_session')).toBe(false);
});

test('R-5.8, R-5.9, R-5.10: every username, password and e-mail message shows for bad values (R-2.4)', async ({
  page,
}) => {
  await page.goto('/join');
  const submit = page.getByRole('button', { name: 'Załóż konto' });
  const cases: [label: string, value: string, message: string][] = [
    ['Nazwa użytkownika', '', 'Nazwa użytkownika jest wymagana'],
    ['Nazwa użytkownika', 'ab', 'Nazwa użytkownika jest za krótka (min. 3 znaki)'],
    ['Nazwa użytkownika', 'a'.repeat(31), 'Nazwa użytkownika jest za długa (max. 30 znaków)'],
    ['Nazwa użytkownika', '___', 'Nazwa użytkownika musi składać się z min. 1 cyfry lub litery (A-z)'],
    ['Nazwa użytkownika', 'zła-nazwa', 'Nazwa użytkownika zawiera niedozwolone znaki'],
    ['Hasło', '', 'Hasło jest wymagane'],
    ['Hasło', 'abc', 'Hasło jest za krótkie (min. 6 znaków)'],
    ['Hasło', 'a'.repeat(41), 'Hasło jest za długie (max. 40 znaków)'],
    ['Hasło', 'ze spacja', 'Hasło zawiera niedozwolone znaki'],
    ['Email', '', 'Email jest wymagany'],
    ['Email', 'a@b', 'Email jest za krótki (min. 5 znaków)'],
    ['Email', `${'a'.repeat(110)}@${'b'.repeat(58)}.pl`, 'Email jest za długi (max. 170 znaków)'],
    ['Email', 'to-nie-email', 'To nie wygląda jak adres email'],
  ];
  await submit.click();
  await expect(page.getByText(FORM_ERRORS)).toBeVisible();
  for (const [label, value, message] of cases) {
    const field = page.getByLabel(label, { exact: true });
    await field.fill(value);
    await submit.click();
    const errorId = await field.getAttribute('aria-describedby');
    expect(errorId, `${label} is described by its error`).toBeTruthy();
    await expect(page.locator(`[id="${errorId!.split(' ').pop()}"]`)).toHaveText(message);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  // The same rules on the sign-in form.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page.getByText('Nazwa użytkownika jest wymagana')).toBeVisible();
  await expect(page.getByText('Hasło jest wymagane')).toBeVisible();
  await expect(page.getByText(FORM_ERRORS)).toBeVisible();
});

for (const theme of ['dark', 'light', 'default'] as const) {
  test(`axe finds no serious or critical violation on the account pages (${theme})`, async ({ page }) => {
    // Four pages, each analysed by axe: slower than one screen.
    test.slow();
    // Every page is checked before the verdict, so one failure shows all of them.
    const problems: string[] = [];
    const check = async (url: string, ready: () => Promise<void>) => {
      await page.goto(url);
      await ready();
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      const result = await new AxeBuilder({ page }).analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      problems.push(
        ...bad.map(
          (v) => `${url}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        ),
      );
    };
    await check('/login', () => expect(page.getByRole('heading', { name: 'Logowanie' })).toBeVisible());
    await check('/join', () => expect(page.getByRole('img', { name: /Kod do przepisania/ })).toBeVisible());
    await login(page, 'demo');
    await check('/settings', () => expect(page.getByRole('heading', { name: 'Zmiana hasła' })).toBeVisible());
    await check('/user/demo', () =>
      expect(page.getByRole('heading', { name: /demo/ }).first()).toBeVisible(),
    );
  });
}
