import { expect, origin, signedInPage, test } from './fixtures.ts';

test('a reply shows in the author’s notifications and can be marked as read', async ({ browser }) => {
  const author = await signedInPage(browser, 'demo');
  const replier = await signedInPage(browser, 'moderator');
  const title = `Powiadomienia działają ${Date.now().toString(36)}`;
  const created = await author.request.post('/api/rpc/post_create', {
    data: { kind: 'post', title, body: 'Wpis, na który ktoś odpowie.', files: [] },
    headers: origin(),
  });
  expect(created.ok()).toBe(true);
  const { post } = (await created.json()) as { post: number };
  const reply = await replier.request.post('/api/rpc/post_create', {
    data: { body: 'Odpowiadam na Twój wpis', reply: post, files: [] },
    headers: origin(),
  });
  expect(reply.ok()).toBe(true);

  await author.goto('/notifs');
  await expect(author.getByRole('heading', { name: 'Powiadomienia', level: 1 })).toBeVisible();
  const item = author.getByRole('link', { name: new RegExp(`@moderator odpowiada na Twój wpis „${title}”`) });
  await expect(item).toBeVisible();
  await expect(item).toContainText('(nieprzeczytane)');
  await expect(author.getByText(/nieprzeczytan(e|ych) powiadomie/)).toBeVisible();

  await author.getByRole('button', { name: 'Oznacz wszystkie jako przeczytane' }).click();
  await expect(author.getByText('Wszystko przeczytane')).toBeVisible();
  await expect(item).not.toContainText('(nieprzeczytane)');

  await item.click();
  // the thread of the post, scrolled to the reply
  await expect(author).toHaveURL(new RegExp(`/post/${post}#post-\\d+$`));
  await author.context().close();
  await replier.context().close();
});

test('a message sent by one user shows for the other, and the answer comes back', async ({ browser }) => {
  const demo = await signedInPage(browser, 'demo');
  const admin = await signedInPage(browser, 'admin');
  const text = `Cześć, tu demo ${Date.now().toString(36)}`;

  await demo.goto('/chat/admin');
  await expect(demo.getByRole('heading', { name: '@admin' })).toBeVisible();
  const composer = demo.getByRole('textbox', { name: 'Wiadomość do @admin' });
  await composer.fill(text);
  await composer.press('Control+Enter');
  await expect(demo.getByRole('log').getByText(text)).toBeVisible();
  await expect(composer).toHaveValue('');

  await admin.goto('/chats');
  const row = admin.getByRole('link', { name: /@demo/ });
  await expect(row).toContainText(text);
  await expect(row.getByText(/nowa wiadomość|nowe wiadomości|nowych wiadomości/)).toBeAttached();
  await row.click();
  await expect(admin).toHaveURL(/\/chat\/demo$/);
  await expect(admin.getByRole('log').getByText(text)).toBeVisible();

  const answer = `Odpowiedź admina ${Date.now().toString(36)}`;
  await admin.getByRole('textbox', { name: 'Wiadomość do @demo' }).fill(answer);
  await admin.getByRole('button', { name: 'Wyślij' }).click();
  // the other side polls every few seconds
  await expect(demo.getByRole('log').getByText(answer)).toBeVisible({ timeout: 15_000 });

  // an empty message is refused with the form's own text
  await composer.fill('   ');
  await composer.press('Control+Enter');
  await expect(demo.getByText('Wiadomość jest pusta')).toBeVisible();
  await demo.context().close();
  await admin.context().close();
});

test('a guest is asked to sign in for chats and notifications', async ({ page }) => {
  await page.goto('/chats');
  await expect(page.getByText('Zaloguj się, aby pisać prywatne wiadomości.')).toBeVisible();
  await page.goto('/notifs');
  await expect(page.getByText(/Zaloguj się, aby zobaczyć odpowiedzi/)).toBeVisible();
  expect((await page.request.get('/api/chats')).status()).toBe(401);
});

test('a conversation starts from the other user’s profile', async ({ browser }) => {
  const demo = await signedInPage(browser, 'demo');
  await demo.goto('/user/admin');
  await demo.getByRole('link', { name: 'Napisz wiadomość' }).click();
  await expect(demo).toHaveURL(/\/chat\/admin$/);
  await expect(demo.getByRole('textbox', { name: 'Wiadomość do @admin' })).toBeVisible();
  // not on one's own profile
  await demo.goto('/user/demo');
  await expect(demo.getByRole('link', { name: 'Edytuj ustawienia' })).toBeVisible();
  await expect(demo.getByRole('link', { name: 'Napisz wiadomość' })).toHaveCount(0);
  await demo.context().close();
});

test('a new message shows on the open chat list and in the badge without waiting for a poll', async ({
  browser,
}) => {
  const receiver = await signedInPage(browser, 'demo');
  const sender = await signedInPage(browser, 'moderator');
  const live = receiver.waitForResponse((response) => response.url().endsWith('/api/live'));
  await receiver.goto('/chats');
  expect((await live).status()).toBe(200);
  const text = `Na żywo ${Date.now().toString(36)}`;
  const sent = await sender.request.post('/api/rpc/chat_send', {
    data: { username: 'demo', body: text },
    headers: origin(),
  });
  expect(sent.ok()).toBe(true);
  // The list polls every 15 s (60 s with live events) and the badge every 60 s: within 10 s
  // (room for a loaded machine) it can only be the event.
  await expect(receiver.getByRole('link', { name: /@moderator/ })).toContainText(text, { timeout: 10_000 });
  await expect(receiver.getByRole('link', { name: /^Rozmowy \(\d+ nieprzeczytan/ }).first()).toBeVisible({
    timeout: 10_000,
  });
  await receiver.context().close();
  await sender.context().close();
});
