/**
 * Writing in a real browser: a titled post with an image, comments and replies with the sort
 * kept in a cookie, drafts, editing, deleting, reporting, what a guest sees, the upload rating
 * gate, and every title and body message (docs/product.md) both on screen and as
 * the server's key.
 */
import type { Page } from '@playwright/test';
import { expect, login, mailsTo, test } from './fixtures.ts';

const FORM_ERRORS = 'Znaleziono błędy, musisz je poprawić';
/** 1×1 PNG */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

const unique = () => Date.now().toString(36) + Math.floor(Math.random() * 1e4).toString(36);

async function api<T = Record<string, unknown>>(
  page: Page,
  name: string,
  data: unknown,
): Promise<{ status: number; body: T }> {
  const baseURL = test.info().project.use.baseURL ?? '';
  const response = await page.request.post(`/api/rpc/${name}`, {
    data,
    headers: { origin: new URL(baseURL).origin },
  });
  return { status: response.status(), body: (await response.json()) as T };
}

async function createPost(page: Page, title: string, body = 'Treść wpisu do testów.'): Promise<number> {
  const { status, body: result } = await api<{ post: number }>(page, 'post_create', {
    kind: 'post',
    title,
    body,
  });
  expect(status).toBe(200);
  return result.post;
}

/** The activation token of the newest mail to `to` in the e2e server's outbox. */
function tokenFromOutbox(to: string): string | undefined {
  for (const mail of mailsTo(to)) {
    const token = /\/verify\?token=([A-Za-z0-9]{30,60})/.exec(mail)?.[1];
    if (token) return token;
  }
  return undefined;
}

/** A brand-new account (rating 0) through the real sign-up calls: captcha, join, e-mail link. */
async function newcomer(page: Page): Promise<string> {
  const username = `nowy_${unique()}`;
  const email = `${username}@example.com`;
  const captcha = await api<{ id: string }>(page, 'captcha_create', {});
  const joined = await api(page, 'user_join', {
    username,
    email,
    password: 'tajne123',
    captcha: { id: captcha.body.id, text: 'GWAR42' },
  });
  expect(joined.status).toBe(200);
  await expect.poll(() => tokenFromOutbox(email)).toBeTruthy();
  expect((await api(page, 'user_verify', { token: tokenFromOutbox(email) })).status).toBe(200);
  await login(page, username, 'tajne123');
  return username;
}

/** The server's answer while PostgreSQL restarts or is frozen (server/src/http/errors.ts). */
const DATABASE_AWAY = {
  status: 503,
  headers: { 'content-type': 'application/json', 'retry-after': '2' },
  body: JSON.stringify({
    code: 'GW503',
    message: 'SERVICE UNAVAILABLE',
    details: 'The database cannot be reached at the moment',
    hint: 'Spróbuj ponownie za chwilę.',
  }),
};

const modal = (page: Page) => page.locator('.gwp-modal');
const comment = (page: Page, text: string) => page.locator('.gwp-comment', { hasText: text });

test('a titled post with an image appears on / and in its modal (R-1.2)', async ({ page, consoleErrors }) => {
  await login(page, 'demo');
  const title = `Wpis z obrazkiem ${unique()}`;
  await page.goto('/add');
  await page.getByLabel('Tytuł', { exact: true }).fill(title);
  await page.getByLabel('Treść', { exact: true }).fill('Zdjęcie z #e2e i link https://example.com');
  await page
    .getByLabel('Dodaj obrazek')
    .setInputFiles({ name: 'kot.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Obrazek 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Opublikuj' }).click();

  await expect(page).toHaveURL(/\/post\/\d+$/);
  await expect(modal(page).getByRole('heading', { name: title })).toBeVisible();
  await expect(modal(page).locator('.gw-post--full img[src^="/files/"]')).toHaveCount(1);
  await expect(modal(page).getByText('Brak komentarzy, napisz pierwszy')).toBeVisible();

  await page.goto('/?sort=newest');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  // Opened from the feed, the modal covers it; closing returns to the same scroll position.
  await page.evaluate(() => window.scrollTo(0, 120));
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(120);
  await page.getByRole('link', { name: title }).click();
  await expect(modal(page).getByRole('heading', { name: title })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/\?sort=newest$/);
  await expect(modal(page)).toHaveCount(0);
  expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(120);
  expect(consoleErrors).toEqual([]);
});

test('comments, replies to replies, and the sort kept in a cookie (R-4.14, R-2.22)', async ({
  page,
  context,
}) => {
  await login(page, 'demo');
  const post = await createPost(page, `Wątek do komentowania ${unique()}`);
  await page.goto(`/post/${post}`);

  await modal(page).getByRole('button', { name: 'Napisz komentarz' }).click();
  await modal(page).getByLabel('Treść komentarza').fill('Pierwszy komentarz');
  await modal(page).getByLabel('Treść komentarza').press('Control+Enter');
  await expect(comment(page, 'Pierwszy komentarz')).toBeVisible();

  await comment(page, 'Pierwszy komentarz').getByRole('button', { name: 'Odpowiedz' }).click();
  await comment(page, 'Pierwszy komentarz').getByLabel('Treść komentarza').fill('Odpowiedź na pierwszy');
  await comment(page, 'Pierwszy komentarz').getByRole('button', { name: 'Wyślij komentarz' }).click();
  await expect(comment(page, 'Odpowiedź na pierwszy')).toHaveAttribute('data-depth', '1');

  await comment(page, 'Odpowiedź na pierwszy').getByRole('button', { name: 'Odpowiedz' }).click();
  await comment(page, 'Odpowiedź na pierwszy').getByLabel('Treść komentarza').fill('Odpowiedź na odpowiedź');
  await comment(page, 'Odpowiedź na pierwszy').getByRole('button', { name: 'Wyślij komentarz' }).click();
  await expect(comment(page, 'Odpowiedź na odpowiedź')).toHaveAttribute('data-depth', '2');

  await modal(page).getByRole('button', { name: 'Napisz komentarz' }).click();
  await modal(page).getByLabel('Treść komentarza').fill('Drugi komentarz');
  await modal(page).getByRole('button', { name: 'Wyślij komentarz' }).click();
  await expect(comment(page, 'Drugi komentarz')).toBeVisible();

  const order = async () => {
    const texts = await page.locator('.gwp-comment[data-depth="0"]').allTextContents();
    return texts.map((text) => (text.includes('Drugi komentarz') ? 'drugi' : 'pierwszy'));
  };
  // Newest first by default.
  await expect.poll(order).toEqual(['drugi', 'pierwszy']);
  await modal(page).getByLabel('Sortuj komentarze').selectOption('oldest');
  await expect.poll(order).toEqual(['pierwszy', 'drugi']);
  const cookie = (await context.cookies()).find((c) => c.name === 'gwar_sort');
  expect(cookie?.value).toBe('oldest');
  // Max-Age is about 10 years; Chromium caps any cookie at 400 days.
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(399 * 86_400);

  await page.reload();
  await expect(modal(page).getByLabel('Sortuj komentarze')).toHaveValue('oldest');
  await expect.poll(order).toEqual(['pierwszy', 'drugi']);
});

test('a comment refused with 503 (database away) keeps its text and the page; sent again, it lands', async ({
  page,
}) => {
  await login(page, 'demo');
  const post = await createPost(page, `Wątek podczas awarii bazy ${unique()}`);
  await page.goto(`/post/${post}`);
  await page.route('**/api/rpc/post_create', (route) => route.fulfill(DATABASE_AWAY));
  await modal(page).getByRole('button', { name: 'Napisz komentarz' }).click();
  await modal(page).getByLabel('Treść komentarza').fill('Komentarz pisany w czasie awarii');
  await modal(page).getByRole('button', { name: 'Wyślij komentarz' }).click();
  await expect(page.getByText('SYSTEM CRASHED: unexpected error, try again')).toBeVisible();
  // Not sent home: the post, its thread and the comment being written are all still there.
  await expect(page).toHaveURL(new RegExp(`/post/${post}$`));
  await expect(modal(page).getByLabel('Treść komentarza')).toHaveValue('Komentarz pisany w czasie awarii');
  await page.unroute('**/api/rpc/post_create');
  await modal(page).getByRole('button', { name: 'Wyślij komentarz' }).click();
  await expect(comment(page, 'Komentarz pisany w czasie awarii')).toBeVisible();
});

test('a feed page refused with 503 keeps the visitor on the page with what it shows, and is not read in a loop', async ({
  page,
}) => {
  // Every next page (a keyset cursor: `post=lt.` or `or=`) is refused as when the database is
  // away. The feed may ask for it on its own as soon as it draws (its end is within the infinite
  // scroll's margin), so refusals wait until the test looks: the toast cannot come and go unseen.
  let refused = 0;
  let startRefusing = () => {};
  const refusing = new Promise<void>((resolve) => {
    startRefusing = resolve;
  });
  await page.route('**/api/feed?**', async (route) => {
    const search = new URL(route.request().url()).searchParams;
    if (!search.get('post')?.startsWith('lt.') && !search.has('or')) return route.continue();
    await refusing;
    refused++;
    return route.fulfill(DATABASE_AWAY);
  });
  await page.goto('/microblog');
  const cards = page.locator('article');
  // The list's end is drawn with its last card (the first cards come a render earlier).
  const end = page.locator('.gw-post-list__end');
  await end.waitFor();
  const shown = await cards.count();
  await end.scrollIntoViewIfNeeded();
  startRefusing();
  await expect(page.getByText('SYSTEM CRASHED: unexpected error, try again')).toBeVisible();
  await expect(page).toHaveURL(/\/microblog$/);
  expect(await cards.count()).toBe(shown);
  // One read and the client's two retries (docs/product.md ), then it waits to be asked.
  const more = page.getByRole('button', { name: 'Pokaż więcej' });
  await expect(more).toBeVisible();
  await page.waitForTimeout(1500);
  expect(refused).toBe(3);
  await page.unroute('**/api/feed?**');
  await more.click();
  await expect.poll(() => cards.count()).toBeGreaterThan(shown);
});

test('a draft is saved, reopened from /drafts and published', async ({ page }) => {
  await login(page, 'demo');
  const title = `Szkic do dokończenia ${unique()}`;
  await page.goto('/add');
  await page.getByLabel('Tytuł', { exact: true }).fill(title);
  await page.getByLabel('Treść', { exact: true }).fill('Jeszcze nie skończone');
  await page.getByRole('button', { name: 'Zapisz szkic' }).click();
  await expect(page).toHaveURL(/\/draft\/\d+$/);
  const id = Number(/\/draft\/(\d+)$/.exec(page.url())![1]);

  await page.goto('/drafts');
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(new RegExp(`/draft/${id}$`));
  await expect(page.getByLabel('Tytuł', { exact: true })).toHaveValue(title);
  await page.getByLabel('Treść', { exact: true }).fill('Teraz gotowe do publikacji');
  await page.getByRole('button', { name: 'Opublikuj' }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${id}$`));
  await expect(modal(page).getByText('Teraz gotowe do publikacji')).toBeVisible();
  await page.goto('/drafts');
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
});

test('the author edits a post (R-6.3)', async ({ page }) => {
  await login(page, 'demo');
  const post = await createPost(page, `Wpis do poprawienia ${unique()}`);
  await page.goto(`/post/${post}`);
  await modal(page).locator('.gw-post--full').getByRole('button', { name: 'Edytuj' }).click();
  await expect(page).toHaveURL(new RegExp(`/edit\\?post=${post}$`));
  const title = `Poprawiony tytuł ${unique()}`;
  await page.getByLabel('Tytuł', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${post}$`));
  await expect(modal(page).getByRole('heading', { name: title })).toBeVisible();
});

test('the author deletes a post and sees it deleted', async ({ page }) => {
  await login(page, 'demo');
  const title = `Wpis do usunięcia ${unique()}`;
  const post = await createPost(page, title);
  await page.goto(`/post/${post}`);
  await modal(page).locator('.gw-post--full').getByRole('button', { name: 'Usuń' }).click();
  const dialog = page.getByRole('dialog', { name: 'Usunąć wpis?' });
  await dialog.getByRole('button', { name: 'Usuń' }).click();
  await expect(page.getByText('Wpis został usunięty', { exact: true })).toBeVisible();
  await expect(modal(page).getByText('Wpis został usunięty przez autora')).toBeVisible();
  await expect(modal(page).getByRole('heading', { name: title })).toHaveCount(0);
});

test('someone else reports a post (R-4.13, R-6.3, R-8.8)', async ({ page }) => {
  await login(page, 'tomek_w');
  const post = await createPost(page, `Wpis do zgłoszenia ${unique()}`);
  await page.context().clearCookies();
  await login(page, 'demo');
  await page.goto(`/post/${post}`);
  const card = modal(page).locator('.gw-post--full');
  await expect(card.getByRole('button', { name: 'Edytuj' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Zgłoś' }).click();
  await page
    .getByRole('dialog', { name: 'Zgłoś wpis' })
    .getByRole('button', { name: 'Łamie regulamin' })
    .click();
  await expect(page.getByText('Wpis został zgłoszony')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Zgłoszono' })).toBeDisabled();
});

test('a guest sees no editor and cannot vote (R-1.1, R-6.1)', async ({ page }) => {
  const rows = (await (
    await page.request.get('/api/feed?kind=eq.post&order=post.desc&limit=1&select=post')
  ).json()) as {
    post: number;
  }[];
  await page.goto(`/post/${rows[0]!.post}`);
  await expect(modal(page).locator('.gw-post--full')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Napisz komentarz' })).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Odpowiedz' })).toHaveCount(0);
  for (const button of await page.getByRole('button', { name: /Głosuj w (górę|dół)/ }).all()) {
    await expect(button).toBeDisabled();
  }
});

test('a post opened by a direct link is drawn over the home feed and closes to it (R-2.19)', async ({
  page,
}) => {
  const rows = (await (
    await page.request.get('/api/feed?kind=eq.post&order=post.desc&limit=1&select=post,title')
  ).json()) as { post: number; title: string }[];
  await page.goto(`/post/${rows[0]!.post}`);
  await expect(modal(page).locator('.gw-post--full')).toBeVisible();
  // The home feed is already there underneath, out of reach until the post closes.
  const feedCard = page.locator('.gw-page-layer article').first();
  await expect(feedCard).toBeAttached();
  await expect(page.locator('.gw-page-layer')).toHaveAttribute('inert', '');
  // Not painted under the post either (its largest paint is the post's own, not a covered card).
  await expect(feedCard).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(modal(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.gw-page-layer')).not.toHaveAttribute('inert', '');
  await expect(feedCard).toBeVisible();
  await expect(page.getByRole('link', { name: rows[0]!.title }).first()).toBeVisible();
});

test('a user with rating under 25 is refused an upload (R-5.4, R-6.10, R-9.3)', async ({ page }) => {
  await newcomer(page);
  await page.goto('/add');
  await page
    .getByLabel('Dodaj obrazek')
    .setInputFiles({ name: 'kot.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Masz za niski rating')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Obrazek 1' })).toHaveCount(0);
  const refused = await api(page, 'file_create', { data: PNG.toString('base64') });
  expect(refused).toMatchObject({ status: 403, body: { message: 'USER RATING TOO LOW' } });
});

test('R-5.1, R-5.2: every title and body message, on screen and from the API', async ({ page }) => {
  await login(page, 'demo');
  await page.goto('/add');
  const publish = page.getByRole('button', { name: 'Opublikuj' });

  await publish.click();
  await expect(page.getByText('Tytuł jest wymagany')).toBeVisible();
  await expect(page.getByText('Treść jest wymagana (napisz coś albo wgraj obrazek)')).toBeVisible();
  await expect(page.getByText(FORM_ERRORS)).toBeVisible();

  await page.getByLabel('Tytuł', { exact: true }).fill('  krótki  ');
  await page.getByLabel('Treść', { exact: true }).fill('x'.repeat(50_001));
  await publish.click();
  await expect(page.getByText('Tytuł musi mieć co najmniej 10 znaków')).toBeVisible();
  await expect(
    page.getByText('Treść za długa (max 50 tys. znaków). Podziel wpis na kilka części'),
  ).toBeVisible();

  await page.getByLabel('Tytuł', { exact: true }).fill('x'.repeat(301));
  await page.getByLabel('Tytuł', { exact: true }).press('Control+Enter');
  await expect(page.getByText('Tytuł nie może przekroczyć 300 znaków')).toBeVisible();

  const cases: [Record<string, unknown>, string][] = [
    [{ kind: 'post', title: '', body: 'x' }, 'TITLE REQUIRED'],
    [{ kind: 'post', title: 'krótki', body: 'x' }, 'TITLE TOO SHORT'],
    [{ kind: 'post', title: 'x'.repeat(301), body: 'x' }, 'TITLE TOO LONG'],
    [{ body: '  ' }, 'POST CONTENT REQUIRED'],
    [{ body: 'x'.repeat(50_001) }, 'POST CONTENT TOO LONG'],
  ];
  for (const [input, key] of cases) {
    const { status, body } = await api<{ message: string }>(page, 'post_create', input);
    expect(status).toBe(400);
    expect(body.message).toBe(key);
  }
});

test('a moderator also sees Moderate on other people’s posts (R-6.4)', async ({ page }) => {
  await login(page, 'tomek_w');
  const post = await createPost(page, `Wpis do moderacji ${unique()}`);
  await page.context().clearCookies();
  await login(page, 'moderator');
  await page.goto(`/post/${post}`);
  const card = modal(page).locator('.gw-post--full');
  await expect(card.getByRole('button', { name: 'Zgłoś' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Moderuj' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Usuń' })).toHaveCount(0);
});
