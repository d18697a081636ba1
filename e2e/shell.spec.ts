/**
 * The shell: menus by role, the 404 page, the theme switch, a remote that is down, the session
 * check, and axe on the home and 404 pages in every theme.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures.ts';

const THEMES = ['dark', 'light', 'default'] as const;
const ALWAYS = [
  'Strona główna',
  'Mikroblog',
  'Idea serwisu',
  'Regulamin',
  'Polityka prywatności',
  'Pomoc & FAQ',
  'Kontakt',
];
const SIGNED_IN = [
  'Mój Gwar',
  'Powiadomienia',
  'Rozmowy',
  'Śledzone treści',
  'Czarna lista',
  'Ulubione',
  'Szkice',
  'Autorskie tagi',
];

const sideMenu = (page: Page) => page.getByRole('complementary', { name: 'Menu boczne' });
const menuLink = (page: Page, name: string) => sideMenu(page).getByRole('link', { name, exact: true });
const errorPanel = (page: Page) => page.getByRole('main').getByRole('alert');

async function setThemeCookie(page: Page, theme: string) {
  await page
    .context()
    .addCookies([{ name: 'gwar_theme', value: theme, url: test.info().project.use.baseURL! }]);
}

test('a guest sees Login and Join and the reduced menu (R-2.5, R-2.8, R-2.12, R-2.15)', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Gwar – dołącz do dyskusji');
  const topBar = page.getByRole('banner');
  await expect(topBar.getByRole('link', { name: 'Zaloguj się' })).toBeVisible();
  await expect(topBar.getByRole('link', { name: 'Dołącz' })).toBeVisible();
  await expect(topBar.getByRole('link', { name: 'Dodaj' })).toHaveCount(0);
  for (const name of ALWAYS) await expect(menuLink(page, name)).toBeVisible();
  for (const name of SIGNED_IN) await expect(menuLink(page, name)).toHaveCount(0);
  await expect(sideMenu(page).getByText('MODERACJA')).toHaveCount(0);
  await expect(sideMenu(page).getByRole('button', { name: 'Motyw ciemny' })).toBeVisible();
  await expect(sideMenu(page).getByText('Gwar © 2023')).toBeVisible();
});

test('a moderator sees Otwarte zgłoszenia and not Zamknięte zgłoszenia (R-1.3, R-2.13)', async ({ page }) => {
  await login(page, 'moderator');
  await page.goto('/');
  for (const name of SIGNED_IN) await expect(menuLink(page, name)).toBeVisible();
  await expect(sideMenu(page).getByRole('heading', { name: 'MODERACJA' })).toBeVisible();
  await expect(menuLink(page, 'Otwarte zgłoszenia')).toHaveAttribute('href', '/reports');
  await expect(menuLink(page, 'Zamknięte zgłoszenia')).toHaveCount(0);
  const topBar = page.getByRole('banner');
  await expect(topBar.getByRole('link', { name: 'Zaloguj się' })).toHaveCount(0);
  await expect(topBar.getByRole('link', { name: 'Dodaj' })).toBeVisible();
  await topBar.getByRole('button', { name: 'Menu użytkownika moderator' }).click();
  await expect(topBar.getByText('moderator', { exact: true })).toBeVisible();
  await expect(topBar.getByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/profile');
  await expect(topBar.getByRole('link', { name: 'Ustawienia' })).toHaveAttribute('href', '/settings');
  await expect(topBar.getByRole('button', { name: 'Wyloguj' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(topBar.getByRole('button', { name: 'Wyloguj' })).toBeHidden();
});

test('an admin sees both moderation items (R-1.3, R-2.13, R-6.5)', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/');
  await expect(menuLink(page, 'Otwarte zgłoszenia')).toHaveAttribute('href', '/reports');
  await expect(menuLink(page, 'Zamknięte zgłoszenia')).toHaveAttribute('href', '/moderated');
  await expect(menuLink(page, 'Wydania aplikacji')).toHaveAttribute('href', '/admin/releases');
});

test('an unknown route shows the 404 page with a link home (R-2.1, R-2.26)', async ({ page }) => {
  const response = await page.goto('/to-nie-istnieje/wcale');
  expect(response?.status()).toBe(404);
  const main = page.getByRole('main');
  await expect(main.getByText('404', { exact: true })).toBeVisible();
  await expect(main.getByRole('heading', { name: /Nie znaleziono/ })).toBeVisible();
  await expect(main.getByText('Wybrana strona nie została znaleziona')).toBeVisible();
  await main.getByRole('link', { name: 'Przejdź na stronę główną' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the short link /z/{post} opens the post (R-2.3)', async ({ page }) => {
  await page.goto('/z/1');
  await expect(page).toHaveURL(/\/post\/1$/);
});

test('a post opened from the feed is drawn over it; back returns to the feed where it was (R-2.8, R-2.17)', async ({
  page,
}) => {
  await page.goto('/');
  const main = page.getByRole('main');
  const posts = main.locator('article');
  await expect(posts.first()).toBeVisible();
  await expect(posts.nth(5)).toBeVisible();
  const count = await posts.count();
  // A post well below the fold, so the feed has really been scrolled when it opens.
  const link = posts.nth(5).locator('a[href^="/post/"]').first();
  const href = await link.getAttribute('href');
  await link.scrollIntoViewIfNeeded();
  await link.hover();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(200);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/#.*/, '')}`));
  // The feed stays mounted under the modal.
  await expect(page.locator('.gwp-modal')).toBeVisible();
  expect(await posts.count()).toBeGreaterThanOrEqual(count);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.gwp-modal')).toHaveCount(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('the theme switch cycles dark → light → classic → dark and keeps the cookie (R-2.14, R-4.12, R-9.7)', async ({
  page,
}) => {
  // Chromium caps cookie lifetimes at 400 days, so the 315 360 000 s are checked where they are
  // written: every document.cookie assignment is recorded.
  await page.addInitScript(() => {
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const writes: string[] = [];
    (window as unknown as { cookieWrites: string[] }).cookieWrites = writes;
    Object.defineProperty(Document.prototype, 'cookie', {
      configurable: true,
      get() {
        return descriptor.get!.call(this);
      },
      set(value: string) {
        writes.push(value);
        descriptor.set!.call(this, value);
      },
    });
  });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  const cycle: [label: string, next: string][] = [
    ['Motyw ciemny', 'light'],
    ['Motyw jasny', 'default'],
    ['Motyw klasyczny', 'dark'],
  ];
  for (const [label, next] of cycle) {
    await sideMenu(page).getByRole('button', { name: label }).click();
    await expect(html).toHaveAttribute('data-theme', next);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'gwar_theme');
    expect(cookie?.value).toBe(next);
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(399 * 86_400);
    const writes = await page.evaluate(() => (window as unknown as { cookieWrites: string[] }).cookieWrites);
    expect(writes.at(-1)).toMatch(new RegExp(`^gwar_theme=${next}; Max-Age=315360000; Path=/; SameSite=Lax`));
  }
  // The server writes the cookie's theme into the HTML before any script runs.
  await sideMenu(page).getByRole('button', { name: 'Motyw ciemny' }).click();
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
});

test('signed in, the theme switch is saved on the server too (R-4.12)', async ({ page }) => {
  await login(page, 'moderator');
  await page.goto('/');
  const serverTheme = async () =>
    ((await (await page.request.get('/api/users?select=theme')).json()) as { theme: string }[])[0]?.theme;
  expect(await serverTheme()).toBe('dark');
  await sideMenu(page).getByRole('button', { name: 'Motyw ciemny' }).click();
  await expect.poll(serverTheme).toBe('light');
  // Back to dark, so other specs signed in as the moderator see the default.
  await sideMenu(page).getByRole('button', { name: 'Motyw jasny' }).click();
  await sideMenu(page).getByRole('button', { name: 'Motyw klasyczny' }).click();
  await expect.poll(serverTheme).toBe('dark');
});

test('on a phone the menu is a drawer that closes after a choice; the footer has the shortcuts (R-2.6, R-2.16)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await login(page, 'demo');
  await page.goto('/');
  await expect(sideMenu(page)).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Otwórz menu' });
  await toggle.click();
  await expect(sideMenu(page)).toBeVisible();
  await menuLink(page, 'Regulamin').click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(sideMenu(page)).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const footer = page.getByRole('navigation', { name: 'Skróty (dół ekranu)' });
  for (const name of ['Strona główna', 'Mikroblog', 'Mój Gwar', /^Powiadomienia/, /^Rozmowy/]) {
    await expect(footer.getByRole('link', { name })).toBeVisible();
  }
  // Nothing sticks out sideways at 320 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('with mf-feed down the home shows the error panel and the menu keeps working (R-2.27)', async ({
  page,
}) => {
  await page.route('**/mf/mf-feed@*/**', (route) => route.abort());
  await page.goto('/');
  await expect(errorPanel(page)).toContainText('Wystąpił nieoczekiwany błąd');
  await expect(page.getByRole('main').getByRole('button', { name: 'Spróbuj ponownie' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Zaloguj się' })).toBeVisible();

  await menuLink(page, 'Mikroblog').click();
  await expect(page).toHaveURL(/\/microblog$/);
  await expect(errorPanel(page)).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'Zaloguj się' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('main').getByRole('button', { name: 'Zaloguj się' })).toBeVisible();

  await menuLink(page, 'Regulamin').click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  await expect(errorPanel(page)).toHaveCount(0);

  // Once the remote is back, "Spróbuj ponownie" really loads it again.
  await menuLink(page, 'Mikroblog').click();
  await expect(errorPanel(page)).toBeVisible();
  await page.unroute('**/mf/mf-feed@*/**');
  await page.getByRole('main').getByRole('button', { name: 'Spróbuj ponownie' }).click();
  await expect(errorPanel(page)).toHaveCount(0);
  await expect(page.getByRole('main').locator('article').first()).toBeVisible();
});

test('going offline shows a banner; coming back says so (R-2.11)', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('main').locator('article').first()).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Jesteś offline' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Jesteś offline')).toHaveCount(0);
  await expect(page.getByText('Połączenie przywrócone')).toBeVisible();
});

test('a session revoked on the server shows Zostałeś wylogowany at the next check (R-4.7)', async ({
  page,
  playwright,
}) => {
  await login(page, 'demo');
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Menu użytkownika demo' })).toBeVisible();
  // Sign out "elsewhere": the same session from another client, so the page keeps its cookie.
  const baseURL = test.info().project.use.baseURL!;
  const other = await playwright.request.newContext({
    baseURL,
    storageState: await page.context().storageState(),
  });
  expect((await other.post('/api/rpc/user_logout', { headers: { origin: baseURL } })).ok()).toBe(true);
  await other.dispose();
  await page.clock.runFor(61_000);
  await expect(page.getByText('Zostałeś wylogowany')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Zaloguj się' })).toBeVisible();
});

for (const theme of THEMES) {
  test(`axe finds no serious or critical violation on / and the 404 page (${theme})`, async ({ page }) => {
    await setThemeCookie(page, theme);
    const problems: string[] = [];
    // Each page with what shows it has drawn: the home feed's first post, the 404 page's heading.
    const pages = [
      { url: '/', drawn: page.getByRole('main').locator('article').first() },
      { url: '/nie-ma-takiej-strony', drawn: page.getByRole('heading', { name: /Nie znaleziono/ }) },
    ];
    for (const { url, drawn } of pages) {
      await page.goto(url);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(drawn).toBeVisible();
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
      for (const violation of result.violations) {
        if (violation.impact === 'serious' || violation.impact === 'critical') {
          const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 5);
          problems.push(`${url} [${theme}] ${violation.id}: ${violation.help} → ${targets.join(', ')}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
}

test.describe('every test fails on an uncaught page error', () => {
  // Each test below throws in a page on purpose and is marked as expected to fail: if the
  // automatic fixture stopped seeing that page, the test would pass and Playwright would report
  // it as an unexpected pass, failing the run.
  const throwInPage = (page: Page) =>
    page.evaluate(() => {
      setTimeout(() => {
        throw new Error('thrown on purpose by the fixture check');
      });
    });

  test('an error in the test’s own page fails it', async ({ page }) => {
    test.fail();
    await page.goto('/');
    await throwInPage(page);
    await page.waitForTimeout(100);
  });

  test('an error in a page of a second context the test makes fails it', async ({ browser }) => {
    test.fail();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${test.info().project.use.baseURL}/`);
    await throwInPage(page);
    await page.waitForTimeout(100);
    await context.close();
  });
});
